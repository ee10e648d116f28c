package org.flexcode.data;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;

/** Text lines with their 1-based line numbers, and eager validation of parsed data. */
public final class Lines {

  private Lines() {}

  /**
   * The lines of {@code path} paired with their line numbers. For a single file (plain or
   * compressed) the numbers are the file's own; for a directory or glob they count across its files
   * in the order Spark lists them.
   */
  static JavaPairRDD<String, Long> numbered(JavaSparkContext jsc, String path, int minPartitions) {
    return jsc.textFile(path, minPartitions).zipWithIndex().mapValues(i -> i + 1);
  }

  /**
   * Whether {@code path} is a local directory holding no data file (Spark reads nothing from it);
   * hidden files and Hadoop's markers ({@code _SUCCESS}) do not count.
   */
  public static boolean isEmptyDirectory(String path) {
    if (path.contains("://") && !path.startsWith("file://")) {
      return false;
    }
    java.io.File dir = new java.io.File(path.startsWith("file://") ? path.substring(7) : path);
    String[] names = dir.list((d, name) -> !name.startsWith(".") && !name.startsWith("_"));
    return dir.isDirectory() && names != null && names.length == 0;
  }

  /**
   * Caches {@code data} and runs through it once, so a bad line fails here, before any training;
   * the {@link DataFormatException} thrown inside a task is rethrown as is on the driver.
   */
  public static <T> JavaRDD<T> validated(JavaRDD<T> data) {
    data.persist(StorageLevel.MEMORY_AND_DISK());
    try {
      data.count();
    } catch (Exception e) { // SparkException is checked, but Spark's Java API throws it unchecked
      data.unpersist(false);
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof DataFormatException format) {
          throw new DataFormatException(format.file(), format.line(), problemOf(format));
        }
      }
      throw Lines.<RuntimeException>rethrow(e);
    }
    return data;
  }

  @SuppressWarnings("unchecked")
  private static <E extends Exception> E rethrow(Exception e) throws E {
    throw (E) e;
  }

  private static String problemOf(DataFormatException e) {
    String prefix = e.file() + ":" + e.line() + ": ";
    return e.getMessage().startsWith(prefix)
        ? e.getMessage().substring(prefix.length())
        : e.getMessage();
  }

  /** Parses a finite double or fails naming the field. */
  static double finite(String file, long line, String what, String text) {
    double value;
    try {
      value = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new DataFormatException(file, line, what + " is not a number: '" + text + "'");
    }
    if (!Double.isFinite(value)) {
      throw new DataFormatException(file, line, what + " is not finite: '" + text + "'");
    }
    return value;
  }

  /** Maps a binary label to 0/1: accepts 0, 1, -1 and +1. */
  static double binaryLabel(String file, long line, String text) {
    double label = finite(file, line, "label", text);
    if (label == 1.0) {
      return 1.0;
    }
    if (label == 0.0 || label == -1.0) {
      return 0.0;
    }
    throw new DataFormatException(
        file, line, "label must be 0/1 or -1/+1 for binary classification, got '" + text + "'");
  }
}
