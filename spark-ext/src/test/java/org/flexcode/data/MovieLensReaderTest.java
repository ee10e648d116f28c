package org.flexcode.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class MovieLensReaderTest {

  @TempDir Path dir;

  @Test
  void readsTheBundledMlLatestSmall(SparkSession spark) {
    String path = ProjectPaths.datasets().resolve("ml-latest-small/ratings.csv").toString();
    Dataset<Row> ratings = MovieLensReader.load(spark, path, 2);
    assertEquals(100_836, ratings.count());
    assertEquals(610, ratings.select("userId").distinct().count());
    assertEquals(9_724, ratings.select("movieId").distinct().count());
    Row first = ratings.first();
    assertEquals(1, first.getInt(0));
    assertEquals(1, first.getInt(1));
    assertEquals(4.0, first.getDouble(2));
    assertEquals(964_982_703L, first.getLong(3));
  }

  @Test
  void readsFilesWithoutHeaderOrTimestamp(SparkSession spark) throws Exception {
    Path file = dir.resolve("plain.csv");
    Files.writeString(file, "5,7,3.5\n\n6,7,1\n");
    Dataset<Row> ratings = MovieLensReader.load(spark, file.toString(), 1);
    assertEquals(2, ratings.count());
    assertEquals(true, ratings.first().isNullAt(3));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1,10,NaN,5| 3| rating is not finite: 'NaN'",
        "1,10,x,5| 3| rating is not a number: 'x'",
        "1,10,4.0,5,9| 3| expected 4 columns (userId,movieId,rating,timestamp) or 3, found 5",
        "1.5,10,4.0,5| 3| userId is not an integer in the int range: '1.5'",
        "1,99999999999,4.0,5| 3| movieId is not an integer in the int range: '99999999999'",
        "1,10,4.0,soon| 3| timestamp is not an integer: 'soon'"
      })
  void aBadLineFailsNamingFileAndLine(String line, int number, String problem, JavaSparkContext jsc)
      throws Exception {
    Path file = dir.resolve("bad.csv");
    Files.writeString(file, MovieLensReader.HEADER + "\n2,20,3.0,1\n" + line + "\n");
    DataFormatException e =
        assertThrows(
            DataFormatException.class,
            () -> Lines.validated(MovieLensReader.read(jsc, file.toString(), 1)));
    assertEquals(file + ":" + number + ": " + problem, e.getMessage());
  }

  @Test
  void aWrongHeaderFailsOnLineOne(JavaSparkContext jsc) throws Exception {
    Path file = dir.resolve("header.csv");
    Files.writeString(file, "userId,itemId,rating\n1,2,3\n");
    DataFormatException e =
        assertThrows(
            DataFormatException.class,
            () -> Lines.validated(MovieLensReader.read(jsc, file.toString(), 1)));
    assertEquals(1, e.line());
  }
}
