package org.flexcode.cli;

import java.util.Set;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.ml.FlexCodeParams;

/**
 * The strategy options every job takes, with one usage text: {@code --strategy} (a name or a full
 * spec such as {@code shadow:m=1,f=0.1,late=1.5}) and the params a bare name takes. A param flag is
 * set on the Estimator only when given, so a full spec is used as written.
 */
final class StrategyFlags {

  /** The usage lines, indented as the jobs' usage texts. */
  static final String USAGE =
      """
        --strategy S         bsp, ignore, frc, cyclic, shadow, hybrid, or a full spec such as
                             shadow:m=1,f=0.1,late=1.5 or cyclic:s=2 (default bsp)
        --tolerance S        stragglers tolerated by frc, cyclic and hybrid (default 1)
        --ignore B           slowest tasks ignore drops (default 1)
        --shadows M          shadow tasks of shadow and hybrid (default 1)
        --shadow-fraction F  fraction of each block a shadow holds (default 0.1)
        --selector X         how shadows pick records: entropy or random (default entropy)
        --shadow-late X      launch shadows only once a primary has run X (>= 1) times the
                             median of the finished ones (default 0: with the primaries)
        --stragglers SPEC    inject a straggler pattern into every task, e.g.
                             slow-worker:p=0.2,max=2 (default none; sets spark.flexcode.stragglers)
      """;

  /** The option names above. */
  static final Set<String> OPTIONS =
      Set.of(
          "strategy",
          "tolerance",
          "ignore",
          "shadows",
          "shadow-fraction",
          "selector",
          "shadow-late",
          "stragglers");

  private StrategyFlags() {}

  /** Sets the strategy and each param flag given on {@code estimator}. */
  static <T extends FlexCodeParams<T>> T apply(Args args, T estimator) {
    estimator.setStrategy(args.string("strategy", "bsp"));
    if (args.has("tolerance")) {
      estimator.setStragglerTolerance(args.integer("tolerance", StrategyDefaults.TOLERANCE));
    }
    if (args.has("ignore")) {
      estimator.setIgnoreCount(args.integer("ignore", StrategyDefaults.IGNORED));
    }
    if (args.has("shadows")) {
      estimator.setShadowTasks(args.integer("shadows", StrategyDefaults.SHADOW_TASKS));
    }
    if (args.has("shadow-fraction")) {
      estimator.setShadowFraction(args.number("shadow-fraction", StrategyDefaults.SHADOW_FRACTION));
    }
    if (args.has("selector")) {
      estimator.setShadowSelector(args.string("selector", StrategyDefaults.SELECTOR.toString()));
    }
    if (args.has("shadow-late")) {
      estimator.setShadowLate(args.number("shadow-late", StrategyDefaults.SHADOW_LATE));
    }
    return estimator;
  }

  /** {@code own} and {@link #OPTIONS}. */
  static Set<String> with(Set<String> own) {
    java.util.Set<String> all = new java.util.HashSet<>(own);
    all.addAll(OPTIONS);
    return Set.copyOf(all);
  }
}
