package org.flexcode.aggregation;

import java.util.List;
import java.util.function.Function;
import org.flexcode.spec.Spec;

/**
 * A {@link StrategyFamily} of one name: its keys, one example spec with the defaults, and the
 * parser. Subclasses (registered by class name, so with a public no-argument constructor) pass
 * these to the constructor and override {@link #withParams} where a bare name takes the generic
 * params.
 */
public abstract class NamedFamily implements StrategyFamily {

  private final String name;
  private final List<String> keys;
  private final String example;
  private final Function<Spec, AggregationStrategy> parser;

  /**
   * The family {@code name} accepting {@code keys}, e.g. {@code example}, parsed by {@code parser}.
   */
  protected NamedFamily(
      String name, List<String> keys, String example, Function<Spec, AggregationStrategy> parser) {
    this.name = name;
    this.keys = List.copyOf(keys);
    this.example = example;
    this.parser = parser;
  }

  @Override
  public final List<String> names() {
    return List.of(name);
  }

  @Override
  public final List<String> keys(String spec) {
    return keys;
  }

  @Override
  public List<String> examples() {
    return List.of(example);
  }

  @Override
  public final AggregationStrategy parse(Spec spec) {
    return parser.apply(spec);
  }
}
