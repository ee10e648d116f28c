package org.flexcode.workloads.internal;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;

/**
 * Ratings with their raw user and item ids mapped to dense indices: index k of {@code userIds}
 * (sorted ascending) is user index k, likewise for items. The ratings RDD keeps the partitions of
 * the frame it came from (one engine block per partition) and is persisted (MEMORY_AND_DISK);
 * unpersist it when done.
 */
public record IndexedRatings(int[] userIds, int[] itemIds, JavaRDD<IndexedRating> ratings) {

  /** Number of distinct users. */
  public int numUsers() {
    return userIds.length;
  }

  /** Number of distinct items. */
  public int numItems() {
    return itemIds.length;
  }

  /** The dense index of user {@code id}, or a negative number when it has no rating. */
  public int userIndex(int id) {
    return Arrays.binarySearch(userIds, id);
  }

  /** The dense index of item {@code id}, or a negative number when it has no rating. */
  public int itemIndex(int id) {
    return Arrays.binarySearch(itemIds, id);
  }

  /**
   * Indexes {@code rows}, whose first three columns are the user id (int), the item id (int) and
   * the rating (double, non-null, finite; an error names the bad value and the user and item),
   * described as {@code ratingName} in errors.
   */
  public static IndexedRatings of(Dataset<Row> rows, String ratingName) {
    String[] columns = rows.columns();
    if (columns.length < 3) {
      throw new IllegalArgumentException(
          "need user, item and rating columns, got " + Arrays.toString(columns));
    }
    int[][] distinct = sortedDistinctIds(rows, columns[0], columns[1]);
    int[] userIds = distinct[0];
    int[] itemIds = distinct[1];
    if (userIds.length == 0) {
      throw new IllegalArgumentException("there are no ratings (the data is empty)");
    }
    JavaRDD<IndexedRating> ratings =
        rows.toJavaRDD()
            .map(row -> toRating(row, userIds, itemIds, ratingName))
            .persist(StorageLevel.MEMORY_AND_DISK());
    return new IndexedRatings(userIds, itemIds, ratings);
  }

  /**
   * The sorted distinct values of the first two columns, {users, items}, in one pass without a
   * shuffle: each partition's distinct ids, merged on the driver.
   */
  private static int[][] sortedDistinctIds(
      Dataset<Row> rows, String userColumn, String itemColumn) {
    List<int[][]> perPartition =
        rows.toJavaRDD()
            .mapPartitions(
                (Iterator<Row> it) -> {
                  Set<Integer> users = new HashSet<>();
                  Set<Integer> items = new HashSet<>();
                  int[] nulls = new int[2];
                  while (it.hasNext()) {
                    Row row = it.next();
                    for (int c = 0; c < 2; c++) {
                      if (row.isNullAt(c)) {
                        nulls[c]++;
                      } else {
                        (c == 0 ? users : items).add(row.getInt(c));
                      }
                    }
                  }
                  int[][] ids = {toArray(users), toArray(items), nulls};
                  return List.<int[][]>of(ids).iterator();
                })
            .collect();
    Set<Integer> users = new HashSet<>();
    Set<Integer> items = new HashSet<>();
    for (int[][] ids : perPartition) {
      if (ids[2][0] > 0 || ids[2][1] > 0) {
        throw new IllegalArgumentException(
            "column " + (ids[2][0] > 0 ? userColumn : itemColumn) + " holds a null id");
      }
      for (int id : ids[0]) {
        users.add(id);
      }
      for (int id : ids[1]) {
        items.add(id);
      }
    }
    int[] userIds = toArray(users);
    int[] itemIds = toArray(items);
    Arrays.sort(userIds);
    Arrays.sort(itemIds);
    return new int[][] {userIds, itemIds};
  }

  private static int[] toArray(Set<Integer> ids) {
    return ids.stream().mapToInt(Integer::intValue).toArray();
  }

  private static IndexedRating toRating(Row row, int[] userIds, int[] itemIds, String ratingName) {
    if (row.isNullAt(2)) {
      throw new IllegalArgumentException(
          ratingName + " is null for user " + row.get(0) + ", item " + row.get(1));
    }
    double value = row.getDouble(2);
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(
          "ratings must be finite, found "
              + value
              + " in "
              + ratingName
              + " for user "
              + row.getInt(0)
              + ", item "
              + row.getInt(1));
    }
    return new IndexedRating(
        Arrays.binarySearch(userIds, row.getInt(0)),
        Arrays.binarySearch(itemIds, row.getInt(1)),
        value);
  }
}
