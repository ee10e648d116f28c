package org.flexcode.aggregation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * {@code steal}'s choice, before each iteration, between home work as chunk tasks and as one task
 * per block ({@link StealHome}). Fixed unless {@code home=auto}; then measured: the first iteration
 * runs chunk tasks, the second block tasks, and from then on each iteration runs the home whose
 * last {@link #WINDOW} iterations (submission to decision) took less on average, the other one
 * probed every {@link #PROBE_EVERY} iterations so a change of conditions is seen. Which is faster
 * depends on what a task's launch costs against a chunk's compute and on whether idle cores are
 * free to take moved work: a block's launch once when nobody straggles, or a straggler's pending
 * chunks moved early.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread calls it.
 */
final class HomeGrouping {

  /** Iterations of each home averaged. */
  static final int WINDOW = 5;

  /** Every this many iterations the home not chosen runs once. */
  static final int PROBE_EVERY = 10;

  private final StealHome home;
  private final Deque<Long> chunkMs = new ArrayDeque<>();
  private final Deque<Long> blockMs = new ArrayDeque<>();

  HomeGrouping(StealHome home) {
    this.home = home;
  }

  /**
   * The home iteration {@code iteration} runs: {@link StealHome#CHUNKS} or {@link StealHome#BLOCK}.
   */
  StealHome choose(int iteration) {
    if (home != StealHome.AUTO) {
      return home;
    }
    if (chunkMs.isEmpty()) {
      return StealHome.CHUNKS;
    }
    if (blockMs.isEmpty()) {
      return StealHome.BLOCK;
    }
    StealHome faster = mean(blockMs) < mean(chunkMs) ? StealHome.BLOCK : StealHome.CHUNKS;
    if (iteration % PROBE_EVERY == 0) {
      return faster == StealHome.BLOCK ? StealHome.CHUNKS : StealHome.BLOCK;
    }
    return faster;
  }

  /** An iteration that ran {@code ran} took {@code ms} from submission to decision. */
  void observe(StealHome ran, long ms) {
    Deque<Long> times = ran == StealHome.BLOCK ? blockMs : chunkMs;
    times.addLast(Math.max(0, ms));
    if (times.size() > WINDOW) {
      times.removeFirst();
    }
  }

  /** The measured means, for the log ("chunks 812 ms, block 701 ms"). */
  String describe() {
    return String.format(
        Locale.ROOT,
        "mean ms over the last %d of each: chunks %s, block %s",
        WINDOW,
        chunkMs.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", mean(chunkMs)),
        blockMs.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f", mean(blockMs)));
  }

  private static double mean(Deque<Long> times) {
    return times.stream().mapToLong(Long::longValue).average().orElse(Double.NaN);
  }
}
