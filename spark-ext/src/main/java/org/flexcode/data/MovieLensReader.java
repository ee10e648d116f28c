package org.flexcode.data;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Reads MovieLens rating files in the CSV form of the {@code ml-latest} releases: {@code
 * userId,movieId,rating,timestamp} (the timestamp may be left out), with or without that header
 * line. Every line is checked: a wrong column count, a non-integer id, a rating that is not a
 * finite number (NaN, Infinity) or a malformed timestamp fails with a {@link DataFormatException}
 * naming the file and line; so does a first line that starts with {@code userId} but is not the
 * header. Blank lines are skipped. Plain and compressed files (gzip, bzip2) are read alike.
 */
public final class MovieLensReader {

  /** The header of the ml-latest ratings files. */
  public static final String HEADER = "userId,movieId,rating,timestamp";

  /**
   * The schema of the rows: {@code userId} int, {@code movieId} int, {@code rating} double, {@code
   * timestamp} long (null when the file has no timestamp column).
   */
  public static final StructType SCHEMA =
      new StructType()
          .add("userId", DataTypes.IntegerType, false)
          .add("movieId", DataTypes.IntegerType, false)
          .add("rating", DataTypes.DoubleType, false)
          .add("timestamp", DataTypes.LongType, true);

  private MovieLensReader() {}

  /** The ratings of {@code path} as rows of {@link #SCHEMA}, lazily; see {@link #load}. */
  public static JavaRDD<Row> read(JavaSparkContext jsc, String path, int minPartitions) {
    return Lines.numbered(jsc, path, minPartitions)
        .filter(t -> !t._1().isBlank())
        .filter(t -> !(t._2() == 1 && isHeader(path, t._1())))
        .map(t -> parse(path, t._2(), t._1()));
  }

  /**
   * The ratings of {@code path} as a DataFrame of {@link #SCHEMA} in at least {@code minPartitions}
   * partitions, checked eagerly (a bad line fails here) and cached.
   */
  public static Dataset<Row> load(SparkSession spark, String path, int minPartitions) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return spark.createDataFrame(Lines.validated(read(jsc, path, minPartitions)), SCHEMA);
  }

  private static boolean isHeader(String file, String text) {
    String trimmed = text.trim();
    if (!trimmed.startsWith("userId")) {
      return false;
    }
    if (!trimmed.equals(HEADER) && !trimmed.equals("userId,movieId,rating")) {
      throw new DataFormatException(
          file, 1, "header must be " + HEADER + " (timestamp optional), got '" + text + "'");
    }
    return true;
  }

  static Row parse(String file, long line, String text) {
    String[] fields = text.trim().split(",", -1);
    if (fields.length != 3 && fields.length != 4) {
      throw new DataFormatException(
          file, line, "expected 4 columns (" + HEADER + ") or 3, found " + fields.length);
    }
    int user = id(file, line, "userId", fields[0]);
    int movie = id(file, line, "movieId", fields[1]);
    double rating = Lines.finite(file, line, "rating", fields[2].trim());
    Long timestamp = null;
    if (fields.length == 4) {
      try {
        timestamp = Long.parseLong(fields[3].trim());
      } catch (NumberFormatException e) {
        throw new DataFormatException(
            file, line, "timestamp is not an integer: '" + fields[3] + "'");
      }
    }
    return RowFactory.create(user, movie, rating, timestamp);
  }

  private static int id(String file, long line, String what, String text) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new DataFormatException(
          file, line, what + " is not an integer in the int range: '" + text + "'");
    }
  }
}
