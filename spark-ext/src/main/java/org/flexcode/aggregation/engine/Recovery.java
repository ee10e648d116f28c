package org.flexcode.aggregation.engine;

import java.util.BitSet;
import java.util.Map;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ComputedBlocks;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.aggregation.UndecodableIterationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an iteration does when all its jobs ended without a decision (Spark aborted one): resubmit
 * the tasks still needed if the code can do without the failed ones (at most {@code maxResubmits}
 * times), else approximate (the strategy's best effort, residual logged, rescaled by all records /
 * records it represents so that a block lost for good does not bias the sum low) when asked, else
 * fail with an {@link UndecodableIterationException} naming the iteration and the missing blocks.
 */
final class Recovery {

  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

  private final BoundStrategy strategy;
  private final TaskLayout layout;
  private final AggregatorOptions options;
  private final long[] blockRecords;

  /** {@code blockRecords[j]}: the records of block j of the code. */
  Recovery(
      BoundStrategy strategy, TaskLayout layout, AggregatorOptions options, long[] blockRecords) {
    this.strategy = strategy;
    this.layout = layout;
    this.options = options;
    this.blockRecords = blockRecords.clone();
  }

  /** Whether to resubmit after the job failed with {@code cause} and {@code resubmits} so far. */
  boolean shouldResubmit(Throwable cause, int resubmits, Arrivals arrivals) {
    int n = layout.numTasks();
    BitSet finished = arrivals.finished();
    BitSet possible = new BitSet(n);
    possible.set(0, n);
    possible.andNot(arrivals.failed());
    possible.or(finished);
    BitSet rerunnable = (BitSet) possible.clone();
    rerunnable.andNot(finished);
    boolean worthRerunning =
        strategy.couldDecide(possible)
            || (options.approximateWhenUndecodable() && !rerunnable.isEmpty());
    return cause != null && resubmits < options.maxResubmits() && worthRerunning;
  }

  /** The best approximation if the user accepts one; else throws naming the missing blocks. */
  Decision giveUp(int it, Arrivals arrivals, Throwable cause) {
    if (!options.approximateWhenUndecodable()) {
      throw new UndecodableIterationException(undecodableMessage(it, arrivals), cause);
    }
    Decision best = strategy.bestEffort(arrivals.finished());
    Decision decision = best.scaled(recordScale(best));
    LOG.warn(
        "FlexCode iteration {}: not decodable from tasks {}; using the best approximation,"
            + " residual {}, rescaled x{} to all records",
        it,
        arrivals.finished(),
        decision.residual(),
        decision.recordScale());
    return decision;
  }

  /**
   * All records / the records {@code decision} represents: block j counts c_j = sum over used
   * primaries i that computed it this iteration (for {@code gcdc}, the blocks of its slot, not all
   * it caches) of w_i B_ij, plus its share when a shadow estimates it, and the decision represents
   * sum_j c_j r_j records. 1 when it represents none or the records are unknown.
   */
  double recordScale(Decision decision) {
    double[] coverage = new double[blockRecords.length];
    double[] weights = decision.weights();
    ComputedBlocks computed =
        strategy.capability(Adaptive.class).orElse(Adaptive.NONE).computedBlocks();
    decision.used().stream()
        .filter(task -> task < layout.primaries())
        .forEach(
            task -> {
              for (int block : layout.blocksOf(task)) {
                if (computed.computes(task, block)) {
                  coverage[block] += weights[task] * layout.coefficientOf(task, block);
                }
              }
            });
    decision.shares().forEach((block, share) -> coverage[block] += share);
    double total = 0;
    double represented = 0;
    for (int j = 0; j < blockRecords.length; j++) {
      total += blockRecords[j];
      represented += coverage[j] * blockRecords[j];
    }
    return represented > 0 && total > 0 ? total / represented : 1.0;
  }

  private String undecodableMessage(int it, Arrivals arrivals) {
    int n = layout.primaries();
    BitSet finished = arrivals.finished().get(0, n);
    BitSet failed = arrivals.failed().get(0, n);
    Map<Integer, String> errors = arrivals.errors();
    return "FlexCode iteration "
        + it
        + " ("
        + strategy.strategy().describe()
        + ", "
        + strategy.code().describe()
        + "): Spark gave up on tasks "
        + failed
        + " and the finished tasks "
        + finished
        + " cannot decode the sum; missing blocks "
        + missingBlocks(finished, failed)
        + (errors.isEmpty() ? "" : "; task errors: " + errors)
        + ". Set "
        + AggregatorOptions.PREFIX
        + "onUndecodable=approximate to continue with the least-squares best approximation.";
  }

  /**
   * The blocks only failed tasks hold: lost whatever the other tasks (finished, or killed when
   * Spark aborted the job) would have reported. Failing that, the blocks no finished task holds;
   * failing that, the failed tasks' blocks.
   */
  private BitSet missingBlocks(BitSet finished, BitSet failed) {
    int n = layout.primaries();
    BitSet others = new BitSet(n);
    others.set(0, n);
    others.andNot(failed);
    BitSet missing = layout.blocksNotHeldBy(others);
    if (missing.isEmpty()) {
      missing = layout.blocksNotHeldBy(finished);
    }
    if (missing.isEmpty()) {
      missing = layout.blocksHeldBy(failed);
    }
    return missing;
  }
}
