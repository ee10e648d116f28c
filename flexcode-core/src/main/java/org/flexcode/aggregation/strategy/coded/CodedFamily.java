package org.flexcode.aggregation.strategy.coded;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.CodeKind;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.aggregation.StrategyParams;
import org.flexcode.spec.Spec;

/** Registers the gradient codes {@code frc:s=S} and {@code cyclic:s=S}. */
public final class CodedFamily implements StrategyFamily {

  @Override
  public List<String> names() {
    return List.of(CodeKind.FRC.toString(), CodeKind.CYCLIC.toString());
  }

  @Override
  public List<String> keys(String name) {
    return List.of("s");
  }

  @Override
  public List<String> examples() {
    return List.of("frc:s=1", "cyclic:s=1");
  }

  @Override
  public AggregationStrategy parse(Spec spec) {
    return new Coded(CodeKind.parse(spec.name()), spec.integer("s", StrategyDefaults.TOLERANCE));
  }

  /** A bare {@code frc} or {@code cyclic} tolerates {@code s} stragglers. */
  @Override
  public AggregationStrategy withParams(AggregationStrategy parsed, StrategyParams params) {
    return new Coded(((Coded) parsed).kind(), params.tolerance());
  }
}
