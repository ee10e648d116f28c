package org.flexcode.model;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.ModelReplay;
import org.flexcode.aggregation.copies.internal.CopiedLayout;

/**
 * The model's rule of a strategy the engine parses ({@link AggregationStrategy#parse}: one grammar,
 * the engine's defaults), plus the model's two references, {@code limit} and {@code balanced}, and
 * the planned chunk queue ({@link QueueRule}). The rule is picked by what the strategy can do,
 * never by its type: the replay it names ({@link ModelReplay}: shadows, a backup or mode choice,
 * clusters, bounded staleness), else its chunk copies ({@link CopiedLayout}: the engine's launches
 * on simulated time), else its bound decoder's own decisions over the simulated arrivals ({@link
 * DecisionRule}), which any strategy without shadow tasks has, one from another jar included.
 */
final class StrategyRules {

  private StrategyRules() {}

  /** The rule of {@code spec}: {@code limit}, {@code balanced}, or an engine strategy's. */
  static Rule parse(String spec) {
    return switch (spec.trim()) {
      case "limit" -> Rule.limit();
      case "balanced" -> Rule.balanced();
      default ->
          spec.trim().toLowerCase(java.util.Locale.ROOT).matches("queue\\s*(:.*)?")
              ? QueueRule.parse(spec)
              : of(AggregationStrategy.parse(spec));
    };
  }

  /**
   * The rule of {@code strategy}.
   *
   * @throws IllegalArgumentException for a strategy the model has no rule for ({@code hybrid}:
   *     coded primaries with shadows)
   */
  static Rule of(AggregationStrategy strategy) {
    return strategy
        .capability(ModelReplay.class)
        .map(replay -> replay.replayIn(new Replays(strategy)))
        .or(() -> strategy.capability(CopiedLayout.class).map(copies -> new CopiesRule(strategy)))
        .orElseGet(() -> decisions(strategy));
  }

  private static Rule decisions(AggregationStrategy strategy) {
    if (strategy.hasShadows()) {
      throw noRule(strategy);
    }
    return new DecisionRule(strategy);
  }

  private static IllegalArgumentException noRule(AggregationStrategy strategy) {
    return new IllegalArgumentException(
        "the model has no rule for "
            + strategy.spec()
            + " (its rules: limit, balanced, and every strategy but coded primaries with shadows)");
  }

  /** The model's replay of each kind a strategy may name. */
  private record Replays(AggregationStrategy strategy) implements ModelReplay.Replays<Rule> {

    @Override
    public Rule shadows(int s, int m, double f) {
      if (s > 0) {
        throw noRule(strategy);
      }
      return Rule.shadow(m, f);
    }

    @Override
    public Rule backupChoice(double floor, int window) {
      return Rule.ignoreAuto(floor, window);
    }

    @Override
    public Rule clusters(int s, int clusters) {
      return Rule.gcdc(s, clusters);
    }

    @Override
    public Rule boundedStaleness(int staleness, int b) {
      return Rule.ssp(staleness, b);
    }

    @Override
    public Rule modeChoice(
        boolean exact, int copies, int chunks, double floor, int window, double late) {
      return new AutoRule(exact, copies, chunks, floor, window, late);
    }
  }
}
