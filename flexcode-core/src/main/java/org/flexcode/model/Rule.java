package org.flexcode.model;

import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.CodeKind;
import org.flexcode.aggregation.copies.internal.CopiesSpec;

/**
 * A strategy's stopping rule as the model runs it: which tasks hold which work, and when an
 * iteration may end. Tasks run on the cores of their executor (a free core takes its executor's
 * next pending task); a task lasts launch + blocks x T x load(executor) x factor(executor,
 * iteration).
 *
 * <p>Specs ({@link #parse}) are the engine's ({@link
 * org.flexcode.aggregation.AggregationStrategy#parse}, its defaults; engine-only keys such as
 * shadow's selector change nothing here): {@code bsp} (every task); {@code ignore:b=1} (the first n
 * - b); {@code ignore:b=auto,floor=0.75,window=5} (b chosen per iteration from the simulated
 * history); {@code frc:s=1}, {@code cyclic:s=1} (s+1 blocks per task; the first time the finished
 * set decodes, by {@link org.flexcode.coding.GradientCode#isDecodable}); {@code
 * gcdc:s=1,clusters=2} (s+1 blocks per task, clusters re-formed per iteration from the simulated
 * history, ends when FRC decodes within every cluster); {@code shadow:m=1,f=0.1} (m extra tasks,
 * shadow k holding the fraction f of blocks [k n/m, (k+1) n/m), queued after the primaries: ends
 * when every primary finished, or when at most m primaries are missing and each missing block's
 * shadow finished); {@code limit} (bsp with no straggler and no skew); {@code balanced} (perfect
 * load balancing: launch + total work / sum over cores of 1 / factor); {@code
 * steal:r=3,chunks=4,late=1.5} (every block cut into chunks, each cached on r distinct executors;
 * an executor computes its home chunks first, then its idle cores take pending chunks they hold a
 * copy of, then late copies of chunks running over late x the median; slow executors avoided as the
 * engine does; exact, ends when every chunk finished); {@code ssp:staleness=1,b=1} (late tasks keep
 * running into later iterations, at most b blocks missing, none waited on for more than k
 * iterations); {@code flexrr:staleness=1,r=3,chunks=4} (steal's copies and reassignment, home work
 * per chunk; once every chunk but one has arrived the iteration ends, the missing chunk's copies
 * run on and its result is applied late, at most staleness iterations old; staleness=0 is steal);
 * {@code auto:exact=false} (steal's layout, each iteration in the mode the engine's chooser picks
 * from the simulated history: bsp, steal or ignore:b); {@code queue:r=3,chunks=8,ask=1} (steal's
 * chunk copies, every core asking the driver's queue for its next chunk, {@link QueueRule}).
 */
public interface Rule {

  /** Waits for every task. */
  static Rule bsp() {
    return new PrefixRules.Bsp(false);
  }

  /** The first n - b arrivals (inexact). */
  static Rule ignore(int b) {
    return new PrefixRules.Ignore(b);
  }

  /**
   * Dynamic backup workers: b chosen before each iteration from the last {@code window} simulated
   * iterations, using at least {@code floor} of the data (the engine's chooser).
   */
  static Rule ignoreAuto(double floor, int window) {
    return new AutoIgnoreRule(floor, window);
  }

  /** Fractional repetition code tolerating s stragglers. */
  static Rule frc(int s) {
    return new PrefixRules.Coded(CodeKind.FRC, s);
  }

  /** Cyclic repetition code tolerating s stragglers. */
  static Rule cyclic(int s) {
    return new PrefixRules.Coded(CodeKind.CYCLIC, s);
  }

  /**
   * Gradient coding with dynamic clustering: {@code clusters} FRC clusters tolerating s each,
   * re-formed before every iteration from the simulated straggling (the engine's former).
   */
  static Rule gcdc(int s, int clusters) {
    return new GcdcRule(s, clusters);
  }

  /** Uncoded primaries plus m shadow tasks of the fraction f of the data. */
  static Rule shadow(int m, double f) {
    return new PrefixRules.Shadow(m, f);
  }

  /** bsp with no straggler at all: the ideal. */
  static Rule limit() {
    return new PrefixRules.Bsp(true);
  }

  /** Perfect load balancing: the fluid limit of any exact strategy. */
  static Rule balanced() {
    return new Balanced();
  }

  /**
   * The chunk queue served by the driver over r copies of {@code chunks} chunks per block, {@code
   * askMs} per chunk for the round trip to the driver ({@link QueueRule}).
   */
  static Rule queue(int r, int chunks, double askMs) {
    return new QueueRule(r, chunks, askMs);
  }

  /**
   * Work stealing at chunk granularity over r cached copies, late copies at 1.5x the median, home
   * work as chunk tasks.
   */
  static Rule steal(int r, int chunks) {
    return steal(r, chunks, CopiesSpec.DEFAULT_LATE);
  }

  /** As {@link #steal(int, int)} with late copies at {@code late} x the median (0: none). */
  static Rule steal(int r, int chunks, double late) {
    return new StealRule(r, chunks, late, StealHome.CHUNKS);
  }

  /** Work stealing with its home work run as {@code home} says (the engine's default: auto). */
  static Rule steal(int r, int chunks, double late, StealHome home) {
    return new StealRule(r, chunks, late, home);
  }

  /**
   * Bounded staleness: late tasks keep their cores into later iterations, results at most {@code
   * staleness} iterations old, at most {@code b} blocks missing from an iteration.
   */
  static Rule ssp(int staleness, int b) {
    return new SspRule(staleness, b);
  }

  /**
   * Reassignment with bounded staleness: steal's chunk copies and late copies, home work per chunk,
   * an iteration may leave one chunk out whose copies run on, its result applied at most {@code
   * staleness} iterations late ({@code staleness=0}: steal).
   */
  static Rule flexrr(int staleness, int r, int chunks) {
    return new FlexrrRule(staleness, r, chunks);
  }

  /**
   * Parses a spec with the engine's parser (see the class comment), or {@code limit} / {@code
   * balanced}.
   */
  static Rule parse(String spec) {
    return StrategyRules.parse(spec);
  }

  /** The canonical spec. */
  String spec();

  /**
   * Prepares the rule for a cluster (builds its code).
   *
   * @throws IllegalArgumentException if the rule cannot run on that shape (for example cyclic
   *     beyond its largest n, or frc with (s+1) not dividing n)
   */
  Simulation prepare(Cluster cluster);

  /** A rule prepared for one cluster; not thread-safe. */
  interface Simulation {
    /**
     * Simulates one iteration.
     *
     * @param factors each executor's slowdown factor in this iteration
     * @param loads each executor's data load
     */
    IterationOutcome run(double[] factors, double[] loads);
  }
}
