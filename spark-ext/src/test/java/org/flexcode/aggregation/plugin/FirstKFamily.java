package org.flexcode.aggregation.plugin;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.spec.Spec;

/**
 * Registers {@code first:k=K} ({@link FirstK}, default k = 3) through the test class path's {@code
 * META-INF/services/org.flexcode.aggregation.StrategyFamily}, as a strategy in a user's jar would.
 */
public final class FirstKFamily implements StrategyFamily {

  /** The spec name. */
  static final String FIRST = "first";

  /** The arrivals used when the spec omits k. */
  static final int DEFAULT_K = 3;

  @Override
  public List<String> names() {
    return List.of(FIRST);
  }

  @Override
  public List<String> keys(String name) {
    return List.of("k");
  }

  @Override
  public List<String> examples() {
    return List.of(FIRST + ":k=" + DEFAULT_K);
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    int k = spec.integer("k", DEFAULT_K);
    if (k < 1) {
      throw spec.error("k (arrivals used) must be >= 1, got " + k, null);
    }
    return new FirstK(k);
  }
}
