package org.flexcode.aggregation.engine;

import java.util.BitSet;
import java.util.concurrent.Future;
import org.apache.spark.SparkContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;

/**
 * Submits an iteration's tasks as one asynchronous single-stage job over a subset of the coded
 * RDD's partitions, with the job tag {@code <prefix><iteration>-<attempt>} added to the caller's
 * tags, {@code interruptOnCancel=true} and a Spark UI label ("FlexCode lr iteration 7/100 (cyclic
 * s=1)"), restoring the caller's job properties afterwards; and cancels the jobs of such a tag. The
 * jobs keep the caller's job group and tags, so that {@code cancelJobGroup} and {@code
 * cancelJobsWithTag} of the caller's reach them; {@link EngineJobs} tells the engine's own
 * cancellations from the caller's.
 */
final class JobSubmitter<T> {

  private static final String DESCRIPTION_PROPERTY = "spark.job.description";
  private static final String INTERRUPT_PROPERTY = "spark.job.interruptOnCancel";

  /** The local property holding a job's tags, comma-separated (SparkContext.SPARK_JOB_TAGS). */
  static final String TAGS_PROPERTY = "spark.job.tags";

  /** The job property naming the chunks per task of a job of {@code steal}'s block tasks. */
  static final String HOME_GROUP_PROPERTY = "flexcode.homeGroup";

  private final RDD<CodedBlock<T>> coded;
  private final RDD<CodedBlock<T>> blocks;
  private final TaskLayout layout;
  private final PartialResultAccumulator accumulator;
  private final AggregatorOptions options;
  private final StragglerHook testDelays;
  private final double testOthersCpuLoad;
  private final String tagPrefix;
  private final String strategy;
  private final EngineJobs jobs;

  /**
   * {@code coded}: the RDD the jobs run over (the coded data, or {@code steal}'s holder view);
   * {@code blocks}: {@code steal}'s block tasks ({@code copies.BlockHomeRDD}) for {@link
   * #submitBlocks}, null on a layout without chunks.
   */
  JobSubmitter(
      RDD<CodedBlock<T>> coded,
      RDD<CodedBlock<T>> blocks,
      TaskLayout layout,
      PartialResultAccumulator accumulator,
      AggregatorOptions options,
      String strategy,
      String tagPrefix) {
    this.coded = coded;
    this.blocks = blocks;
    this.layout = layout;
    this.accumulator = accumulator;
    this.options = options;
    this.strategy = strategy;
    this.tagPrefix = tagPrefix;
    this.jobs = new EngineJobs(tagPrefix);
    this.testDelays = EngineTestHooks.stragglers();
    this.testOthersCpuLoad = EngineTestHooks.othersCpuLoad();
  }

  /**
   * Submits {@code tasks} of the iteration as resubmit {@code attempt} (0 for the first job);
   * shadow tasks among them estimate only {@code shadowBlocks} (null: all their blocks).
   */
  <M> Future<Void> submit(
      IterationInput<T, M> input, int attempt, BitSet tasks, BitSet shadowBlocks) {
    return submitOver(coded, input, attempt, tasks, shadowBlocks, 1);
  }

  /**
   * Submits the home copies {@code tasks} (all of each block's) as one task per block: partition p
   * of the block tasks runs chunks p .. p + {@code group} - 1.
   */
  <M> Future<Void> submitBlocks(IterationInput<T, M> input, BitSet tasks, int group) {
    if (blocks == null) {
      throw new IllegalStateException(
          "FlexCode iteration " + input.iteration() + ": " + strategy + " has no block tasks");
    }
    BitSet firsts = new BitSet();
    for (int t = tasks.nextSetBit(0); t >= 0; t = tasks.nextSetBit(t + 1)) {
      firsts.set(t - t % group);
    }
    return submitOver(blocks, input, 0, firsts, null, group);
  }

  private <M> Future<Void> submitOver(
      RDD<CodedBlock<T>> rdd,
      IterationInput<T, M> input,
      int attempt,
      BitSet tasks,
      BitSet shadowBlocks,
      int group) {
    SparkContext sc = rdd.context();
    String oldTags = sc.getLocalProperty(TAGS_PROPERTY);
    String oldDescription = sc.getLocalProperty(DESCRIPTION_PROPERTY);
    String oldInterrupt = sc.getLocalProperty(INTERRUPT_PROPERTY);
    String tag = tagOf(input.iteration(), attempt);
    sc.addJobTag(tag);
    sc.setLocalProperty(DESCRIPTION_PROPERTY, description(input.iteration(), attempt, tasks));
    sc.setLocalProperty(INTERRUPT_PROPERTY, "true");
    sc.setLocalProperty(HOME_GROUP_PROPERTY, group > 1 ? Integer.toString(group) : null);
    try {
      CodedTask<T, M> task =
          new CodedTask<>(
              input,
              shadowBlocks,
              layout,
              accumulator,
              options.injector(),
              testDelays,
              testOthersCpuLoad,
              group);
      return jobs.watch(
          SparkInternals.submitJob(sc, rdd, task, tasks.stream().toArray()),
          tag,
          input.iteration());
    } finally {
      sc.setLocalProperty(TAGS_PROPERTY, oldTags);
      sc.setLocalProperty(DESCRIPTION_PROPERTY, oldDescription);
      sc.setLocalProperty(INTERRUPT_PROPERTY, oldInterrupt);
      sc.setLocalProperty(HOME_GROUP_PROPERTY, null);
    }
  }

  /** Cancels the jobs of resubmit {@code attempt} of iteration {@code it}, as the engine's own. */
  void cancel(int it, int attempt) {
    String tag = tagOf(it, attempt);
    jobs.markCancelled(tag);
    coded.context().cancelJobsWithTag(tag);
  }

  /**
   * Whether a job of iteration {@code it} has not ended yet: Spark may still serialize its stage
   * (and the model broadcast with it) or launch its tasks.
   */
  boolean jobsRunning(int it) {
    return jobs.running(it);
  }

  /** Cancels every job of the engine that has not ended yet. */
  void cancelAll() {
    jobs.cancelAll();
  }

  /**
   * Forgets the jobs that ended; throws {@link
   * org.flexcode.aggregation.IterationCancelledException} if one of them was cancelled by someone
   * other than the engine (the caller's cancelAllJobs, cancelJobGroup, cancelJobsWithTag).
   */
  void rethrowOthersCancellation() {
    jobs.rethrowOthersCancellation();
  }

  private String description(int it, int attempt, BitSet tasks) {
    return "FlexCode "
        + options.workload()
        + " iteration "
        + (it + 1)
        + (options.plannedIterations() > 0 ? "/" + options.plannedIterations() : "")
        + " ("
        + strategy
        + ")"
        + (attempt > 0 ? " resubmit " + attempt : "")
        + (tasks.nextSetBit(0) >= layout.primaries() ? " late shadows" : "");
  }

  private String tagOf(int it, int attempt) {
    return tagPrefix + it + "-" + attempt;
  }

  /**
   * The iteration of a job whose tags (the {@value #TAGS_PROPERTY} property, comma-separated, null
   * for none) include one of the engine's with {@code tagPrefix}; -1 when none does.
   */
  static int iterationOfTags(String tags, String tagPrefix) {
    if (tags == null) {
      return -1;
    }
    for (String tag : tags.split(",")) {
      if (tag.startsWith(tagPrefix)) {
        String[] parts = tag.split("-");
        return Integer.parseInt(parts[parts.length - 2]);
      }
    }
    return -1;
  }
}
