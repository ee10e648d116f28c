package org.flexcode.entropy.internal;

import java.io.Serializable;

/**
 * Serializable accessors that feature filters use to read a record, so filters work on any record
 * type (Spark's LabeledPoint, a rating, a document) without this package importing it.
 */
final class RecordFunctions {

  private RecordFunctions() {}

  /** Reads one number from a record, e.g. its label or a numeric feature. */
  @FunctionalInterface
  public interface ToDouble<T> extends Serializable {
    /** The number of {@code record}. */
    double applyAsDouble(T record);
  }

  /** Reads one integer key from a record, e.g. a user or item id. */
  @FunctionalInterface
  public interface ToInt<T> extends Serializable {
    /** The key of {@code record}. */
    int applyAsInt(T record);
  }

  /** Reads the indices of a record's active (non-zero) features, or a document's term ids. */
  @FunctionalInterface
  public interface ToIndices<T> extends Serializable {
    /** The active indices of {@code record}; the caller does not modify the array. */
    int[] apply(T record);
  }

  /** Reads the counts that go with {@link ToIndices}, e.g. a document's term counts. */
  @FunctionalInterface
  public interface ToCounts<T> extends Serializable {
    /** One count per index of {@code record}; the caller does not modify the array. */
    double[] apply(T record);
  }
}
