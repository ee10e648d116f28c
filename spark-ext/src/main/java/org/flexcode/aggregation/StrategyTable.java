package org.flexcode.aggregation;

import java.util.List;
import org.flexcode.adaptive.StealHome;
import org.flexcode.spec.Spec;
import org.flexcode.spec.SpecTable;

/**
 * The strategies' names and parameters: the one table {@link AggregationStrategy#parse} reads specs
 * with (through the shared {@link SpecTable} grammar); omitted parameters take {@link
 * StrategyDefaults}.
 */
final class StrategyTable {

  static final String BSP = "bsp";
  static final String IGNORE = "ignore";
  static final String SHADOW = "shadow";
  static final String HYBRID = "hybrid";
  static final String STEAL = "steal";
  static final String AUTO = "auto";
  static final String SSP = "ssp";
  static final String GCDC = "gcdc";

  private static final List<String> SHADOW_KEYS = List.of("m", "f", "selector", "late", "seed");

  private static final SpecTable<AggregationStrategy> TABLE =
      SpecTable.<AggregationStrategy>of("strategy", AggregationStrategy.KNOWN)
          .with(BSP, List.of(), spec -> new Bsp())
          .with(IGNORE, List.of("b", "floor", "window"), StrategyTable::ignore)
          .with(CodeKind.FRC.toString(), List.of("s"), spec -> coded(CodeKind.FRC, spec))
          .with(CodeKind.CYCLIC.toString(), List.of("s"), spec -> coded(CodeKind.CYCLIC, spec))
          .with(
              GCDC,
              List.of("s", "clusters"),
              spec ->
                  new Gcdc(
                      spec.integer("s", StrategyDefaults.TOLERANCE),
                      spec.integer("clusters", StrategyDefaults.CLUSTERS)))
          .with(SHADOW, SHADOW_KEYS, spec -> new Shadowed(StrategyDefaults.CODE, 0, shadows(spec)))
          .with(HYBRID, hybridKeys(), StrategyTable::hybrid)
          .with(STEAL, List.of("r", "chunks", "late", "home"), StrategyTable::steal)
          .with(AUTO, List.of("exact", "r", "chunks", "floor"), StrategyTable::auto)
          .with(
              SSP,
              List.of("staleness", "b"),
              spec ->
                  new Ssp(
                      spec.integer("staleness", StrategyDefaults.SSP_STALENESS),
                      spec.integer("b", StrategyDefaults.SSP_MISSING)));

  /** The names, in the order of {@link AggregationStrategy#KNOWN}. */
  static final List<String> NAMES =
      List.of(
          BSP,
          IGNORE,
          CodeKind.FRC.toString(),
          CodeKind.CYCLIC.toString(),
          GCDC,
          SHADOW,
          HYBRID,
          STEAL,
          SSP,
          AUTO);

  private StrategyTable() {}

  static AggregationStrategy parse(String text) {
    return TABLE.parse(text);
  }

  /**
   * A full spec (with a ':') as parsed; a bare name with the parameters given: {@code ignore} drops
   * {@code b} ({@code ssp} misses at most b), {@code frc}, {@code cyclic}, {@code gcdc} and {@code
   * hybrid} tolerate {@code s}, {@code shadow} and {@code hybrid} add {@code shadows}.
   */
  static AggregationStrategy named(String nameOrSpec, int s, int b, ShadowSpec shadows) {
    AggregationStrategy named = parse(nameOrSpec);
    if (nameOrSpec.contains(":")) {
      return named;
    }
    if (named instanceof Ignore) {
      return new Ignore(b);
    }
    if (named instanceof Ssp ssp) {
      return new Ssp(ssp.staleness(), b);
    }
    if (named instanceof Coded coded) {
      return new Coded(coded.kind(), s);
    }
    if (named instanceof Gcdc gcdc) {
      return new Gcdc(s, gcdc.clusters());
    }
    if (named instanceof Shadowed shadowed) {
      return new Shadowed(shadowed.kind(), shadowed.s() == 0 ? 0 : s, shadows);
    }
    return named;
  }

  private static List<String> hybridKeys() {
    List<String> keys = new java.util.ArrayList<>(List.of("s"));
    keys.addAll(SHADOW_KEYS);
    keys.add("code");
    return keys;
  }

  /** {@code ignore:b=B}, or {@code ignore:b=auto} with its floor and window. */
  private static AggregationStrategy ignore(Spec spec) {
    boolean auto = AUTO.equals(spec.choice("b", String::trim, ""));
    if (auto) {
      return new AutoIgnore(
          spec.number("floor", StrategyDefaults.IGNORE_FLOOR, "a number in (0, 1]"),
          spec.integer("window", StrategyDefaults.IGNORE_WINDOW));
    }
    if (spec.keys().contains("floor") || spec.keys().contains("window")) {
      throw spec.error("floor and window apply to b=auto only, not to a fixed b", null);
    }
    return new Ignore(spec.integer("b", StrategyDefaults.IGNORED));
  }

  private static AggregationStrategy coded(CodeKind kind, Spec spec) {
    return new Coded(kind, spec.integer("s", StrategyDefaults.TOLERANCE));
  }

  private static AggregationStrategy hybrid(Spec spec) {
    return new Shadowed(
        spec.choice("code", CodeKind::parse, StrategyDefaults.CODE),
        spec.integer("s", StrategyDefaults.TOLERANCE),
        shadows(spec));
  }

  private static AggregationStrategy steal(Spec spec) {
    return new Steal(
        spec.integer("r", StrategyDefaults.STEAL_COPIES),
        spec.integer("chunks", StrategyDefaults.STEAL_CHUNKS),
        spec.number("late", StrategyDefaults.STEAL_LATE),
        spec.choice("home", StealHome::parse, StealHome.AUTO));
  }

  private static AggregationStrategy auto(Spec spec) {
    return new Auto(
        spec.choice("exact", StrategyTable::bool, false),
        spec.integer("r", StrategyDefaults.STEAL_COPIES),
        spec.integer("chunks", StrategyDefaults.STEAL_CHUNKS),
        spec.number("floor", StrategyDefaults.AUTO_FLOOR, "a number in (0, 1]"));
  }

  private static boolean bool(String text) {
    return switch (text.trim()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("exact must be true or false, got " + text);
    };
  }

  private static ShadowSpec shadows(Spec spec) {
    return new ShadowSpec(
        spec.integer("m", StrategyDefaults.SHADOW_TASKS),
        spec.number("f", StrategyDefaults.SHADOW_FRACTION, "a number in (0, 1]"),
        spec.choice("selector", SelectorKind::parse, StrategyDefaults.SELECTOR),
        spec.longInteger("seed", StrategyDefaults.SHADOW_SEED),
        spec.number("late", StrategyDefaults.SHADOW_LATE));
  }
}
