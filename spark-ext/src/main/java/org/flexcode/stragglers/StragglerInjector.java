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
 * Applies a {@link StragglerPattern} and the {@link ComputeEmulation} inside tasks. Two entry
 * points draw alike: {@link #wrap} wraps an input RDD (what MLlib's untouched {@code
 * GradientDescent} reads), acting on each partition after it has been consumed, keyed on how many
 * times that partition was computed in this executor (0 for the first pass, usually MLlib's {@code
 * count()}, then 1 for iteration 1); FlexCode's engine calls {@link #afterCompute} with its 1-based
 * iteration.
 *
 * <p>Real compute: a task that computed for c ms is held back (factor - 1) x c ms. Emulated
 * compute: it sleeps blockMs x (its blocks' worth of records) x its {@link
 * StragglerPattern#emulatedFactor}, on top of its real computation. Every delay is an interruptible
 * sleep, so a cancelled straggler is freed at once. {@code disrupted-machine}'s hog threads run
 * only in real compute, from the first task of this injector in an executor JVM until {@link
 * #close} in that JVM, a task of another injector there, or {@link Disruptor#IDLE_MS} without
 * tasks.
 */
public final class StragglerInjector implements Serializable, AutoCloseable {

  private static final long serialVersionUID = 2L;
  private static final Map<String, AtomicInteger> COMPUTE_COUNTS = new ConcurrentHashMap<>();

  private final StragglerPattern pattern;
  private final long seed;
  private final ComputeEmulation compute;
  private final Sleeper sleeper;
  private final String id;

  /**
   * Injects {@code pattern} seeded by {@code seed}, in the compute mode of the active session's
   * {@code spark.flexcode.compute} (real without a session); call on the driver.
   */
  public StragglerInjector(StragglerPattern pattern, long seed) {
    this(pattern, seed, ComputeEmulation.active());
  }

  /** Injects {@code pattern} seeded by {@code seed} in the compute mode {@code compute}. */
  public StragglerInjector(StragglerPattern pattern, long seed, ComputeEmulation compute) {
    this(pattern, seed, compute, Sleeper.THREAD, UUID.randomUUID().toString());
  }

  private StragglerInjector(
      StragglerPattern pattern, long seed, ComputeEmulation compute, Sleeper sleeper, String id) {
    if (pattern == null || compute == null) {
      throw new IllegalArgumentException("pattern and compute mode must not be null");
    }
    this.pattern = pattern;
    this.seed = seed;
    this.compute = compute;
    this.sleeper = sleeper;
    this.id = id;
  }

  /** No straggling, real compute. */
  public static StragglerInjector none() {
    return new StragglerInjector(StragglerPattern.ideal(), 0, ComputeEmulation.real());
  }

  public StragglerPattern pattern() {
    return pattern;
  }

  public long seed() {
    return seed;
  }

  /** The compute mode. */
  public ComputeEmulation compute() {
    return compute;
  }

  /** This injector in compute mode {@code mode}. */
  public StragglerInjector withCompute(ComputeEmulation mode) {
    return new StragglerInjector(pattern, seed, mode, sleeper, id);
  }

  /** This injector spending its delays with {@code other} (tests record instead of sleeping). */
  StragglerInjector withSleeper(Sleeper other) {
    return new StragglerInjector(pattern, seed, compute, other, id);
  }

  /** As {@link #afterCompute(int, int, int, long, double)} for one block's worth of records. */
  public long afterCompute(int partition, int iteration, int attempt, long computeMs) {
    return afterCompute(partition, iteration, attempt, computeMs, 1.0);
  }

  /**
   * Holds back attempt {@code attempt} of {@code partition} in {@code iteration} that computed
   * {@code blocks} blocks' worth of records in {@code computeMs}; returns the ms it slept (the
   * straggler delay in real compute, the whole emulated compute in emulated compute).
   */
  public long afterCompute(
      int partition, int iteration, int attempt, long computeMs, double blocks) {
    long ms =
        plannedMs(TaskSlot.of(executorId(), partition, iteration, attempt), computeMs, blocks);
    if (ms > 0) {
      try {
        sleeper.sleep(ms);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return ms;
  }

  /** The ms a task at {@code slot} computing {@code blocks} blocks in {@code computeMs} sleeps. */
  long plannedMs(TaskSlot slot, long computeMs, double blocks) {
    if (compute.isEmulated()) {
      return compute.sleepMs(blocks, pattern.emulatedFactor(seed, slot));
    }
    return Math.max(0, Math.round((pattern.factor(seed, slot) - 1) * computeMs));
  }

  /**
   * Call at task start: stops another injector's hog threads in this JVM, and starts this one's
   * where the pattern has them (real compute only).
   */
  public void beforeCompute() {
    Disruptors.retireAllBut(id);
    if (!compute.isEmulated() && pattern instanceof DisruptedMachine machine && machine.spins()) {
      String executor = executorId();
      Disruptors.ensure(id, () -> Disruptor.start(machine, seed, executor, cores()));
    }
  }

  /** Stops this injector's hog threads in this JVM (the driver's, in local mode), joining them. */
  @Override
  public void close() {
    Disruptors.stop(id);
  }

  /**
   * {@code input} with the pattern and compute mode applied to every partition after it is
   * consumed. In emulated compute a block's records are the compute mode's {@code block-records} or
   * else {@code input}'s mean partition (counted here, on the driver).
   */
  public <T> JavaRDD<T> wrap(JavaRDD<T> input) {
    long reference = 0;
    if (compute.isEmulated() && compute.blockRecords() == 0) {
      reference = (input.count() + input.getNumPartitions() - 1) / input.getNumPartitions();
    }
    return wrap(input, reference);
  }

  /**
   * As {@link #wrap(JavaRDD)} with {@code blockRecords} records as one block in emulated compute
   * (for instance the blocks of the unpartitioned input when MLlib reads it over-partitioned).
   */
  public <T> JavaRDD<T> wrap(JavaRDD<T> input, long blockRecords) {
    if (compute.isEmulated() && compute.blockRecords() == 0 && blockRecords <= 0) {
      throw new IllegalArgumentException(
          "emulated compute needs a block's records > 0, got " + blockRecords);
    }
    StragglerInjector injector =
        compute.isEmulated() ? withCompute(compute.withReference(blockRecords)) : this;
    return input.mapPartitionsWithIndex(
        (partition, records) -> injector.holdingBack(partition, records), true);
  }

  /** {@code records} of {@code partition}, acted on once consumed (package-private for tests). */
  <T> Iterator<T> holdingBack(int partition, Iterator<T> records) {
    TaskContext context = TaskContext.get();
    int attempt = context == null ? 0 : context.attemptNumber();
    AtomicInteger counter =
        COMPUTE_COUNTS.computeIfAbsent(id + "/" + partition, k -> new AtomicInteger());
    int count = attempt == 0 ? counter.getAndIncrement() : Math.max(0, counter.get() - 1);
    beforeCompute();
    long start = System.nanoTime();
    return new Iterator<>() {
      private boolean done;
      private long seen;

      @Override
      public boolean hasNext() {
        boolean more = records.hasNext();
        if (!more && !done) {
          done = true;
          long ms = (System.nanoTime() - start) / 1_000_000;
          afterCompute(partition, count, attempt, ms, blocksOf(seen));
        }
        return more;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        seen++;
        return records.next();
      }
    };
  }

  /** The blocks' worth of {@code records} records in emulated compute (1 in real compute). */
  double blocksOf(long records) {
    return compute.isEmulated() ? records / (double) Math.max(1, compute.blockRecords()) : 1.0;
  }

  private static String executorId() {
    SparkEnv env = SparkEnv.get();
    return env == null ? TaskSlot.DRIVER : env.executorId();
  }

  private static int cores() {
    SparkEnv env = SparkEnv.get();
    int available = Runtime.getRuntime().availableProcessors();
    return env == null ? available : env.conf().getInt("spark.executor.cores", available);
  }
}
