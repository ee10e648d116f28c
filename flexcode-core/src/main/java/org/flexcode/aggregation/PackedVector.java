package org.flexcode.aggregation;

import java.io.Serializable;

/**
 * A task's partial statistic on the wire: dense, or as runs of consecutive non-zeros (start,
 * length, values) when that is smaller. A matrix-factorization block touches only its own users'
 * and items' factor rows, each a run of {@code rank} values, so its gradient is mostly zeros; a
 * dense logistic-regression gradient stays a plain array.
 *
 * <p>Dense costs 8 bytes per entry; runs cost 8 bytes per stored value plus 8 per run (two ints),
 * so runs are chosen when {@code runs + nonZeros < length}.
 *
 * <p>A third form, {@link #held}, carries only the length: the values stayed on the executor that
 * computed them, and the driver combines them there.
 */
public final class PackedVector implements Serializable {

  private static final long serialVersionUID = 1L;

  private final int length;
  private final int[] runStarts; // null when dense
  private final int[] runLengths; // null when dense
  private final double[] values;

  private PackedVector(int length, int[] runStarts, int[] runLengths, double[] values) {
    this.length = length;
    this.runStarts = runStarts;
    this.runLengths = runLengths;
    this.values = values;
  }

  /** A vector of {@code length} entries whose values stayed on the executor that computed them. */
  public static PackedVector held(int length) {
    return new PackedVector(length, null, null, null);
  }

  /** Whether the values stayed on their executor ({@link #held}): only the length travelled. */
  public boolean isHeld() {
    return values == null;
  }

  /** The bytes the values take on the wire: 8 per stored value and 8 per run; 0 when held. */
  public long wireBytes() {
    if (values == null) {
      return 0;
    }
    return 8L * values.length + (runStarts == null ? 0 : 8L * runStarts.length);
  }

  /** Packs {@code v} in whichever form is smaller; {@code v} is not copied when kept dense. */
  public static PackedVector pack(double[] v) {
    int nonZeros = 0;
    int runs = 0;
    for (int i = 0; i < v.length; i++) {
      if (v[i] != 0.0) {
        nonZeros++;
        if (i == 0 || v[i - 1] == 0.0) {
          runs++;
        }
      }
    }
    if ((long) runs + nonZeros >= v.length) {
      return new PackedVector(v.length, null, null, v);
    }
    int[] starts = new int[runs];
    int[] lengths = new int[runs];
    double[] values = new double[nonZeros];
    int run = -1;
    int k = 0;
    for (int i = 0; i < v.length; i++) {
      if (v[i] != 0.0) {
        if (i == 0 || v[i - 1] == 0.0) {
          starts[++run] = i;
        }
        lengths[run]++;
        values[k++] = v[i];
      }
    }
    return new PackedVector(v.length, starts, lengths, values);
  }

  /**
   * This vector as JDK types only, {length, runStarts, runLengths, values} (the run arrays null
   * when dense), so the driver can read it without FlexCode's classes; {@link #fromWire} reverses
   * it.
   */
  public Object[] toWire() {
    return new Object[] {length, runStarts, runLengths, values};
  }

  /** The vector {@link #toWire} encoded. */
  public static PackedVector fromWire(Object[] wire) {
    return new PackedVector(
        (Integer) wire[0], (int[]) wire[1], (int[]) wire[2], (double[]) wire[3]);
  }

  /** The number of entries, zeros included. */
  public int length() {
    return length;
  }

  /** Whether the vector travels as runs of non-zeros. */
  boolean isSparse() {
    return runStarts != null;
  }

  /** The number of stored values: all entries when dense, the non-zeros when sparse. */
  int storedEntries() {
    return values == null ? 0 : values.length;
  }

  /**
   * Adds {@code scale} times entries {@code [from, from + target.length)} of this vector to {@code
   * target}: the whole vector for a primary task, one block's slice for a shadow task.
   */
  public void addScaledSliceTo(double[] target, int from, double scale) {
    if (values == null) {
      throw new IllegalStateException(
          "the values of this vector stayed on their executor: combine them there");
    }
    int to = from + target.length;
    if (from < 0 || to > length) {
      throw new IllegalArgumentException(
          "slice [" + from + ", " + to + ") is outside a vector of length " + length);
    }
    if (runStarts == null) {
      for (int d = 0; d < target.length; d++) {
        target[d] += scale * values[from + d];
      }
      return;
    }
    int k = 0;
    for (int r = 0; r < runStarts.length; r++) {
      int start = runStarts[r];
      int end = start + runLengths[r];
      for (int i = Math.max(start, from); i < Math.min(end, to); i++) {
        target[i - from] += scale * values[k + i - start];
      }
      k += runLengths[r];
    }
  }

  /** This vector as a dense array (a copy). */
  public double[] toDense() {
    double[] dense = new double[length];
    addScaledSliceTo(dense, 0, 1.0);
    return dense;
  }
}
