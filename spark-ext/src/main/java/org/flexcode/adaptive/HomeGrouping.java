package org.flexcode.adaptive;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code steal}'s choice, before each iteration, between home work as chunk tasks and as one task
 * per block ({@link StealHome}). Fixed unless {@code home=auto}; then measured: the first iteration
 * (the JVMs cold, nothing known yet) runs block tasks, as {@code bsp} would, and is not counted;
 * then block and chunk tasks alternate until each has run {@link #EXPLORE} iterations, or one each
 * if chunk tasks took over {@link #APART} x block tasks; from then on each iteration runs block
 * tasks unless chunk tasks' median over their last {@link #WINDOW} iterations (submission to
 * decision) is {@link #CHUNK_GAIN} x lower, the other home probed every {@link #PROBE_EVERY}
 * iterations (twice that while the medians are {@link #APART}) so a change of conditions is seen.
 * Block tasks are the default because they cost nothing when nobody straggles (one launch per
 * block, as {@code bsp}): chunk tasks must earn their launches, and one slow early block iteration
 * (the JVMs still warming up) does not decide for them. While no executor has CPU to spare ({@link
 * CopyThresholds#spareCpu}) block tasks run without exploring or probing: chunk tasks pay their
 * launches so that free cores can take a straggler's pending chunks, and there are none. While
 * {@code steal} avoids a slow executor every iteration runs chunk tasks: a block task would pin the
 * slow executor's home blocks to it. Which is faster otherwise depends on what a task's launch
 * costs against a chunk's compute and on whether cores are free to take moved work: a block's
 * launch once when nobody straggles, or a straggler's pending chunks moved early. (Running block
 * tasks only after iterations that moved no chunk was tried: under contention noise makes late
 * copies win, and it kept chunk tasks where block tasks were faster.)
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread calls it, and the model's {@code
 * steal} rule runs the same choice on simulated times.
 */
public final class HomeGrouping {

  /** Iterations of each home measured before the faster one is kept. */
  public static final int EXPLORE = 3;

  /** Iterations of each home whose median counts. */
  public static final int WINDOW = 5;

  /** Every this many iterations the home not chosen runs once. */
  public static final int PROBE_EVERY = 20;

  /**
   * Chunk tasks this much slower than block tasks decide after one iteration of each; medians this
   * far apart either way are probed half as often.
   */
  public static final double APART = 1.25;

  /** Chunk tasks are kept only when block tasks' median is over this multiple of theirs. */
  public static final double CHUNK_GAIN = 1.1;

  private static final Logger LOG = LoggerFactory.getLogger(HomeGrouping.class);

  private final StealHome home;
  private final Deque<Long> chunkMs = new ArrayDeque<>();
  private final Deque<Long> blockMs = new ArrayDeque<>();
  private StealHome running;
  private int runningIteration = -1;
  private long startMs;

  /** Fixed at {@code home}, or measured when {@code home} is {@link StealHome#AUTO}. */
  public HomeGrouping(StealHome home) {
    this.home = home;
  }

  /**
   * Chooses iteration {@code it}'s home ({@code avoiding}: {@code steal} keeps work away from a
   * slow executor; {@code spareCpu}: some executor has CPU to spare) and starts timing it; logs a
   * change.
   */
  public StealHome begin(int it, boolean avoiding, boolean spareCpu) {
    StealHome previous = running;
    running = choose(it, avoiding, spareCpu);
    runningIteration = it;
    startMs = System.currentTimeMillis();
    if (running != previous) {
      LOG.info(
          "FlexCode iteration {}: steal runs its home work as {} ({}{}{})",
          it,
          running == StealHome.BLOCK ? "one task per block" : "one task per chunk",
          describe(),
          avoiding && home == StealHome.AUTO ? "; a slow executor is avoided" : "",
          !spareCpu && home == StealHome.AUTO ? "; no executor has CPU to spare" : "");
    }
    return running;
  }

  /** Iteration {@code it} decided at {@code endMs}: counts its time if {@link #begin} chose. */
  public void end(int it, long endMs) {
    if (it == runningIteration) {
      observe(it, running, endMs - startMs);
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
   * spareCpu}: some executor has CPU to spare, else block tasks unless avoiding).
   */
  public StealHome choose(int iteration, boolean avoiding, boolean spareCpu) {
    if (home != StealHome.AUTO) {
      return home;
    }
    if (avoiding) {
      return StealHome.CHUNKS;
    }
    if (iteration == 0 || !spareCpu) {
      return StealHome.BLOCK;
    }
    if (exploring()) {
      return blockMs.size() <= chunkMs.size() ? StealHome.BLOCK : StealHome.CHUNKS;
    }
    StealHome faster =
        median(blockMs) > CHUNK_GAIN * median(chunkMs) ? StealHome.CHUNKS : StealHome.BLOCK;
    int probeEvery = apart() ? 2 * PROBE_EVERY : PROBE_EVERY;
    if (iteration % probeEvery == 0) {
      return faster == StealHome.BLOCK ? StealHome.CHUNKS : StealHome.BLOCK;
    }
    return faster;
  }

  /** Whether both homes still need iterations measured before one is kept. */
  private boolean exploring() {
    if (chunkMs.isEmpty() || blockMs.isEmpty()) {
      return true;
    }
    boolean chunksFarSlower = median(chunkMs) > APART * median(blockMs);
    return (chunkMs.size() < EXPLORE || blockMs.size() < EXPLORE) && !chunksFarSlower;
  }

  /** Whether the slower home's median is over {@link #APART} x the faster one's. */
  private boolean apart() {
    double chunks = median(chunkMs);
    double block = median(blockMs);
    return Math.max(chunks, block) > APART * Math.min(chunks, block);
  }

  /** Iteration {@code iteration}, which ran {@code ran}, took {@code ms} to decide. */
  public void observe(int iteration, StealHome ran, long ms) {
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
