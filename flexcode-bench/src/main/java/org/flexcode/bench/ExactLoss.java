package org.flexcode.bench;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.Gradient;
import scala.Tuple2;

/**
 * The exact objective at several weights in one pass over the data: for each weight vector w, the
 * mean over all records of {@code gradient.compute(x, y, w)}'s loss (the full-batch loss MLlib's
 * loss history records, with no regularization: the bench's SimpleUpdater has none). The bench runs
 * it off the clock, outside any run's jobs.
 */
final class ExactLoss {

  private ExactLoss() {}

  /** The exact loss at each of {@code weights}, in order. */
  static double[] of(
      JavaRDD<Tuple2<Object, Vector>> data, Gradient gradient, List<double[]> weights) {
    int k = weights.size();
    Broadcast<List<double[]>> points =
        JavaSparkContext.fromSparkContext(data.context()).broadcast(new ArrayList<>(weights));
    try {
      double[] sums =
          data.mapPartitions((Iterator<Tuple2<Object, Vector>> it) -> partial(it, gradient, points))
              .reduce(ExactLoss::add);
      double[] loss = new double[k];
      for (int i = 0; i < k; i++) {
        loss[i] = sums[k] == 0 ? Double.NaN : sums[i] / sums[k];
      }
      return loss;
    } finally {
      points.destroy();
    }
  }

  /** One partition's loss sums per weight vector, and its record count last. */
  private static Iterator<double[]> partial(
      Iterator<Tuple2<Object, Vector>> records,
      Gradient gradient,
      Broadcast<List<double[]>> points) {
    List<double[]> weights = points.value();
    int k = weights.size();
    List<Vector> vectors = new ArrayList<>(k);
    List<Vector> scratch = new ArrayList<>(k);
    for (double[] w : weights) {
      vectors.add(Vectors.dense(w));
      scratch.add(Vectors.zeros(w.length));
    }
    double[] sums = new double[k + 1];
    while (records.hasNext()) {
      Tuple2<Object, Vector> r = records.next();
      double label = ((Number) r._1()).doubleValue();
      for (int i = 0; i < k; i++) {
        sums[i] += gradient.compute(r._2(), label, vectors.get(i), scratch.get(i));
      }
      sums[k]++;
    }
    return List.of(sums).iterator();
  }

  private static double[] add(double[] a, double[] b) {
    double[] sum = a.clone();
    for (int i = 0; i < sum.length; i++) {
      sum[i] += b[i];
    }
    return sum;
  }
}
