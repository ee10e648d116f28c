package org.flexcode.model;

import org.flexcode.aggregation.AggregationStrategy;

/**
 * A rule that runs one strategy of the engine's as it is ({@link CopiesRule}, {@link DecisionRule},
 * {@link FlexrrRule}): its spec, and its printed name, are the strategy's.
 *
 * @param <S> the strategy's type
 */
abstract class StrategyRule<S extends AggregationStrategy> implements Rule {

  /** The engine's strategy this rule runs. */
  final S strategy;

  StrategyRule(S strategy) {
    this.strategy = strategy;
  }

  @Override
  public final String spec() {
    return strategy.spec();
  }

  @Override
  public final String toString() {
    return spec();
  }
}
