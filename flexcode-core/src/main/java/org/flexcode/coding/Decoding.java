package org.flexcode.coding;

import java.util.Arrays;
import java.util.BitSet;

/**
 * How to combine finished tasks' results: sum_i taskCoefficients[i] * f_i. {@code residual} is
 * ||B_F^T a - 1|| (0 for an exact decoding up to rounding); {@code exact} says whether the decoding
 * recovers the full sum within the code's tolerance.
 */
public record Decoding(double[] taskCoefficients, double residual, boolean exact) {

  /** Validates and defensively copies the coefficients. */
  public Decoding {
    taskCoefficients = taskCoefficients.clone();
    if (Double.isNaN(residual) || residual < 0) {
      throw new IllegalArgumentException("residual must be a non-negative number, got " + residual);
    }
  }

  /** The coefficient of task {@code task} (0 for a task the decoding does not use). */
  public double coefficient(int task) {
    return taskCoefficients[task];
  }

  /** The tasks whose results the decoding uses (non-zero coefficient). */
  public BitSet usedTasks() {
    BitSet used = new BitSet(taskCoefficients.length);
    for (int i = 0; i < taskCoefficients.length; i++) {
      if (taskCoefficients[i] != 0.0) {
        used.set(i);
      }
    }
    return used;
  }

  @Override
  public double[] taskCoefficients() {
    return taskCoefficients.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Decoding d
        && Arrays.equals(taskCoefficients, d.taskCoefficients)
        && residual == d.residual
        && exact == d.exact;
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(taskCoefficients) + Double.hashCode(residual);
  }

  @Override
  public String toString() {
    return "Decoding[used=" + usedTasks() + ", residual=" + residual + ", exact=" + exact + "]";
  }
}
