package org.flexcode.aggregation.strategy.shadow;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.LaunchSource;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.TaskLaunches;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.coding.Decoding;
import org.flexcode.coding.GradientCode;

/**
 * {@link Shadowed} bound. Exact whenever the primaries decode; otherwise, once at most s + m
 * primaries are missing and every block the finished primaries do not decode exactly has a finished
 * shadow, the aggregate is the primaries' decoding plus, for each such block, its shadow's estimate
 * of the part the decoding misses. With FRC or uncoded primaries that part is a whole block no
 * finished primary holds.
 */
record ShadowedDecoder(Shadowed strategy, GradientCode code)
    implements BoundStrategy, LaunchSource {

  private static final double COVERAGE_TOLERANCE = 1e-9;

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    int n = code.numTasks();
    BitSet primaries = finished.get(0, n);
    if (code.isDecodable(primaries)) {
      Decoding decoding = code.decode(primaries);
      if (decoding.exact()) {
        return Optional.of(
            new Decision(
                decoding.taskCoefficients(), decoding.usedTasks(), decoding.residual(), true));
      }
    }
    if (n - primaries.cardinality() > strategy.s() + strategy.shadows().count()) {
      return Optional.empty();
    }
    // The finished primaries' best decoding (least squares; exact where it can be) covers block
    // j with coefficient coverage[j]; the rest of each block, 1 - coverage[j], comes from j's
    // shadow: all of a block no finished primary holds, part of one a cyclic decoding misses.
    double[] weights =
        primaries.isEmpty() ? new double[n] : code.decode(primaries).taskCoefficients();
    double[] coverage = coverage(weights);
    TreeMap<Integer, Integer> estimated = new TreeMap<>();
    TreeMap<Integer, Double> shares = new TreeMap<>();
    double squaredResidual = 0;
    for (int block = 0; block < n; block++) {
      double share = 1.0 - coverage[block];
      if (Math.abs(share) <= COVERAGE_TOLERANCE) {
        continue;
      }
      int shadowTask = n + strategy.shadows().shadowOf(block, n);
      if (!finished.get(shadowTask)) {
        return Optional.empty(); // this block's shadow has not reported: wait
      }
      estimated.put(block, shadowTask);
      shares.put(block, share);
      squaredResidual += share * share;
    }
    BitSet used = new BitSet(n);
    for (int task = 0; task < n; task++) {
      if (weights[task] != 0.0) {
        used.set(task);
      }
    }
    return Optional.of(
        new Decision(weights, used, Math.sqrt(squaredResidual), false, estimated, shares));
  }

  /** The coefficient with which the primaries weighted by {@code weights} cover each block. */
  private double[] coverage(double[] weights) {
    double[] coverage = new double[code.numTasks()];
    for (int task = 0; task < weights.length; task++) {
      if (weights[task] != 0.0) {
        int[] blocks = code.blocksOf(task);
        double[] c = code.coefficientsOf(task);
        for (int k = 0; k < blocks.length; k++) {
          coverage[blocks[k]] += weights[task] * c[k];
        }
      }
    }
    return coverage;
  }

  /**
   * Late shadows when the shadows launch late ({@link LateShadows}), else every task in the first
   * job.
   */
  @Override
  public LateLaunchPolicy launches(TaskLayout layout, TaskLaunches listener) {
    ShadowSpec shadows = shadows();
    return shadows.late()
        ? new LateShadows(layout, code.stragglerTolerance(), shadows, listener)
        : LateLaunchPolicy.none(layout.numTasks());
  }
}
