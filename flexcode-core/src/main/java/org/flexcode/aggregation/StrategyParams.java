package org.flexcode.aggregation;

/**
 * The generic parameters a bare strategy name takes from the Estimators' params and the jobs'
 * flags: {@code tolerance} (s, stragglers a code tolerates), {@code ignored} (b, results left out),
 * and the shadows' {@code shadowTasks} (m), {@code shadowFraction} (f), {@code selector} and {@code
 * shadowLate}. Which of them a name takes is its family's business ({@link
 * StrategyFamily#withParams}); the shadows are checked only when a family asks for them ({@link
 * #shadows()}).
 */
public record StrategyParams(
    int tolerance,
    int ignored,
    int shadowTasks,
    double shadowFraction,
    String selector,
    double shadowLate) {

  /**
   * The defaults of every Estimator and job: s = 1, b = 1, and {@link StrategyDefaults#SHADOWS}.
   */
  public static final StrategyParams DEFAULTS =
      new StrategyParams(
          StrategyDefaults.TOLERANCE,
          StrategyDefaults.IGNORED,
          StrategyDefaults.SHADOW_TASKS,
          StrategyDefaults.SHADOW_FRACTION,
          StrategyDefaults.SELECTOR.toString(),
          StrategyDefaults.SHADOW_LATE);

  /** These params with the shadows {@code shadows} (their seed aside). */
  public static StrategyParams of(int tolerance, int ignored, ShadowSpec shadows) {
    return new StrategyParams(
        tolerance,
        ignored,
        shadows.count(),
        shadows.fraction(),
        shadows.selector().toString(),
        shadows.lateMultiplier());
  }

  /**
   * The shadows these params describe, with the default seed.
   *
   * @throws IllegalArgumentException naming the shadow parameter out of range
   */
  public ShadowSpec shadows() {
    return new ShadowSpec(
        shadowTasks, shadowFraction, selector, StrategyDefaults.SHADOW_SEED, shadowLate);
  }
}
