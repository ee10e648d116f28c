package org.flexcode.data;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.regression.LabeledPoint;

/**
 * Reads LIBSVM files ({@code label index:value ...}, 1-based ascending indices): binary
 * classification by default, mapping labels -1/+1 to 0/1, or with {@link Labels} classes 0, 1, ...
 * or any real label. Every line is checked: a malformed token, a label its {@link Labels} refuses
 * (outside {0, 1, -1, +1} for binary), a NaN or infinite value, an index below 1, above numFeatures
 * or not ascending fail with a {@link DataFormatException} naming the file and line. Blank lines
 * and {@code #} comments are skipped. Plain and compressed files (gzip, bzip2) are read alike.
 */
public final class LibSvmReader {

  private LibSvmReader() {}

  /** Which labels a file may hold. */
  public enum Labels {
    /** 0/1 or -1/+1, read as 0/1. */
    BINARY,
    /** Classes 0, 1, 2, ... (integers >= 0). */
    CLASSES,
    /** Any finite number (regression). */
    REAL
  }

  /** The points of a binary-classification {@code path}, lazily. */
  public static JavaRDD<LabeledPoint> read(
      JavaSparkContext jsc, String path, int numFeatures, int minPartitions) {
    return read(jsc, path, numFeatures, minPartitions, Labels.BINARY);
  }

  /** The points of {@code path}, lazily; wrap in {@link Lines#validated} to check eagerly. */
  public static JavaRDD<LabeledPoint> read(
      JavaSparkContext jsc, String path, int numFeatures, int minPartitions, Labels labels) {
    if (numFeatures < 1) {
      throw new IllegalArgumentException("numFeatures must be >= 1, got " + numFeatures);
    }
    return Lines.numbered(jsc, path, minPartitions)
        .filter(t -> !t._1().isBlank() && !t._1().trim().startsWith("#"))
        .map(t -> parse(path, t._2(), t._1(), numFeatures, labels));
  }

  /**
   * The largest feature index in {@code path} (its numFeatures when the file says nothing else);
   * malformed lines fail as in {@link #read}.
   */
  public static int maxFeatureIndex(JavaSparkContext jsc, String path, int minPartitions) {
    return maxFeatureIndex(jsc, path, minPartitions, Labels.BINARY);
  }

  /** As {@link #maxFeatureIndex(JavaSparkContext, String, int)}, for files of {@code labels}. */
  public static int maxFeatureIndex(
      JavaSparkContext jsc, String path, int minPartitions, Labels labels) {
    JavaRDD<Integer> maxima =
        Lines.numbered(jsc, path, minPartitions)
            .filter(t -> !t._1().isBlank() && !t._1().trim().startsWith("#"))
            .map(t -> lastIndex(parse(path, t._2(), t._1(), Integer.MAX_VALUE, labels)));
    try {
      return maxima.isEmpty() ? 0 : maxima.reduce(Math::max);
    } catch (Exception e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof DataFormatException format) {
          throw format;
        }
      }
      throw e;
    }
  }

  private static int lastIndex(LabeledPoint point) {
    int[] indices = point.features().toSparse().indices();
    return indices.length == 0 ? 0 : indices[indices.length - 1] + 1;
  }

  static LabeledPoint parse(String file, long line, String text, int numFeatures) {
    return parse(file, line, text, numFeatures, Labels.BINARY);
  }

  static LabeledPoint parse(String file, long line, String text, int numFeatures, Labels labels) {
    String content = text.contains("#") ? text.substring(0, text.indexOf('#')) : text;
    String[] tokens = content.trim().split("\\s+");
    double label =
        switch (labels) {
          case BINARY -> Lines.binaryLabel(file, line, tokens[0]);
          case CLASSES -> classLabel(file, line, tokens[0]);
          case REAL -> Lines.finite(file, line, "label", tokens[0]);
        };
    List<Integer> indices = new ArrayList<>(tokens.length);
    List<Double> values = new ArrayList<>(tokens.length);
    int previous = 0;
    for (int k = 1; k < tokens.length; k++) {
      String token = tokens[k];
      int colon = token.indexOf(':');
      if (colon <= 0 || colon == token.length() - 1) {
        throw new DataFormatException(
            file, line, "token " + k + " '" + token + "' is not index:value");
      }
      int index;
      try {
        index = Integer.parseInt(token.substring(0, colon));
      } catch (NumberFormatException e) {
        throw new DataFormatException(
            file, line, "token " + k + " '" + token + "' has a non-integer index");
      }
      if (index < 1 || index > numFeatures) {
        throw new DataFormatException(
            file,
            line,
            "feature index " + index + " is outside 1.." + numFeatures + " (numFeatures)");
      }
      if (index <= previous) {
        throw new DataFormatException(
            file, line, "feature indices must ascend: " + index + " after " + previous);
      }
      previous = index;
      indices.add(index - 1);
      values.add(Lines.finite(file, line, "value of feature " + index, token.substring(colon + 1)));
    }
    return new LabeledPoint(
        label,
        Vectors.sparse(
            numFeatures,
            indices.stream().mapToInt(Integer::intValue).toArray(),
            values.stream().mapToDouble(Double::doubleValue).toArray()));
  }

  private static double classLabel(String file, long line, String text) {
    double label = Lines.finite(file, line, "label", text);
    if (label < 0 || label != Math.rint(label)) {
      throw new DataFormatException(
          file, line, "label must be a class 0, 1, 2, ... (an integer >= 0), got '" + text + "'");
    }
    return label;
  }
}
