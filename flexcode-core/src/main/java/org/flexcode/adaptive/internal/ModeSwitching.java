package org.flexcode.adaptive.internal;

import java.util.Locale;
import java.util.function.Predicate;
import org.flexcode.adaptive.internal.ModeChoice.Mode;
import org.flexcode.adaptive.internal.ModeChoice.Predictions;

/**
 * {@link ModeChooser}'s switching rule, with 10% hysteresis ({@link ModeChooser#MARGIN}): bsp
 * replaces steal when its prediction is within 10% of steal's (steal's moves must earn their keep),
 * and an exact mode replaces ignore when it predicts no more time; otherwise the mode with the
 * lowest prediction replaces the current one only if it is more than 10% lower.
 *
 * <p>A switch to a simpler mode goes on to the mode with the lowest prediction when that is more
 * than 10% below the simpler one's, because the simpler one would be left at the next choice and
 * its one iteration may meet a straggler: under power-law {@code auto} once left steal for bsp with
 * ignore:b=4 12% below both, and that bsp iteration took 1,643 ms.
 *
 * <p>Ignore is not left for an exact mode predicted up to 10% slower: on shuffled data a few
 * workers' records left out cost little progress (under no straggler ignore:b=4 reached the target
 * in 21.0 s, bsp in 22.6 s, and {@code auto}, kept in bsp, in 23.3 s), and under a persistent
 * straggler the exact modes' predictions rest on its censored times. The runs:
 * docs/strategies/auto.md.
 */
final class ModeSwitching {

  /** The mode to run next and why. */
  record Outcome(Mode mode, String why) {}

  private ModeSwitching() {}

  /** The mode after {@code current} given the (calibrated) predictions; {@code allowed} modes. */
  static Outcome decide(Mode current, Predictions p, Predicate<Mode> allowed) {
    double margin = ModeChooser.MARGIN;
    double now = p.of(current);
    double simplerWithin = current.isExact() ? 1 + margin : 1;
    for (Mode m : Mode.values()) {
      if (m.ordinal() < current.ordinal() && p.of(m) <= simplerWithin * now) {
        String why =
            "switch from "
                + name(current)
                + ": "
                + name(m)
                + (current.isExact() ? " is within 10% and simpler" : " is exact and no slower");
        Mode beyond = lowest(p, allowed);
        if (p.of(beyond) >= (1 - margin) * p.of(m)) {
          return new Outcome(m, why);
        }
        return new Outcome(
            beyond,
            String.format(
                Locale.ROOT,
                "%s, and %s predicts %.0f%% less than %s",
                why,
                name(beyond),
                100 * (1 - p.of(beyond) / p.of(m)),
                name(m)));
      }
    }
    Mode best = lowest(p, allowed);
    if (best != current && p.of(best) < (1 - margin) * now) {
      return new Outcome(
          best,
          String.format(
              Locale.ROOT,
              "switch from %s: %s predicts %.0f%% less time",
              name(current),
              name(best),
              100 * (1 - p.of(best) / now)));
    }
    return new Outcome(current, "keep " + name(current) + ": no mode predicts more than 10% less");
  }

  /** The allowed mode with the lowest prediction. */
  private static Mode lowest(Predictions p, Predicate<Mode> allowed) {
    Mode best = Mode.BSP;
    for (Mode m : Mode.values()) {
      if (allowed.test(m) && p.of(m) < p.of(best)) {
        best = m;
      }
    }
    return best;
  }

  private static String name(Mode m) {
    return m.name().toLowerCase(Locale.ROOT);
  }
}
