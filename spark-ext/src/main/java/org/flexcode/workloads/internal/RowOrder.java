package org.flexcode.workloads.internal;

import java.util.List;

/**
 * A block's ratings grouped by the row a half-sweep solves (users or items), as primitive arrays: a
 * stable counting sort, so the ratings of one row keep their order in the block. Row x's ratings
 * are the positions {@code start(x)} to {@code start(x + 1) - 1}, each with the other side's row
 * ({@link #fixedRow}) and the rating value.
 */
final class RowOrder {

  private final int[] starts;
  private final int[] fixedRows;
  private final double[] ratings;

  private RowOrder(int[] starts, int[] fixedRows, double[] ratings) {
    this.starts = starts;
    this.fixedRows = fixedRows;
    this.ratings = ratings;
  }

  /**
   * {@code ratings} ordered by user ({@code byUser}) or by item, for {@code rows} rows of that side
   * (every index of that side below it).
   */
  static RowOrder of(List<IndexedRating> ratings, boolean byUser, int rows) {
    int n = ratings.size();
    int[] solvedRows = new int[n];
    int[] otherRows = new int[n];
    double[] values = new double[n];
    int[] starts = new int[rows + 1];
    int i = 0;
    for (IndexedRating r : ratings) {
      solvedRows[i] = byUser ? r.user() : r.item();
      otherRows[i] = byUser ? r.item() : r.user();
      values[i] = r.rating();
      starts[solvedRows[i] + 1]++;
      i++;
    }
    for (int x = 0; x < rows; x++) {
      starts[x + 1] += starts[x];
    }
    int[] next = java.util.Arrays.copyOf(starts, rows);
    int[] fixedRows = new int[n];
    double[] sorted = new double[n];
    for (int k = 0; k < n; k++) {
      int position = next[solvedRows[k]]++;
      fixedRows[position] = otherRows[k];
      sorted[position] = values[k];
    }
    return new RowOrder(starts, fixedRows, sorted);
  }

  /** The number of rows of the solved side. */
  int rows() {
    return starts.length - 1;
  }

  /** The position of row {@code x}'s first rating ({@code x} up to {@link #rows()} inclusive). */
  int start(int x) {
    return starts[x];
  }

  /** The other side's row of the rating at {@code position}. */
  int fixedRow(int position) {
    return fixedRows[position];
  }

  /** The value of the rating at {@code position}. */
  double rating(int position) {
    return ratings[position];
  }
}
