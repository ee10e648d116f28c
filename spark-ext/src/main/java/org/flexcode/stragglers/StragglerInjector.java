package org.flexcode.stragglers;

import java.io.Serializable;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;

/**
 * Applies a {@link StragglerPattern} inside tasks. Two entry points draw alike: {@link #wrap} wraps
 * an input RDD (what MLlib's untouched {@code GradientDescent} reads), holding each partition back
 * after it has been consumed, keyed on how many times that partition was computed in this executor
 * (0 for the first pass, usually MLlib's {@code count()}, then 1 for iteration 1); FlexCode's
 * engine calls {@link #afterCompute} with its 1-based iteration. The hold-back is an interruptible
 * sleep, so a cancelled straggler is freed at once.
 */
public final class StragglerInjector implements Serializable {

  private static final long serialVersionUID = 1L;
  private static final Map<String, AtomicInteger> COMPUTE_COUNTS = new ConcurrentHashMap<>();

  private final StragglerPattern pattern;
  private final long seed;
  private final String id = UUID.randomUUID().toString();

  public StragglerInjector(StragglerPattern pattern, long seed) {
    this.pattern = pattern;
    this.seed = seed;
  }

  /** No straggling. */
  public static StragglerInjector none() {
    return new StragglerInjector(StragglerPattern.ideal(), 0);
  }

  public StragglerPattern pattern() {
    return pattern;
  }

  public long seed() {
    return seed;
  }

  /**
   * Holds back task attempt {@code attempt} of {@code partition} that computed for computeMs;
   * returns the delay drawn (ms).
   */
  public long afterCompute(int partition, int computeCount, int attempt, long computeMs) {
    String executor = executorId();
    pattern.startOnExecutor(seed, executor);
    long delay = pattern.delayMs(seed, partition, executor, computeCount, attempt, computeMs);
    if (delay > 0) {
      try {
        Thread.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return delay;
  }

  /** Starts executor-level disruption where the pattern has one (call at task start). */
  public void beforeCompute() {
    pattern.startOnExecutor(seed, executorId());
  }

  /** {@code input} with every partition held back per the pattern after it is consumed. */
  public <T> JavaRDD<T> wrap(JavaRDD<T> input) {
    StragglerInjector injector = this;
    return input.mapPartitionsWithIndex(
        (partition, records) -> injector.holdingBack(partition, records), true);
  }

  private <T> Iterator<T> holdingBack(int partition, Iterator<T> records) {
    TaskContext context = TaskContext.get();
    int attempt = context == null ? 0 : context.attemptNumber();
    AtomicInteger counter =
        COMPUTE_COUNTS.computeIfAbsent(id + "/" + partition, k -> new AtomicInteger());
    int count = attempt == 0 ? counter.getAndIncrement() : Math.max(0, counter.get() - 1);
    beforeCompute();
    long start = System.nanoTime();
    return new Iterator<>() {
      private boolean done;

      @Override
      public boolean hasNext() {
        boolean more = records.hasNext();
        if (!more && !done) {
          done = true;
          afterCompute(partition, count, attempt, (System.nanoTime() - start) / 1_000_000);
        }
        return more;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return records.next();
      }
    };
  }

  private static String executorId() {
    SparkEnv env = SparkEnv.get();
    return env == null ? "driver" : env.executorId();
  }
}
