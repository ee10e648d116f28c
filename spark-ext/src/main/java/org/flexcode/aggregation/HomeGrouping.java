package org.flexcode.aggregation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code steal}'s choice, before each iteration, between home work as chunk tasks and as one task
 * per block ({@link StealHome}). Fixed unless {@code home=auto}; then measured: the first iteration
 * (which reads the cache cold, and knows nothing yet) runs chunk tasks and is not counted; the next
 * {@link #EXPLORE} x 2 alternate block and chunk tasks; from then on each iteration runs the home
 * whose last {@link #WINDOW} iterations (submission to decision) had the lower median, the other
 * one probed every {@link #PROBE_EVERY} iterations so a change of conditions is seen. Which is
 * faster depends on what a task's launch costs against a chunk's compute and on whether cores are
 * free to take moved work: a block's launch once when nobody straggles, or a straggler's pending
 * chunks moved early. (Running block tasks only after iterations that moved no chunk was tried:
 * under contention noise makes late copies win, and it kept chunk tasks where block tasks were
 * faster.)
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread calls it.
 */
final class HomeGrouping {

  /** Iterations of each home measured before the faster one is kept. */
  static final int EXPLORE = 3;

  /** Iterations of each home whose median counts. */
  static final int WINDOW = 5;

  /** Every this many iterations the home not chosen runs once. */
  static final int PROBE_EVERY = 20;

  private static final Logger LOG = LoggerFactory.getLogger(HomeGrouping.class);

  private final StealHome home;
  private final Deque<Long> chunkMs = new ArrayDeque<>();
  private final Deque<Long> blockMs = new ArrayDeque<>();
  private StealHome running;
  private int runningIteration = -1;
  private long startMs;

  HomeGrouping(StealHome home) {
    this.home = home;
  }

  /** Chooses iteration {@code it}'s home and starts timing it; logs a change. */
  StealHome begin(int it) {
    StealHome previous = running;
    running = choose(it);
    runningIteration = it;
    startMs = System.currentTimeMillis();
    if (running != previous) {
      LOG.info(
          "FlexCode iteration {}: steal runs its home work as {} ({})",
          it,
          running == StealHome.BLOCK ? "one task per block" : "one task per chunk",
          describe());
    }
    return running;
  }

  /** Iteration {@code it} decided at {@code endMs}: counts its time if {@link #begin} chose. */
  void end(int it, long endMs) {
    if (it == runningIteration) {
      observe(it, running, endMs - startMs);
      runningIteration = -1;
    }
  }

  /**
   * The home iteration {@code iteration} runs: {@link StealHome#CHUNKS} or {@link StealHome#BLOCK}.
   */
  StealHome choose(int iteration) {
    if (home != StealHome.AUTO) {
      return home;
    }
    if (iteration == 0) {
      return StealHome.CHUNKS;
    }
    if (iteration <= 2 * EXPLORE || chunkMs.isEmpty() || blockMs.isEmpty()) {
      return iteration % 2 == 1 ? StealHome.BLOCK : StealHome.CHUNKS;
    }
    StealHome faster = median(blockMs) < median(chunkMs) ? StealHome.BLOCK : StealHome.CHUNKS;
    if (iteration % PROBE_EVERY == 0) {
      return faster == StealHome.BLOCK ? StealHome.CHUNKS : StealHome.BLOCK;
    }
    return faster;
  }

  /** Iteration {@code iteration}, which ran {@code ran}, took {@code ms} to decide. */
  void observe(int iteration, StealHome ran, long ms) {
    if (iteration == 0) {
      return; // the cold first read of the cache
    }
    Deque<Long> times = ran == StealHome.BLOCK ? blockMs : chunkMs;
    times.addLast(Math.max(0, ms));
    if (times.size() > WINDOW) {
      times.removeFirst();
    }
  }

  /** The measured medians, for the log ("chunks 812 ms, block 701 ms"). */
  String describe() {
    return String.format(
        Locale.ROOT,
        "median ms over the last %d of each: chunks %s, block %s",
        WINDOW,
        chunkMs.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", median(chunkMs)),
        blockMs.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", median(blockMs)));
  }

  private static double median(Deque<Long> times) {
    long[] sorted = times.stream().mapToLong(Long::longValue).sorted().toArray();
    int n = sorted.length;
    return n == 0
        ? Double.NaN
        : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  }
}
