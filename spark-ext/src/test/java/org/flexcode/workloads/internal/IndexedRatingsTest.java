package org.flexcode.workloads.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class IndexedRatingsTest {

  static final StructType SCHEMA =
      new StructType()
          .add("u", DataTypes.IntegerType, false)
          .add("i", DataTypes.IntegerType, false)
          .add("r", DataTypes.DoubleType, true);

  @Test
  void mapsIdsToSortedDenseIndices(SparkSession spark) {
    Dataset<Row> rows =
        spark.createDataFrame(
            List.of(
                RowFactory.create(50, 7, 1.0),
                RowFactory.create(-3, 7, 2.0),
                RowFactory.create(50, 900, 3.0)),
            SCHEMA);
    IndexedRatings indexed = IndexedRatings.of(rows, "column r");
    assertArrayEquals(new int[] {-3, 50}, indexed.userIds());
    assertArrayEquals(new int[] {7, 900}, indexed.itemIds());
    assertEquals(1, indexed.userIndex(50));
    assertTrue(indexed.itemIndex(8) < 0);
    List<IndexedRating> ratings = indexed.ratings().collect();
    assertEquals(
        List.of(
            new IndexedRating(1, 0, 1.0),
            new IndexedRating(0, 0, 2.0),
            new IndexedRating(1, 1, 3.0)),
        ratings);
    indexed.ratings().unpersist(false);
  }

  @Test
  void aNanRatingFailsNamingUserAndItem(SparkSession spark) {
    Dataset<Row> rows = spark.createDataFrame(List.of(RowFactory.create(4, 5, Double.NaN)), SCHEMA);
    Exception e =
        assertThrows(Exception.class, () -> IndexedRatings.of(rows, "column r").ratings().count());
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    assertEquals(
        "ratings must be finite, found NaN in column r for user 4, item 5", root.getMessage());
  }
}
