package org.flexcode.model;

import java.util.List;
import java.util.Locale;
import org.flexcode.adaptive.StealHome;
import org.flexcode.spec.SpecTable;

/**
 * The model's rule and pattern names in the shared {@code name:k=v,...} grammar, and small helpers.
 */
final class Specs {

  /** The model's strategy rules, in the shared spec grammar ({@link SpecTable}). */
  static final SpecTable<Rule> RULES =
      SpecTable.<Rule>of(
              "rule",
              "bsp, ignore:b=1, ignore:b=auto,floor=0.75,window=5, frc:s=1, cyclic:s=1,"
                  + " gcdc:s=1,clusters=2, shadow:m=1,f=0.1, limit, balanced,"
                  + " steal:r=3,chunks=4, ssp:staleness=1,b=1, auto:exact=false")
          .with("bsp", List.of(), s -> Rule.bsp())
          .with("ignore", List.of("b", "floor", "window"), Specs::ignore)
          .with("frc", List.of("s"), s -> Rule.frc(s.integer("s", 1)))
          .with("cyclic", List.of("s"), s -> Rule.cyclic(s.integer("s", 1)))
          .with(
              "gcdc",
              List.of("s", "clusters"),
              s -> Rule.gcdc(s.integer("s", 1), s.integer("clusters", 2)))
          // selector, late and seed are the engine's; the model reads m and f only
          .with(
              "shadow",
              List.of("m", "f", "selector", "late", "seed"),
              s -> Rule.shadow(s.integer("m", 1), s.number("f", 0.1)))
          .with("limit", List.of(), s -> Rule.limit())
          .with("balanced", List.of(), s -> Rule.balanced())
          .with(
              "steal",
              List.of("r", "chunks", "late", "home"),
              s ->
                  Rule.steal(
                      s.integer("r", StealRule.DEFAULT_COPIES),
                      s.integer("chunks", StealRule.DEFAULT_CHUNKS),
                      s.number("late", StealRule.DEFAULT_LATE),
                      s.choice("home", StealHome::parse, StealHome.AUTO)))
          .with(
              "auto",
              List.of("exact", "r", "chunks"),
              s ->
                  new AutoRule(
                      s.choice("exact", Specs::bool, false),
                      s.integer("r", StealRule.DEFAULT_COPIES),
                      s.integer("chunks", StealRule.DEFAULT_CHUNKS)))
          .with(
              "ssp",
              List.of("staleness", "b"),
              s -> Rule.ssp(s.integer("staleness", 1), s.integer("b", 1)));

  /** The model's machine-level straggler patterns, in the shared spec grammar. */
  static final SpecTable<MachineDelays> PATTERNS =
      SpecTable.<MachineDelays>of(
              "pattern",
              "ideal, slow-worker:p=0.2,max=2, power-law:alpha=4, persistent:k=1,factor=4,"
                  + " skew:k=1,load=1.75, heavy-tail, markov:slow=0.05,recover=0.3,factor=4")
          .with("ideal", List.of(), s -> MachineDelays.ideal())
          .with(
              "slow-worker",
              List.of("p", "max"),
              s -> MachineDelays.slowWorker(s.number("p", 0.2), s.number("max", 2)))
          .with("power-law", List.of("alpha"), s -> MachineDelays.powerLaw(s.number("alpha", 4)))
          .with(
              "persistent",
              List.of("k", "factor"),
              s -> MachineDelays.persistent(s.integer("k", 1), s.number("factor", 4)))
          .with(
              "skew",
              List.of("k", "load"),
              s -> MachineDelays.skew(s.integer("k", 1), s.number("load", 1.75)))
          .with("heavy-tail", List.of(), s -> MachineDelays.heavyTail())
          .with(
              "markov",
              List.of("slow", "recover", "factor"),
              s ->
                  MachineDelays.markov(
                      s.number("slow", 0.05), s.number("recover", 0.3), s.number("factor", 4)));

  private Specs() {}

  /** {@code ignore:b=B}, or {@code ignore:b=auto[,floor=F][,window=W]}. */
  private static Rule ignore(org.flexcode.spec.Spec s) {
    if ("auto".equals(s.choice("b", String::trim, ""))) {
      return Rule.ignoreAuto(s.number("floor", 0.75, "a number in (0, 1]"), s.integer("window", 5));
    }
    if (s.keys().contains("floor") || s.keys().contains("window")) {
      throw s.error("floor and window apply to b=auto only, not to a fixed b", null);
    }
    return Rule.ignore(s.integer("b", 1));
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
