package org.flexcode.aggregation.plugin;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * {@code first:k=K}, a strategy written outside the library: an uncoded layout whose iteration ends
 * with the first k arrivals, their sum rescaled by all records / records of those k blocks (inexact
 * unless k is the task count). Registered by {@link FirstKFamily}.
 */
public record FirstK(int k) implements AggregationStrategy {

  /** Validates. */
  public FirstK {
    if (k < 1) {
      throw new IllegalArgumentException("first: k (arrivals used) must be >= 1, got " + k);
    }
  }

  @Override
  public String spec() {
    return SpecText.of(FirstKFamily.FIRST).with("k", k).toString();
  }

  @Override
  public boolean isExact() {
    return false;
  }

  @Override
  public AggregationStrategy withShadows(ShadowSpec shadows) {
    throw new IllegalArgumentException(spec() + " takes no shadow tasks");
  }

  /** The first k arrivals need k tasks; the engine repartitions a smaller input up to k. */
  @Override
  public int minimumTasks() {
    return k;
  }

  @Override
  public GradientCode code(int numTasks) {
    checkTasks(numTasks);
    return GradientCode.uncoded(numTasks);
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    checkTasks(code.numTasks());
    return new FirstKDecoder(this, code, blockRecords.clone());
  }

  private void checkTasks(int numTasks) {
    if (k > numTasks) {
      throw new IllegalArgumentException(
          spec() + ": k=" + k + " must be <= the number of tasks n=" + numTasks);
    }
  }

  @Override
  public String toString() {
    return spec();
  }
}
