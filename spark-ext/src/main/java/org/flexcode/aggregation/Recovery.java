package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an iteration does when all its jobs ended without a decision (Spark aborted one): resubmit
 * the tasks still needed if the code can do without the failed ones (at most {@code maxResubmits}
 * times), else approximate (the least-squares best, residual logged) when the user asked for it,
 * else fail with an {@link UndecodableIterationException} naming the iteration and the missing
 * blocks.
 */
final class Recovery {

  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

  private final BoundStrategy strategy;
  private final TaskLayout layout;
  private final AggregatorOptions options;

  Recovery(BoundStrategy strategy, TaskLayout layout, AggregatorOptions options) {
    this.strategy = strategy;
    this.layout = layout;
    this.options = options;
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
    Decision decision = strategy.bestEffort(arrivals.finished());
    LOG.warn(
        "FlexCode iteration {}: not decodable from tasks {}; using the best approximation,"
            + " residual {}",
        it,
        arrivals.finished(),
        decision.residual());
    return decision;
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
