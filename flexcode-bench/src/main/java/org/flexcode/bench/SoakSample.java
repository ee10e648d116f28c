package org.flexcode.bench;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.spark.internal.SparkInternals;

/**
 * What the application holds right after one fit of a soak ended: the driver's live heap after
 * {@code System.gc()}, the persisted RDDs, the listeners on the listener bus, the live threads
 * (all, and those outside Spark's capped pools), the accumulators the driver has registered, and of
 * the accumulators and model broadcasts the fit's iterations used (their ids are in its records),
 * how many are still held after up to {@link #SETTLE_MS} ms of collections.
 */
public record SoakSample(
    int fit,
    String strategy,
    String outcome,
    long fitMs,
    long liveHeapBytes,
    int persistedRdds,
    int listeners,
    int threads,
    int unpooledThreads,
    int registeredAccumulators,
    int fitAccumulatorsHeld,
    int fitBroadcastsHeld) {

  /**
   * Spark's thread pools that grow to a fixed cap and shrink after 60 s idle: the block manager's
   * two (100 threads each; every unpersist and broadcast removal takes a thread until the cap is
   * reached), in local mode the executor's task threads, and Spark SQL's cached pools for shuffle
   * exchanges and adaptive query stages (Spark 4.1 runs the stages of every query of a fit's data
   * frame in them: 30 fits left about 60 idle threads in each before they expired).
   */
  private static final List<String> CAPPED_POOLS =
      List.of(
          "block-manager-ask-thread-pool",
          "block-manager-storage-async-thread-pool",
          "Executor task launch worker",
          "shuffle-exchange",
          "ResultQueryStageExecution",
          "QueryStageCreator");

  /**
   * How long a sample waits for the fit's accumulators and broadcasts to be released: Spark may
   * still hold a cancelled job (and through its tasks the accumulator) for a moment after the fit
   * returned.
   */
  private static final long SETTLE_MS = 1_000;

  /** How long the cleaner gets after a collection to remove what was collected. */
  private static final long CLEANER_WAIT_MS = 100;

  /** The measures by name, in column order, for the summary and the JSON. */
  static final List<String> MEASURES =
      List.of(
          "live_heap_mb",
          "persisted_rdds",
          "listeners",
          "threads",
          "unpooled_threads",
          "registered_accumulators",
          "fit_accumulators_held",
          "fit_broadcasts_held");

  /**
   * Samples {@code sc} after fit {@code fit} of {@code strategy} ended with {@code outcome} in
   * {@code fitMs}; {@code records} are the fit's iteration records.
   */
  public static SoakSample take(
      SparkContext sc,
      int fit,
      String strategy,
      String outcome,
      long fitMs,
      List<IterationRecord> records)
      throws InterruptedException {
    Set<Long> accumulators = new LinkedHashSet<>();
    Set<Long> broadcasts = new LinkedHashSet<>();
    for (IterationRecord record : records) {
      accumulators.add(record.accumulatorId());
      broadcasts.add(record.broadcastId());
    }
    long settleStart = System.currentTimeMillis();
    int accumulatorsHeld;
    int broadcastsHeld;
    do {
      System.gc();
      System.gc();
      Thread.sleep(CLEANER_WAIT_MS);
      accumulatorsHeld =
          (int) accumulators.stream().filter(SparkInternals::isAccumulatorRegistered).count();
      broadcastsHeld = (int) broadcasts.stream().filter(SparkInternals::isBroadcastLive).count();
    } while (accumulatorsHeld + broadcastsHeld > 0
        && System.currentTimeMillis() - settleStart < SETTLE_MS);
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    return new SoakSample(
        fit,
        strategy,
        outcome,
        fitMs,
        heap,
        JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().size(),
        SparkInternals.listeners(sc).size(),
        ManagementFactory.getThreadMXBean().getThreadCount(),
        countUnpooledThreads(),
        SparkInternals.registeredAccumulators(),
        accumulatorsHeld,
        broadcastsHeld);
  }

  /** Live threads outside {@link #CAPPED_POOLS}. */
  static int countUnpooledThreads() {
    return (int)
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> CAPPED_POOLS.stream().noneMatch(t.getName()::startsWith))
            .count();
  }

  /** The value of measure {@code name} (one of {@link #MEASURES}). */
  double measure(String name) {
    return switch (name) {
      case "live_heap_mb" -> liveHeapBytes / 1e6;
      case "persisted_rdds" -> persistedRdds;
      case "listeners" -> listeners;
      case "threads" -> threads;
      case "unpooled_threads" -> unpooledThreads;
      case "registered_accumulators" -> registeredAccumulators;
      case "fit_accumulators_held" -> fitAccumulatorsHeld;
      case "fit_broadcasts_held" -> fitBroadcastsHeld;
      default -> throw new IllegalArgumentException("no soak measure named " + name);
    };
  }
}
