package org.flexcode.model;

import static org.flexcode.aggregation.StrategyDefaults.AUTO_FLOOR;
import static org.flexcode.aggregation.StrategyDefaults.CLUSTERS;
import static org.flexcode.aggregation.StrategyDefaults.IGNORED;
import static org.flexcode.aggregation.StrategyDefaults.IGNORE_FLOOR;
import static org.flexcode.aggregation.StrategyDefaults.IGNORE_WINDOW;
import static org.flexcode.aggregation.StrategyDefaults.SHADOW_FRACTION;
import static org.flexcode.aggregation.StrategyDefaults.SHADOW_TASKS;
import static org.flexcode.aggregation.StrategyDefaults.SSP_MISSING;
import static org.flexcode.aggregation.StrategyDefaults.SSP_STALENESS;
import static org.flexcode.aggregation.StrategyDefaults.STEAL_CHUNKS;
import static org.flexcode.aggregation.StrategyDefaults.STEAL_COPIES;
import static org.flexcode.aggregation.StrategyDefaults.STEAL_LATE;
import static org.flexcode.aggregation.StrategyDefaults.TOLERANCE;

import java.util.List;
import java.util.Locale;
import org.flexcode.adaptive.StealHome;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.spec.SpecTable;

/**
 * The model's rule names in the shared {@code name:k=v,...} grammar, and small helpers. Every
 * default a spec leaves out is the engine's ({@link StrategyDefaults}); straggler patterns are the
 * engine's too ({@link MachineDelays#parse}).
 */
final class Specs {

  /**
   * The model's strategy rules, in the shared spec grammar ({@link SpecTable}), with the engine's
   * keys and defaults ({@link StrategyDefaults}).
   */
  static final SpecTable<Rule> RULES =
      SpecTable.<Rule>of(
              "rule",
              "bsp, ignore:b="
                  + IGNORED
                  + ", ignore:b=auto,floor="
                  + num(IGNORE_FLOOR)
                  + ",window="
                  + IGNORE_WINDOW
                  + ", frc:s="
                  + TOLERANCE
                  + ", cyclic:s="
                  + TOLERANCE
                  + ", gcdc:s="
                  + TOLERANCE
                  + ",clusters="
                  + CLUSTERS
                  + ", shadow:m="
                  + SHADOW_TASKS
                  + ",f="
                  + num(SHADOW_FRACTION)
                  + ", limit, balanced, steal:r="
                  + STEAL_COPIES
                  + ",chunks="
                  + STEAL_CHUNKS
                  + ", ssp:staleness="
                  + SSP_STALENESS
                  + ",b="
                  + SSP_MISSING
                  + ", auto:exact=false")
          .with("bsp", List.of(), s -> Rule.bsp())
          .with("ignore", List.of("b", "floor", "window"), Specs::ignore)
          .with("frc", List.of("s"), s -> Rule.frc(s.integer("s", TOLERANCE)))
          .with("cyclic", List.of("s"), s -> Rule.cyclic(s.integer("s", TOLERANCE)))
          .with(
              "gcdc",
              List.of("s", "clusters"),
              s -> Rule.gcdc(s.integer("s", TOLERANCE), s.integer("clusters", CLUSTERS)))
          // selector, late and seed are the engine's; the model reads m and f only
          .with(
              "shadow",
              List.of("m", "f", "selector", "late", "seed"),
              s -> Rule.shadow(s.integer("m", SHADOW_TASKS), s.number("f", SHADOW_FRACTION)))
          .with("limit", List.of(), s -> Rule.limit())
          .with("balanced", List.of(), s -> Rule.balanced())
          .with(
              "steal",
              List.of("r", "chunks", "late", "home"),
              s ->
                  Rule.steal(
                      s.integer("r", STEAL_COPIES),
                      s.integer("chunks", STEAL_CHUNKS),
                      s.number("late", STEAL_LATE),
                      s.choice("home", StealHome::parse, StealHome.AUTO)))
          .with(
              "auto",
              List.of("exact", "r", "chunks", "floor"),
              s ->
                  new AutoRule(
                      s.choice("exact", Specs::bool, false),
                      s.integer("r", STEAL_COPIES),
                      s.integer("chunks", STEAL_CHUNKS),
                      s.number("floor", AUTO_FLOOR, "a number in (0, 1]")))
          .with(
              "ssp",
              List.of("staleness", "b"),
              s -> Rule.ssp(s.integer("staleness", SSP_STALENESS), s.integer("b", SSP_MISSING)));

  private Specs() {}

  /** {@code ignore:b=B}, or {@code ignore:b=auto[,floor=F][,window=W]}. */
  private static Rule ignore(org.flexcode.spec.Spec s) {
    if ("auto".equals(s.choice("b", String::trim, ""))) {
      return Rule.ignoreAuto(
          s.number("floor", IGNORE_FLOOR, "a number in (0, 1]"),
          s.integer("window", IGNORE_WINDOW));
    }
    if (s.keys().contains("floor") || s.keys().contains("window")) {
      throw s.error("floor and window apply to b=auto only, not to a fixed b", null);
    }
    return Rule.ignore(s.integer("b", IGNORED));
  }

  private static boolean bool(String text) {
    return switch (text.trim()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("exact must be true or false, got " + text);
    };
  }

  static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  static String num(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15
        ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%s", v);
  }
}
