package org.flexcode.aggregation;

/**
 * The defaults shared by more than one family or by the Estimators, jobs and factories: the
 * strategy used where none is named, the generic params a bare name takes ({@link StrategyParams})
 * and the shadows ({@link ShadowSpec}). A family's own defaults live in its family class ({@code
 * XFamily}), the chunk-copies layout's in {@code CopiesSpec}. Plain Java, in flexcode-core under
 * the package name of spark-ext's aggregation seam, with the value types it names ({@link
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

  /** Slowest tasks {@code ignore} drops (b). */
  public static final int IGNORED = 1;

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

  private StrategyDefaults() {}
}
