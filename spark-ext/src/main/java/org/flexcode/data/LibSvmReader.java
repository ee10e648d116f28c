package org.flexcode.data;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.regression.LabeledPoint;

/**
 * Reads LIBSVM binary-classification files ({@code label index:value ...}, 1-based ascending
 * indices), mapping labels -1/+1 to 0/1, with every line checked: a malformed token, a label
 * outside {0, 1, -1, +1}, a NaN or infinite value, an index below 1, above numFeatures or not
 * ascending fail with a {@link DataFormatException} naming the file and line. Blank lines and
 * {@code #} comments are skipped. Plain and compressed files (gzip, bzip2) are read alike.
 */
public final class LibSvmReader {

  private LibSvmReader() {}

  /** The points of {@code path}, lazily; wrap in {@link Lines#validated} to check eagerly. */
  public static JavaRDD<LabeledPoint> read(
      JavaSparkContext jsc, String path, int numFeatures, int minPartitions) {
    if (numFeatures < 1) {
      throw new IllegalArgumentException("numFeatures must be >= 1, got " + numFeatures);
    }
    return Lines.numbered(jsc, path, minPartitions)
        .filter(t -> !t._1().isBlank() && !t._1().trim().startsWith("#"))
        .map(t -> parse(path, t._2(), t._1(), numFeatures));
  }

  /**
   * The largest feature index in {@code path} (its numFeatures when the file says nothing else);
   * malformed lines fail as in {@link #read}.
   */
  public static int maxFeatureIndex(JavaSparkContext jsc, String path, int minPartitions) {
    JavaRDD<Integer> maxima =
        Lines.numbered(jsc, path, minPartitions)
            .filter(t -> !t._1().isBlank() && !t._1().trim().startsWith("#"))
            .map(t -> lastIndex(parse(path, t._2(), t._1(), Integer.MAX_VALUE)));
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
    String content = text.contains("#") ? text.substring(0, text.indexOf('#')) : text;
    String[] tokens = content.trim().split("\\s+");
    double label = Lines.binaryLabel(file, line, tokens[0]);
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
}
