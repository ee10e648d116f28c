package org.flexcode.aggregation.engine;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.spark.internal.UninterruptedRelease;

/**
 * The model broadcasts of an engine, each with its iteration, until no job of that iteration can
 * still read it. Spark serializes a job's stage, and with it the broadcast, on its scheduler thread
 * some time after the job was submitted; a broadcast destroyed in between fails that serialization
 * (Spark logs the error with its stack trace and aborts the job). So a broadcast is destroyed only
 * once it is not among the newest ones tasks may read (the current iteration's, the one before it,
 * and for a strategy applying stale results as many more as its staleness) and every job of its
 * iteration has ended; on close, after the engine's jobs ended (or a bounded wait for them ran
 * out).
 */
final class ModelBroadcasts {

  private static final long CLOSE_WAIT_MS = 10_000;

  /** How many of the newest broadcasts' ids {@link #liveAmongTracked} looks at. */
  static final int TRACKED = 1000;

  private final int kept;
  private final IntPredicate jobsRunning;
  private final Deque<IterationBroadcast> live = new ArrayDeque<>();
  private final Deque<Long> trackedIds = new ArrayDeque<>();

  /**
   * {@code staleness}: how many iterations late a result may still be applied; {@code jobsRunning}:
   * whether a job of an iteration has not ended yet.
   */
  ModelBroadcasts(int staleness, IntPredicate jobsRunning) {
    this.kept = staleness + 2;
    this.jobsRunning = jobsRunning;
  }

  /** Keeps {@code broadcast} of {@code iteration}, destroying those no job can read any more. */
  void add(int iteration, BroadcastModel<?> broadcast) {
    live.addLast(new IterationBroadcast(iteration, broadcast));
    trackedIds.addLast(broadcast.id());
    if (trackedIds.size() > TRACKED) {
      trackedIds.removeFirst();
    }
    int beyondKept = live.size() - kept;
    Iterator<IterationBroadcast> oldestFirst = live.iterator();
    for (int i = 0; i < beyondKept; i++) {
      IterationBroadcast old = oldestFirst.next();
      if (!jobsRunning.test(old.iteration())) {
        old.broadcast().destroy();
        oldestFirst.remove();
      }
    }
  }

  /** How many of the newest {@value #TRACKED} broadcasts the driver still holds. */
  int liveAmongTracked() {
    return (int) trackedIds.stream().filter(SparkInternals::isBroadcastLive).count();
  }

  /**
   * Waits (boundedly) until no job of a kept broadcast's iteration runs, then destroys them all.
   */
  void close() {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MS);
    while (live.stream().anyMatch(b -> jobsRunning.test(b.iteration()))
        && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)); // Spark ends cancelled jobs soon
    }
    // Each on its own: one destroyed elsewhere (Spark refuses a second destroy) leaves the rest to
    // go.
    UninterruptedRelease.runAll(
        "the model broadcasts",
        live.stream()
            .map(b -> (Runnable) () -> destroyIfLive(b.broadcast()))
            .toArray(Runnable[]::new));
    live.clear();
  }

  /** A model broadcast and the iteration whose jobs read it. */
  private record IterationBroadcast(int iteration, BroadcastModel<?> broadcast) {}

  private static void destroyIfLive(BroadcastModel<?> broadcast) {
    if (SparkInternals.isBroadcastLive(broadcast.id())) {
      broadcast.destroy();
    }
  }
}
