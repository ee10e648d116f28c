package org.flexcode.aggregation.engine;

import java.util.function.LongSupplier;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;

/**
 * How many primary tasks the engine runs, FlexCode's choice rather than the input's accident.
 *
 * <p>The rule, in order:
 *
 * <ol>
 *   <li>an explicit count ({@code numTasks} param, {@code --tasks}, {@code
 *       spark.flexcode.numTasks}) when > 0, rounded up to the strategy's task multiple (s + 1 for
 *       {@code frc});
 *   <li>{@link AggregatorOptions#TASKS_FROM_CLUSTER} (the Estimators' default): one task per core
 *       of the cluster, at least one more than the strategy needs (s + 2 for a code tolerating s,
 *       so that no task holds all the data) and at most the records, rounded to the task multiple;
 *   <li>otherwise the input's partition count, rounded up to the task multiple, when the input has
 *       at least as many partitions as the strategy needs;
 *   <li>when it has fewer tasks than the strategy needs (s + 1 for a code tolerating s stragglers,
 *       b + 1 for {@code ignore:b}, m primaries for m shadows) the smallest count that is enough,
 *       provided the cluster has that many task slots ({@code spark.default.parallelism}, at least
 *       2): a one-partition input is normal, and {@code cyclic:s=1} on it runs over 2 tasks.
 * </ol>
 *
 * A strategy asking for more tasks than both the input and the cluster offer is an error naming
 * what to change (the same for {@code frc} and {@code cyclic}): repartitioning 8 partitions to 101
 * tasks that each hold all the data is never what {@code frc:s=100} meant. Plain Java, no Spark.
 */
final class TaskCount {

  /** The Spark conf key of an explicit task count. */
  static final String CONF_KEY = AggregatorOptions.PREFIX + "numTasks";

  private final int tasks;
  private final String reason;

  private TaskCount(int tasks, String reason) {
    this.tasks = tasks;
    this.reason = reason;
  }

  /**
   * The task count for {@code strategy} over an input of {@code partitions} partitions on a cluster
   * of {@code parallelism} task slots; {@code requested} > 0 is an explicit count.
   *
   * @throws IllegalArgumentException when the strategy needs more tasks than are available
   */
  static TaskCount choose(
      AggregationStrategy strategy, int partitions, int parallelism, int requested) {
    return choose(strategy, partitions, parallelism, requested, () -> Long.MAX_VALUE);
  }

  /**
   * As {@link #choose(AggregationStrategy, int, int, int)}, where {@code requested} may be {@link
   * AggregatorOptions#TASKS_FROM_CLUSTER}; {@code records} counts the input's records, asked only
   * when the count would change the partitioning.
   */
  static TaskCount choose(
      AggregationStrategy strategy,
      int partitions,
      int parallelism,
      int requested,
      LongSupplier records) {
    int multiple = strategy.taskMultiple();
    int needed = roundUp(minimumTasks(strategy), multiple);
    if (requested == AggregatorOptions.TASKS_FROM_CLUSTER) {
      return fromCluster(strategy, partitions, parallelism, records);
    }
    if (requested > 0) {
      int n = roundUp(requested, multiple);
      check(strategy, n >= needed, needed, "numTasks=" + requested);
      return new TaskCount(n, "numTasks=" + requested);
    }
    if (partitions >= needed) {
      int n = roundUp(partitions, multiple);
      String why =
          n == partitions ? "one task per partition" : "a multiple of " + multiple + " tasks";
      return new TaskCount(n, why);
    }
    int slots = Math.max(2, parallelism);
    check(
        strategy,
        needed <= slots,
        needed,
        "the input has " + partitions + " partitions and the cluster " + parallelism + " cores");
    return new TaskCount(needed, strategy.describe() + " needs at least " + needed + " tasks");
  }

  private static TaskCount fromCluster(
      AggregationStrategy strategy, int partitions, int cores, LongSupplier records) {
    int multiple = strategy.taskMultiple();
    int needed = roundUp(minimumTasks(strategy), multiple);
    check(strategy, needed <= Math.max(2, cores), needed, "the cluster has " + cores + " cores");
    int n = roundUp(Math.max(cores, minimumTasks(strategy) + 1), multiple);
    String why =
        n == cores
            ? "one task per executor core"
            : strategy.describe() + " runs over at least " + n + " tasks on " + cores + " cores";
    if (n != partitions) {
      long count = records.getAsLong();
      if (count < n) {
        int fewer = (int) (count / multiple) * multiple;
        if (fewer < needed) {
          throw new IllegalArgumentException(
              strategy.spec()
                  + " needs at least "
                  + needed
                  + " tasks, but the data has only "
                  + count
                  + " records: give it more data or a lower tolerance");
        }
        return new TaskCount(fewer, "at most one task per record (" + count + " records)");
      }
    }
    return new TaskCount(n, why);
  }

  /** The fewest primary tasks {@code strategy} can run over. */
  static int minimumTasks(AggregationStrategy strategy) {
    int min = Math.max(Math.max(1, strategy.tolerance() + 1), strategy.taskMultiple());
    min = Math.max(min, strategy.shadows().count());
    if (strategy.leftOut() > 0) {
      min = Math.max(min, strategy.leftOut() + 1);
    }
    min = Math.max(min, strategy.minimumTasks());
    return min;
  }

  private static void check(
      AggregationStrategy strategy, boolean ok, int needed, String available) {
    if (!ok) {
      throw new IllegalArgumentException(
          strategy.spec()
              + " needs at least "
              + needed
              + " tasks ("
              + neededBecause(strategy)
              + "), but "
              + available
              + ": lower the tolerance, or set the numTasks param (--tasks, "
              + CONF_KEY
              + ") to at least "
              + needed);
    }
  }

  private static String neededBecause(AggregationStrategy strategy) {
    if (strategy.leftOut() > 0) {
      return "more tasks than the b ignored";
    }
    if (strategy.tolerance() > 0) {
      return "more tasks than the s=" + strategy.tolerance() + " stragglers tolerated";
    }
    if (strategy.shadows().count() > 0) {
      return "one primary per shadow";
    }
    return "at least " + strategy.minimumTasks() + " tasks";
  }

  private static int roundUp(int n, int multiple) {
    return ((n + multiple - 1) / multiple) * multiple;
  }

  /** The number of primary tasks. */
  int tasks() {
    return tasks;
  }

  /** Why this many, for the log line. */
  String reason() {
    return reason;
  }
}
