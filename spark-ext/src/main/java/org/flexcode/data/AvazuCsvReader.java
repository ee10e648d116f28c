package org.flexcode.data;

import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.feature.HashingTF;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.regression.LabeledPoint;

/**
 * Reads the Avazu CTR CSV (24 columns: id, click, hour, C1, banner_pos, site_*, app_*, device_*,
 * C14..C21) into binary-labelled sparse points: {@code click} is the label and every other column
 * but {@code id} becomes one indicator feature {@code column=value}, hashed into numFeatures
 * buckets with Spark's own feature hashing ({@code mllib.feature.HashingTF}, murmur3); {@code hour}
 * (YYMMDDHH) contributes its hour of day. {@code train.csv} has a header line, {@code dev.csv} and
 * {@code test.csv} do not. A wrong header, a wrong column count, or a label outside {0, 1} fails
 * with a {@link DataFormatException} naming the file and line.
 */
public final class AvazuCsvReader {

  /** The columns, in file order. */
  public static final List<String> COLUMNS =
      List.of(
          "id",
          "click",
          "hour",
          "C1",
          "banner_pos",
          "site_id",
          "site_domain",
          "site_category",
          "app_id",
          "app_domain",
          "app_category",
          "device_id",
          "device_ip",
          "device_model",
          "device_type",
          "device_conn_type",
          "C14",
          "C15",
          "C16",
          "C17",
          "C18",
          "C19",
          "C20",
          "C21");

  private AvazuCsvReader() {}

  /** The points of {@code path}; {@code header} says whether its first line is the header. */
  public static JavaRDD<LabeledPoint> read(
      JavaSparkContext jsc, String path, int numFeatures, boolean header, int minPartitions) {
    if (numFeatures < 2) {
      throw new IllegalArgumentException("numFeatures must be >= 2, got " + numFeatures);
    }
    return Lines.numbered(jsc, path, minPartitions)
        .filter(t -> !t._1().isBlank())
        .filter(t -> !(header && t._2() == 1 && checkHeader(path, t._1())))
        .map(t -> parse(path, t._2(), t._1(), numFeatures));
  }

  private static boolean checkHeader(String file, String text) {
    List<String> names = Arrays.asList(text.trim().split(",", -1));
    if (!names.equals(COLUMNS)) {
      throw new DataFormatException(
          file, 1, "header must be " + String.join(",", COLUMNS) + ", got '" + text + "'");
    }
    return true;
  }

  static LabeledPoint parse(String file, long line, String text, int numFeatures) {
    String[] fields = text.trim().split(",", -1);
    if (fields.length != COLUMNS.size()) {
      throw new DataFormatException(
          file, line, "expected " + COLUMNS.size() + " columns, found " + fields.length);
    }
    String click = fields[1].trim();
    if (!click.equals("0") && !click.equals("1")) {
      throw new DataFormatException(
          file, line, "click (label) must be 0 or 1, got '" + click + "'");
    }
    HashingTF hashing = new HashingTF(numFeatures);
    TreeMap<Integer, Double> features = new TreeMap<>();
    for (int c = 2; c < fields.length; c++) {
      String value = fields[c].trim();
      if (c == 2) {
        if (value.length() != 8 || !value.chars().allMatch(Character::isDigit)) {
          throw new DataFormatException(file, line, "hour must be YYMMDDHH, got '" + value + "'");
        }
        value = value.substring(6);
      }
      features.put(hashing.indexOf(COLUMNS.get(c) + "=" + value), 1.0);
    }
    return new LabeledPoint(
        Double.parseDouble(click),
        Vectors.sparse(
            numFeatures,
            features.keySet().stream().mapToInt(Integer::intValue).toArray(),
            features.values().stream().mapToDouble(Double::doubleValue).toArray()));
  }
}
