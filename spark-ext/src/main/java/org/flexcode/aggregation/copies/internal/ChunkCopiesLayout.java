package org.flexcode.aggregation.copies.internal;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.IterationDetail;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.aggregation.engine.BlockCounts;
import org.flexcode.aggregation.engine.CodedBlock;
import org.flexcode.aggregation.engine.CodedRDD;
import org.flexcode.aggregation.engine.DataLayout;
import org.flexcode.aggregation.engine.TaskLaunchListener;
import org.flexcode.spark.internal.SparkInternals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chunk-copies layout ({@code steal}'s and {@code auto}'s): each input block cut into chunks,
 * each chunk cached on r executors ({@link StealPlan}); the engine's tasks are the chunk copies,
 * its jobs run over the holders' view ({@link HolderRDD}) and launch copies as executors go idle or
 * chunks run late ({@link StealLaunches}); each iteration reports which chunks moved ({@link
 * StealRecord}).
 */
final class ChunkCopiesLayout<T> implements DataLayout<T> {

  private static final Logger LOG = LoggerFactory.getLogger(ChunkCopiesLayout.class);

  private final CopiesSpec spec;
  private final StealPlan plan;
  private final List<SparkInternals.Executor> executors;
  private final StealSetup.Chunked<T> chunked;
  private HolderRDD<T> holders;
  private StealLaunches stealing;
  private boolean chunksReleased;

  private ChunkCopiesLayout(
      CopiesSpec spec, StealPlan plan, List<SparkInternals.Executor> executors, JavaRDD<T> input) {
    this.spec = spec;
    this.plan = plan;
    this.executors = executors;
    this.chunked = StealSetup.chunk(input, plan, executors, !spec.holdersOnDemand());
  }

  /**
   * The layout of {@code input} for {@code strategy} (already fitted to the executors, {@link
   * #fittedCopies}) over the registered {@code executors}.
   */
  public static <T> ChunkCopiesLayout<T> of(
      AggregationStrategy strategy,
      CopiesSpec spec,
      JavaRDD<T> input,
      List<SparkInternals.Executor> executors) {
    StealPlan plan =
        StealSetup.stealPlan(
            strategy.describe(),
            spec,
            input.getNumPartitions(),
            executors,
            SparkInternals.taskSlots(input.context()));
    return new ChunkCopiesLayout<>(spec, plan, executors, input);
  }

  @Override
  public JavaRDD<T> data() {
    return chunked.copies();
  }

  @Override
  public double blockWorth() {
    return 1.0 / plan.chunksPerBlock();
  }

  @Override
  public String[] locations(TaskLayout layout, int copiesPerBlock) {
    return StealSetup.stealLocations(plan, executors);
  }

  /**
   * Caches the copies ({@link StealSetup#cacheCopies}: with holders on demand, the home copies
   * alone), then drops the chunks cut for them unless later copies still cut from the input.
   */
  @Override
  public BlockCounts cache(CodedRDD<T> coded, int n) {
    BlockCounts counts = StealSetup.cacheCopies(coded, plan, executors, spec.holdersOnDemand());
    if (!spec.holdersOnDemand()) {
      releaseChunks(); // every chunk copy is cached now
    }
    return counts;
  }

  @Override
  public long[] inputBlockRecords(long[] taskRecords) {
    return StealSetup.recordsPerBlock(plan, taskRecords);
  }

  @Override
  public RDD<CodedBlock<T>> jobData(CodedRDD<T> coded) {
    holders = StealSetup.holders(coded, plan, executors);
    return holders;
  }

  @Override
  public RDD<CodedBlock<T>> blockTasks(CodedRDD<T> coded) {
    return StealSetup.blockTasks(coded, plan, executors);
  }

  @Override
  public LateLaunchPolicy launches(BoundStrategy bound, TaskLaunchListener listener) {
    stealing =
        new StealLaunches(
            plan,
            spec,
            listener,
            StealSetup.executorIds(executors),
            holders,
            LaunchContext.wallClock());
    return bound
        .capability(CopiesLaunchSource.class)
        .map(source -> source.launches(plan, stealing))
        .orElse(stealing);
  }

  @Override
  public IterationDetail detail(
      int iteration, Arrivals arrivals, Decision decision, long decodeStartMs) {
    return stealing == null ? null : stealing.report(iteration, arrivals, decision, decodeStartMs);
  }

  @Override
  public void close() {
    releaseChunks();
  }

  private void releaseChunks() {
    if (!chunksReleased) {
      chunksReleased = true;
      chunked.release();
    }
  }
}
