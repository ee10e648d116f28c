package org.flexcode.workloads.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class RowOrderTest {

  static final List<IndexedRating> RATINGS =
      List.of(
          new IndexedRating(2, 0, 1.0),
          new IndexedRating(0, 3, 2.0),
          new IndexedRating(2, 1, 3.0),
          new IndexedRating(0, 0, 4.0),
          new IndexedRating(3, 3, 5.0));

  @Test
  void groupsTheRatingsByUserKeepingTheirBlockOrderWithinAUser() {
    RowOrder order = RowOrder.of(RATINGS, true, 4);
    assertEquals(4, order.rows());
    assertArrayEquals(new int[] {0, 2, 2, 4, 5}, starts(order));
    assertArrayEquals(new int[] {3, 0, 0, 1, 3}, fixedRows(order));
    assertArrayEquals(new double[] {2.0, 4.0, 1.0, 3.0, 5.0}, ratings(order));
  }

  @Test
  void groupsTheRatingsByItemWithTheUsersAsTheFixedRows() {
    RowOrder order = RowOrder.of(RATINGS, false, 5);
    assertEquals(5, order.rows());
    assertArrayEquals(new int[] {0, 2, 3, 3, 5, 5}, starts(order));
    assertArrayEquals(new int[] {2, 0, 2, 0, 3}, fixedRows(order));
    assertArrayEquals(new double[] {1.0, 4.0, 3.0, 2.0, 5.0}, ratings(order));
  }

  @Test
  void anEmptyBlockHasNoRatingsInAnyRow() {
    RowOrder order = RowOrder.of(new ArrayList<>(), true, 3);
    assertArrayEquals(new int[] {0, 0, 0, 0}, starts(order));
  }

  private static int[] starts(RowOrder order) {
    int[] starts = new int[order.rows() + 1];
    for (int x = 0; x <= order.rows(); x++) {
      starts[x] = order.start(x);
    }
    return starts;
  }

  private static int[] fixedRows(RowOrder order) {
    int n = order.start(order.rows());
    int[] rows = new int[n];
    for (int i = 0; i < n; i++) {
      rows[i] = order.fixedRow(i);
    }
    return rows;
  }

  private static double[] ratings(RowOrder order) {
    int n = order.start(order.rows());
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = order.rating(i);
    }
    return values;
  }
}
