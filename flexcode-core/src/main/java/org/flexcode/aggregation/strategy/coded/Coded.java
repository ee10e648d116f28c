package org.flexcode.aggregation.strategy.coded;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.CodeKind;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/** {@code frc:s=S} or {@code cyclic:s=S}: an exact gradient code tolerating s stragglers. */
record Coded(CodeKind kind, int s) implements AggregationStrategy {

  /** Validates. */
  public Coded {
    if (kind == null) {
      throw new IllegalArgumentException("code must be frc or cyclic, got null");
    }
    if (s < 0) {
      throw new IllegalArgumentException(
          kind + ": s (stragglers tolerated) must be >= 0, got " + s);
    }
  }

  @Override
  public String spec() {
    return SpecText.of(kind.toString()).with("s", s).toString();
  }

  @Override
  public boolean isExact() {
    return true;
  }

  @Override
  public int tolerance() {
    return s;
  }

  @Override
  public int taskMultiple() {
    return kind.taskMultiple(s);
  }

  @Override
  public AggregationStrategy withShadows(ShadowSpec shadows) {
    return AggregationStrategy.hybrid(kind, s, shadows);
  }

  @Override
  public GradientCode code(int numTasks) {
    return kind.build(numTasks, s);
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new CodedDecoder(this, code);
  }

  @Override
  public String toString() {
    return spec();
  }
}
