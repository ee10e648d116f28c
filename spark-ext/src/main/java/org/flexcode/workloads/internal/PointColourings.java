package org.flexcode.workloads.internal;

import org.apache.spark.mllib.linalg.Vector;
import org.flexcode.entropy.internal.Colouring;
import org.flexcode.entropy.internal.Colourings;
import scala.Tuple2;

/**
 * The colourings shadow strategies use for labelled points: the label plus three hashed-presence
 * filters over the active feature indices ({@link Colourings#labelAndBuckets}), for MLlib's (label,
 * features) pairs and for spark.ml {@link WeightedPoint}s.
 */
public final class PointColourings {

  private PointColourings() {}

  /** For MLlib's {@code (label, features)} pairs, as {@code GradientDescent} reads them. */
  public static Colouring<Tuple2<Object, Vector>> mllibPairs() {
    return Colourings.labelAndBuckets(
        p -> ((Number) p._1()).doubleValue(), p -> activeIndices(p._2()));
  }

  /** For spark.ml instances. */
  public static Colouring<WeightedPoint> weightedPoints() {
    return Colourings.labelAndBuckets(WeightedPoint::label, p -> activeIndices(p.features()));
  }

  private static int[] activeIndices(Vector features) {
    if (features instanceof org.apache.spark.mllib.linalg.SparseVector sparse) {
      return sparse.indices();
    }
    return nonZero(features.toArray());
  }

  private static int[] activeIndices(org.apache.spark.ml.linalg.Vector features) {
    if (features instanceof org.apache.spark.ml.linalg.SparseVector sparse) {
      return sparse.indices();
    }
    return nonZero(features.toArray());
  }

  private static int[] nonZero(double[] values) {
    int count = 0;
    for (double v : values) {
      if (v != 0.0) {
        count++;
      }
    }
    int[] indices = new int[count];
    int k = 0;
    for (int i = 0; i < values.length; i++) {
      if (values[i] != 0.0) {
        indices[k++] = i;
      }
    }
    return indices;
  }
}
