package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.optimization.Updater;
import scala.Tuple2;

/**
 * An MLlib {@link Updater} that delegates to another and keeps, on the driver, the weights of every
 * call: the optimizer's first call (zero step) gives the initial weights, each later call the
 * weights after one more update, which are the points the loss history was computed at.
 */
final class RecordingUpdater extends Updater {
  private static final long serialVersionUID = 1L;

  private final Updater delegate;
  private final transient List<double[]> weights = new ArrayList<>();

  RecordingUpdater(Updater delegate) {
    this.delegate = delegate;
  }

  @Override
  public Tuple2<Vector, Object> compute(
      Vector weightsOld, Vector gradient, double stepSize, int iter, double regParam) {
    Tuple2<Vector, Object> result =
        delegate.compute(weightsOld, gradient, stepSize, iter, regParam);
    if (weights != null) {
      weights.add(result._1().toArray().clone());
    }
    return result;
  }

  /** The weights after each call, in call order. */
  List<double[]> weights() {
    return List.copyOf(weights);
  }
}
