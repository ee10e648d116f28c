package org.flexcode.aggregation;

/**
 * The one place for the defaults of strategy parameters a spec or a caller leaves out (the engine's
 * parser, the factories, the jobs' options and the Estimators' params read them from here, and so
 * does the model, {@code org.flexcode.model}). Plain Java, in flexcode-core under the package name
 * of spark-ext's aggregation seam, with the value types it names ({@link CodeKind}, {@link
 * SelectorKind}, {@link ShadowSpec}).
 */
public final class StrategyDefaults {

  /**
   * The strategy of every Estimator, job and the Connect backend when none is named: exact {@code
   * auto}, which runs bsp while nobody straggles and moves or leaves out work only with an exact
   * sum.
   */
  public static final String STRATEGY = "auto:exact=true";

  /** Stragglers tolerated by {@code frc}, {@code cyclic} and {@code hybrid} (s). */
  public static final int TOLERANCE = 1;

  /** Clusters {@code gcdc} forms. */
  public static final int CLUSTERS = 2;

  /** Slowest tasks {@code ignore} drops (b). */
  public static final int IGNORED = 1;

  /** The least share of the records {@code ignore:b=auto} aggregates (floor). */
  public static final double IGNORE_FLOOR = 0.75;

  /**
   * The least share of the records {@code auto}'s ignore mode aggregates (floor): half, since it
   * prices what leaving workers out costs by the spread of their gradients (measured on {@code
   * ctr}: ignore:b=4 of 8 made 0.995-1.002 of an exact iteration's progress).
   */
  public static final double AUTO_FLOOR = 0.5;

  /** The iterations of history {@code ignore:b=auto} chooses b from (window). */
  public static final int IGNORE_WINDOW = 5;

  /** The code of {@code hybrid}'s primaries. */
  public static final CodeKind CODE = CodeKind.FRC;

  /** Shadow tasks (m). */
  public static final int SHADOW_TASKS = 1;

  /** Fraction of each block a shadow holds (f). */
  public static final double SHADOW_FRACTION = 0.1;

  /** How shadows pick their records. */
  public static final SelectorKind SELECTOR = SelectorKind.ENTROPY;

  /** The seed of the shadows' selection. */
  public static final long SHADOW_SEED = 42L;

  /** Late-launch multiplier; 0: the shadows run with the primaries. */
  public static final double SHADOW_LATE = 0.0;

  /** The default shadows: m=1, f=0.1, entropy, seed 42, with the primaries. */
  public static final ShadowSpec SHADOWS =
      new ShadowSpec(SHADOW_TASKS, SHADOW_FRACTION, SELECTOR, SHADOW_SEED, SHADOW_LATE);

  /**
   * Copies of each chunk {@code steal} caches (r): three, fewer when fewer executors are registered
   * (never below two; see {@code CopiesSpec.fittedCopies}). On 8 executors of 2 cores, emulated
   * compute, a third copy lowered {@code slow-worker:p=0.2,max=2} from 0.757x to 0.734x mllib's
   * iteration and persistent from 0.397x to 0.383x, with no extra compute when nobody straggles
   * (docs/archive/BENCHMARKS-journal.md, 2026-11-27, "steal with a third copy").
   */
  public static final int STEAL_COPIES = 3;

  /** Chunks {@code steal} cuts each block into. */
  public static final int STEAL_CHUNKS = 4;

  /** {@code steal}'s late-copy multiplier of the median chunk time; 0: no late copies. */
  public static final double STEAL_LATE = 1.5;

  /** Iterations a result {@code ssp} applies may lag (staleness k). */
  public static final int SSP_STALENESS = 1;

  /** Blocks an {@code ssp} iteration may miss (b). */
  public static final int SSP_MISSING = 1;

  /** Iterations a chunk's result {@code flexrr} applies may lag (staleness k). */
  public static final int FLEXRR_STALENESS = 1;

  private StrategyDefaults() {}
}
