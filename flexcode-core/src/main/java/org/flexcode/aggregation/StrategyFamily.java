package org.flexcode.aggregation;

import java.util.List;
import org.flexcode.spec.Spec;

/**
 * One family of strategies, registered by name: FlexCode's own in {@code
 * org.flexcode.aggregation.strategy.<family>}, and any other listed in a {@code
 * META-INF/services/org.flexcode.aggregation.StrategyFamily} file on the class path ({@link
 * java.util.ServiceLoader}). {@link AggregationStrategy#parse} reads a spec {@code name:k=v,...}
 * with the family whose {@link #names} hold {@code name}.
 */
public interface StrategyFamily {

  /** The spec names this family parses (e.g. {@code frc} and {@code cyclic}). */
  List<String> names();

  /** The parameters a spec of {@code name} accepts. */
  List<String> keys(String name);

  /** An example spec per name with its defaults, for error messages (e.g. {@code frc:s=1}). */
  List<String> examples();

  /** The strategy {@code spec} describes; omitted parameters take the family's defaults. */
  AggregationStrategy parse(Spec spec);

  /**
   * The strategy a bare name ({@code parsed}, with its defaults) means together with the generic
   * params of the Estimators and jobs ({@link StrategyParams}: stragglers tolerated, results left
   * out, shadows added). By default the bare name as parsed.
   */
  default AggregationStrategy withParams(AggregationStrategy parsed, StrategyParams params) {
    return parsed;
  }
}
