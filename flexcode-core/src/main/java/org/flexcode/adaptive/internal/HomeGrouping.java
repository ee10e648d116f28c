package org.flexcode.adaptive.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code steal}'s choice, before each iteration, between home work as chunk tasks and as one task
 * per block ({@link StealHome}). Fixed unless {@code home=auto}; then by what the last iterations
 * showed:
 *
 * <ul>
 *   <li>chunk tasks while {@code steal} avoids a slow executor: a block task would pin the slow
 *       executor's home blocks to it;
 *   <li>block tasks while most executors have no CPU to spare (the median executor's host is busy
 *       with the others: {@link CopyThresholds#spareCpu}): chunk tasks pay their launches so that
 *       free cores can take a straggler's pending chunks, and there are none;
 *   <li>block tasks while the pace is calm: none of the last {@link #CALM} iterations had a
 *       straggler (the engine's sign: an executor {@link SlowExecutors#FACTOR} x slower than the
 *       median, a copy that beat a home copy still running, or an executor avoided). There is no
 *       work to move, and chunk tasks would only pay their launches: in the emulated 8 x 2 bench,
 *       chunk iterations without a straggler took 800-830 ms, block iterations 680
 *       (docs/archive/BENCHMARKS-journal.md, 2026-11-27, "steal's home work", run E3). Nothing seen
 *       yet is not calm: the first iterations run chunk tasks until {@link #CALM} in a row (the
 *       cold first not judged) had no straggler, because a straggler in the first iteration, run as
 *       block tasks, cost 1,500-1,700 ms against 1,175 as chunk tasks (same journal, 2026-11-27,
 *       "steal's two homes fixed");
 *   <li>otherwise (a straggler seen) chunk tasks, so that its pending chunks move to idle holders
 *       at once, unless their median over their last {@link #WINDOW} such iterations (submission to
 *       decision) is over {@link #APART} x block tasks' (chunks so small that their launches cost
 *       more than moving work saves), the other home probed every {@link #PROBE_EVERY} iterations.
 * </ul>
 *
 * Only iterations with a straggler are timed: which home is faster when nobody straggles is known
 * (block tasks, one launch per block), and the first straggling iteration after a calm spell runs
 * block tasks, which gives the comparison its block times. Chunk tasks are presumed faster while
 * stragglers come and go: timing both in turn (three iterations of each) was tried, and under
 * transient stragglers the draws (one iteration 700 ms, the next 1,400) outweighed the homes'
 * difference, so block tasks won as often as not (docs/archive/BENCHMARKS-journal.md, 2026-11-27,
 * "steal's home work", run E4).
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread calls it, and the model's {@code
 * steal} rule runs the same choice on simulated times.
 */
public final class HomeGrouping {

  /** Iterations of each home whose median counts. */
  public static final int WINDOW = 5;

  /** Every this many iterations the home not chosen runs once (while stragglers are seen). */
  public static final int PROBE_EVERY = 20;

  /** Block tasks replace chunk tasks while chunk tasks' median is over this x block tasks'. */
  public static final double APART = 1.25;

  /** Iterations in a row without a straggler after which block tasks run, untimed. */
  public static final int CALM = 3;

  private final StealHome home;
  private final Logger log;
  private final Deque<Long> chunkMs = new ArrayDeque<>();
  private final Deque<Long> blockMs = new ArrayDeque<>();
  private StealHome running;
  private int runningIteration = -1;
  private long startMs;
  private int calmInARow; // nothing seen yet: not calm

  /** Fixed at {@code home}, or measured when {@code home} is {@link StealHome#AUTO}. */
  public HomeGrouping(StealHome home) {
    this(home, LoggerFactory.getLogger(HomeGrouping.class));
  }

  /** As {@link #HomeGrouping(StealHome)}, logging a change of home to {@code log}. */
  public HomeGrouping(StealHome home, Logger log) {
    this.home = home;
    this.log = log;
  }

  /**
   * Chooses iteration {@code it}'s home ({@code avoiding}: {@code steal} keeps work away from a
   * slow executor; {@code spareCpu}: most executors have CPU to spare) and starts timing it from
   * {@code startMs}; logs a change.
   */
  public StealHome begin(int it, boolean avoiding, boolean spareCpu, long startMs) {
    StealHome previous = running;
    running = choose(it, avoiding, spareCpu);
    runningIteration = it;
    this.startMs = startMs;
    if (running != previous) {
      boolean measured = home == StealHome.AUTO;
      log.info(
          "FlexCode iteration {}: steal runs its home work as {} ({}{}{}{})",
          it,
          running == StealHome.BLOCK ? "one task per block" : "one task per chunk",
          describe(),
          avoiding && measured ? "; a slow executor is avoided" : "",
          !spareCpu && measured ? "; most executors have no CPU to spare" : "",
          calm() && measured && !avoiding
              ? "; no straggler in the last " + CALM + " iterations"
              : "");
    }
    return running;
  }

  /**
   * Iteration {@code it} decided at {@code endMs} ({@code straggled}: it had a straggler): counts
   * its time if {@link #begin} chose.
   */
  public void end(int it, long endMs, boolean straggled) {
    if (it == runningIteration) {
      observe(it, running, endMs - startMs, straggled);
      runningIteration = -1;
    }
  }

  /**
   * The home iteration {@code iteration} runs: {@link StealHome#CHUNKS} or {@link StealHome#BLOCK}
   * ({@code avoiding}: a slow executor is avoided), with CPU to spare (the model's executors have
   * cores of their own).
   */
  public StealHome choose(int iteration, boolean avoiding) {
    return choose(iteration, avoiding, true);
  }

  /**
   * The home iteration {@code iteration} runs ({@code avoiding}: a slow executor is avoided; {@code
   * spareCpu}: most executors have CPU to spare, else block tasks unless avoiding).
   */
  public StealHome choose(int iteration, boolean avoiding, boolean spareCpu) {
    if (home != StealHome.AUTO) {
      return home;
    }
    if (avoiding) {
      return StealHome.CHUNKS;
    }
    if (!spareCpu || calm()) {
      return StealHome.BLOCK;
    }
    StealHome faster =
        !blockMs.isEmpty() && median(chunkMs) > APART * median(blockMs)
            ? StealHome.BLOCK
            : StealHome.CHUNKS;
    if (iteration > 0 && iteration % PROBE_EVERY == 0) {
      return faster == StealHome.BLOCK ? StealHome.CHUNKS : StealHome.BLOCK;
    }
    return faster;
  }

  /** Whether none of the last {@link #CALM} iterations (the first not counted) had a straggler. */
  public boolean calm() {
    return calmInARow >= CALM;
  }

  /**
   * Iteration {@code iteration}, which ran {@code ran}, took {@code ms} to decide; {@code
   * straggled}: it had a straggler (only such iterations' times are kept).
   */
  public void observe(int iteration, StealHome ran, long ms, boolean straggled) {
    if (iteration == 0) {
      return; // the cold first read of the cache
    }
    calmInARow = straggled ? 0 : calmInARow + 1;
    if (!straggled) {
      return;
    }
    Deque<Long> times = ran == StealHome.BLOCK ? blockMs : chunkMs;
    times.addLast(Math.max(0, ms));
    if (times.size() > WINDOW) {
      times.removeFirst();
    }
  }

  /** The measured medians, for the log ("chunks 812 ms, block 701 ms"). */
  public String describe() {
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
