package org.flexcode.aggregation.engine;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ui.flexcode.FlexCodeUi;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.BlockStatistic;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.CombinationTerm;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.IterationDetail;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.aggregation.UndecodableIterationException;
import org.flexcode.aggregation.engine.internal.SlicedDecode;
import org.flexcode.coding.GradientCode;
import org.flexcode.entropy.internal.Colouring;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.monitoring.FlexCodeIterationEvent;
import org.flexcode.monitoring.IterationMonitor;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.spark.internal.UninterruptedRelease;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The straggler-tolerant replacement for {@code treeAggregate}: sums an additive {@link
 * BlockStatistic} over all data blocks, ending each iteration as soon as the finished tasks allow.
 *
 * <p>Setup lays the data out with the strategy's code (block j = partition j of the input; coded
 * partition i holds task i's blocks, {@link TaskLayout}), caches it with executor-level preferred
 * locations that put the copies of a block on different executors, and counts each block's records.
 * Per iteration, {@link #aggregate} broadcasts the model as bytes ({@link BroadcastModel}, so the
 * tasks read it through their own class loader), destroying the earlier broadcasts no job can read
 * any more ({@link ModelBroadcasts}), and starts an {@link IterationRun}: the {@link JobSubmitter}
 * submits one asynchronous single-stage job with its own job tag and {@code interruptOnCancel=true}
 * (late tasks, per the {@link LateLaunchPolicy}, get a second one); each {@link CodedTask}'s coded
 * partial result reaches the driver through an {@code AccumulatorV2} as the task finishes. As soon
 * as the strategy decides, the run cancels the jobs of its tag (interrupting the stragglers), the
 * layout combines the used results, and the aggregate returns with an {@link IterationRecord}.
 * Results tagged with an earlier iteration are dropped.
 *
 * <p>Cancellation: the jobs keep the caller's job group and job tags, so the caller's {@code
 * cancelJobGroup}, {@code cancelJobsWithTag} and {@code cancelAllJobs} reach them; a job cancelled
 * by anyone but the engine ends the aggregate with an {@link
 * org.flexcode.aggregation.IterationCancelledException} whose cause is Spark's cancellation
 * exception, never a resubmit.
 *
 * <p>Failures: a task that throws has not arrived; Spark retries it. If Spark aborts the job,
 * {@link Recovery} resubmits only the tasks still needed when the code can do without the failed
 * ones; otherwise it throws {@link UndecodableIterationException} naming the iteration and the
 * missing blocks, or (if asked) uses the least-squares best approximation and logs its residual.
 *
 * <p>Not thread-safe: one driver thread calls {@code aggregate} at a time. Close it to release the
 * cached data, the broadcast and the listener.
 */
public final class CodedAggregator<T> implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(CodedAggregator.class);
  private static final AtomicInteger ENGINES = new AtomicInteger();
  private static final String TAG_PREFIX = "flexcode-";

  private final JavaSparkContext jsc;
  private final AggregationStrategy strategy;
  private final GradientCode code;
  private final AggregatorOptions options;
  private final DataLayout<T> data;
  private final CodedRDD<T> coded;
  private final ThinJobRDD<CodedBlock<T>> jobData;
  private final ThinJobRDD<CodedBlock<T>> blockTasks; // null on a layout without block tasks
  private final long[] blockRecords; // per task of the code (chunk copies: per copy)
  private final long[] inputBlockRecords; // per block of the input
  private final PartialResultAccumulator accumulator;
  private final TaskLaunchListener listener;
  private final JobSubmitter<T> submitter;
  private final LateLaunchPolicy late;
  private final BoundStrategy bound;
  private final Adaptive adaptive;
  private final Recovery recovery;
  private final TaskLayout layout;
  private final AtomicInteger lateResults = new AtomicInteger();
  private final int engineNumber;

  private final LingeringTasks lingering;
  private final HeldResults held;
  private final long maxResultBytes;
  private final ModelBroadcasts broadcasts;
  private final Object arrivalLock = new Object();

  private volatile IterationRun<T, ?> run;
  private int iteration;
  private boolean closed;

  private CodedAggregator(
      JavaRDD<T> input,
      AggregationStrategy strategy,
      AggregatorOptions options,
      Colouring<T> colouring) {
    long startMs = System.currentTimeMillis();
    this.jsc = JavaSparkContext.fromSparkContext(input.context());
    this.options = options;
    List<SparkInternals.Executor> executors = SparkInternals.executors(jsc.sc());
    Optional<LayoutSource> own = LayoutProvider.of(strategy);
    this.strategy = own.map(source -> source.fitToCluster(input, executors)).orElse(strategy);
    this.data =
        LayoutProvider.of(this.strategy)
            .map(source -> source.<T>layOut(input, executors))
            .orElseGet(() -> new CodedLayout<>(input));
    this.code = this.strategy.code(data.data().getNumPartitions());
    this.layout =
        new TaskLayout(
            code, this.strategy.cachedBlocks(code), this.strategy.shadows(), data.blockWorth());
    CodedCache<T> cache =
        CodedCache.build(
            data,
            layout,
            code.describe(),
            colouring,
            data.locations(layout, code.stragglerTolerance() + 1),
            options.storageLevel(),
            this.strategy.describe());
    this.coded = cache.coded();
    this.blockRecords = cache.counts().blockRecords();
    this.inputBlockRecords = data.inputBlockRecords(blockRecords);

    this.accumulator = new PartialResultAccumulator();
    SparkInternals.registerCountingFailures(jsc.sc(), accumulator);
    accumulator.setSink(this::onArrival);
    this.engineNumber = ENGINES.incrementAndGet();
    String tagPrefix = TAG_PREFIX + engineNumber + "-";
    this.listener = new TaskLaunchListener(tagPrefix);
    jsc.sc().addSparkListener(listener);
    FlexCodeUi.attach(jsc.sc());
    this.jobData = ThinJobRDD.of(data.jobData(coded));
    this.blockTasks = ThinJobRDD.of(data.blockTasks(coded));
    this.submitter =
        new JobSubmitter<>(
            jobData, blockTasks, layout, accumulator, options, this.strategy.describe(), tagPrefix);
    this.bound = this.strategy.bind(code, blockRecords);
    this.adaptive = bound.capability(Adaptive.class).orElse(Adaptive.NONE);
    this.late = LateLaunches.of(data, bound, layout, listener);
    this.lingering = new LingeringTasks(bound);
    this.broadcasts = new ModelBroadcasts(lingering.staleness(), submitter::jobsRunning);
    this.recovery = new Recovery(bound, layout, options, blockRecords);
    this.held =
        HeldResults.of(
            jsc.sc(), options, bound, adaptive, layout.numTasks(), this.strategy.describe());
    this.maxResultBytes = jsc.sc().conf().getSizeAsBytes("spark.driver.maxResultSize", "1g");
    LOG.info(
        "FlexCode: {} over {} tasks ({}), {} records cached in RDD {} in {} ms",
        this.strategy.describe(),
        layout.numTasks(),
        code.describe(),
        Arrays.stream(inputBlockRecords).sum(),
        coded.id(),
        System.currentTimeMillis() - startMs);
  }

  private void checkCanAggregate(int dimension) {
    if (closed) {
      throw new IllegalStateException("this CodedAggregator is closed");
    }
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
  }

  /** Runs {@code current} as the run arrivals go to, until the strategy decides. */
  private Decision await(IterationRun<T, ?> current) {
    current.waitForEarlierJobs(lingering::earlierJobsRunning);
    synchronized (arrivalLock) {
      run = current;
      lingering.start(current);
    }
    try {
      return current.await();
    } catch (RuntimeException | Error e) {
      try {
        current.cancelUnfinished(
            true); // the user's cancel, an undecodable iteration: stop its jobs
      } catch (RuntimeException cancelFailed) {
        e.addSuppressed(cancelFailed);
      }
      throw e;
    } finally {
      synchronized (arrivalLock) {
        run = null;
      }
    }
  }

  /**
   * Lays out {@code data} (one block per partition) for {@code strategy}, caches it and counts the
   * records of each block. The number of tasks follows {@link TaskCount} and {@link
   * AggregatorOptions#numTasks()}: an explicit count; one per executor core ({@link
   * AggregatorOptions#TASKS_FROM_CLUSTER}); or by default the partition count rounded up to a
   * multiple of {@link AggregationStrategy#taskMultiple()}, raised to what the strategy needs when
   * the cluster has that many cores (a one-partition input is normal); the repartition is logged
   * once with its reason.
   */
  public static <T> CodedAggregator<T> create(
      JavaRDD<T> data, AggregationStrategy strategy, AggregatorOptions options) {
    return create(data, strategy, options, null);
  }

  /**
   * As {@link #create(JavaRDD, AggregationStrategy, AggregatorOptions)}, with the colouring that
   * shadow strategies use to pick entropy-rich subsets of each block (ignored by the others; null
   * gives every record one colour).
   */
  public static <T> CodedAggregator<T> create(
      JavaRDD<T> data,
      AggregationStrategy strategy,
      AggregatorOptions options,
      Colouring<T> colouring) {
    if (data == null || strategy == null || options == null) {
      throw new IllegalArgumentException("data, strategy and options must not be null");
    }
    int partitions = data.getNumPartitions();
    JavaRDD<T> input = data;
    TaskCount count =
        TaskCount.choose(
            strategy,
            partitions,
            data.context().defaultParallelism(),
            options.numTasks(),
            input::count);
    if (count.tasks() != partitions) {
      LOG.info(
          "FlexCode: {}: repartitioning the input from {} partitions to {} tasks ({})",
          strategy.describe(),
          partitions,
          count.tasks(),
          count.reason());
      data = data.repartition(count.tasks());
    }
    return new CodedAggregator<>(data, strategy, options, colouring);
  }

  /**
   * Sums {@code statistic} (of length {@code dimension}) over all blocks for {@code model}; returns
   * as soon as the strategy decides.
   */
  public <M extends Serializable> AggregateResult aggregate(
      M model, BlockStatistic<T, M> statistic, int dimension) {
    return aggregate(model, statistic, dimension, null);
  }

  /**
   * As {@link #aggregate(Serializable, BlockStatistic, int)}, the aggregate decoded by {@code
   * sliced} on the executors (null: whole, on the driver); the result's values are its outputs.
   */
  public <M extends Serializable> AggregateResult aggregate(
      M model, BlockStatistic<T, M> statistic, int dimension, SlicedDecode sliced) {
    checkCanAggregate(dimension);
    while (true) {
      try {
        return runIteration(model, statistic, dimension, sliced);
      } catch (HeldResultLostException e) { // the next iteration opened runs inline
        LOG.warn("{}; running it again with every result sent to the driver", e.getMessage());
      }
    }
  }

  /** One iteration of {@link #aggregate}, from its model broadcast to its record. */
  private <M extends Serializable> AggregateResult runIteration(
      M model, BlockStatistic<T, M> statistic, int dimension, SlicedDecode sliced) {
    long startMs = System.currentTimeMillis();
    submitter.rethrowOthersCancellation(); // a job of an earlier iteration cancelled by the user
    int it = iteration++;
    listener.forgetBefore(it - 1);
    String choice = adaptive.beforeIteration(it);
    if (!choice.isEmpty() && LOG.isDebugEnabled()) { // a strategy logs its own switches at INFO
      LOG.debug("FlexCode iteration {}: {}: {}", it, strategy.describe(), choice);
    }
    BroadcastModel<M> broadcast = broadcastModel(it, model);
    ResultHolding holding = held.open(it, sliced, dimension);
    IterationInput<T, M> input =
        new IterationInput<>(
            it, broadcast, statistic, dimension, adaptive.computedBlocks(), holding);
    IterationRun<T, M> current =
        new IterationRun<>(input, submitter, late, bound, recovery, maxResultBytes);
    Decision decision = await(current);

    long decodeStartMs = System.currentTimeMillis();
    long decodeStart = System.nanoTime();
    List<Integer> cancelled =
        current.cancelUnfinished(options.cancelStragglers() && !lingering.keepsStale());
    String label = "FlexCode " + options.workload() + " iteration " + (it + 1) + " combine";
    List<CombinationTerm> terms = layout.terms(decision, dimension);
    Map<Integer, PartialResult> results = current.arrivals().results();
    double[] sum =
        sliced == null
            ? held.decode(it, terms, results, dimension, label)
            : held.decodeSliced(it, terms, results, sliced, label);
    if (!decision.estimated().isEmpty()) {
      LOG.info(
          "FlexCode iteration {}: blocks estimated by shadows (block=task) {}, shares {}",
          it,
          decision.estimated(),
          decision.shares());
    }
    long decodeNanos = System.nanoTime() - decodeStart;
    if (lingering.keepsStale()) {
      lingering.end(current, decision.used().stream().boxed().toList());
    }

    adaptive.afterIteration(current.taskTimes(code.numTasks(), decodeStartMs, startMs));
    adaptive.afterResults(
        current.arrivals().results(), Math.max(0, dimension - statistic.trailingTotals()));
    IterationDetail detail = data.detail(it, current.arrivals(), decision, decodeStartMs);
    int moved = detail == null ? 0 : detail.workMoved();
    RecordBuilder builder =
        new RecordBuilder(current, strategy.spec())
            .decoded(decision, decodeStartMs, decodeNanos)
            .cancelled(cancelled, listener)
            .ids(
                accumulator.id(), broadcast.id(), lateResults.getAndSet(0) + current.staleDropped())
            .choice(choice)
            .chunksMoved(moved);
    IterationRecord record = builder.build();
    if (LOG.isDebugEnabled()) {
      LOG.debug("FlexCode iteration {}: {}", it, record);
    }
    IterationMonitor.publish(
        jsc.sc(),
        new FlexCodeIterationEvent(
            options.workload(), record, moved, engineNumber, builder.cancelledOn()));
    return new AggregateResult(
        sum, decision.exact(), record, detail == null ? List.of() : List.of(detail));
  }

  /**
   * Broadcasts {@code model} of iteration {@code it} as bytes, destroying the earlier broadcasts no
   * job can read any more ({@link ModelBroadcasts}).
   */
  private <M> BroadcastModel<M> broadcastModel(int it, M model) {
    BroadcastModel<M> broadcast = BroadcastModel.broadcast(jsc, model);
    EngineTestHooks.broadcastCreated(broadcast.id());
    broadcasts.add(it, broadcast);
    return broadcast;
  }

  /**
   * The accumulator's sink: hands a result to the run of its iteration, or drops it as late; for a
   * strategy applying stale results, hands an earlier iteration's result to the current run (which
   * checks its age) or holds it for the next.
   */
  private void onArrival(PartialResult result) {
    EngineTestHooks.arrived(result);
    synchronized (arrivalLock) {
      IterationRun<T, ?> current = run;
      boolean stale = current == null || result.iteration() != current.iteration();
      if (stale && lingering.keepsStale()) {
        if (current == null) {
          lingering.hold(result);
        } else {
          current.offer(result);
        }
      } else if (stale) {
        lateResults.incrementAndGet();
      } else {
        current.offer(result);
      }
    }
  }

  /** The strategy this engine runs. */
  public AggregationStrategy strategy() {
    return strategy;
  }

  /** The code laying out the blocks. */
  public GradientCode code() {
    return code;
  }

  /** The id of the cached coded RDD (its partition i is task i). */
  public int codedRddId() {
    return coded.id();
  }

  /** Records per block of the input, counted at setup (for steal: over the home copies). */
  public long[] blockRecords() {
    return inputBlockRecords.clone();
  }

  /** The id of the one accumulator this engine uses for every iteration. */
  public long accumulatorId() {
    return accumulator.id();
  }

  /** How many of the last 1,000 broadcasts this engine created are still held by the driver. */
  public int liveBroadcasts() {
    return broadcasts.liveAmongTracked();
  }

  /**
   * Cancels the jobs still running, then releases the cached data, the broadcasts and the listener,
   * also from an interrupted thread (which stays interrupted).
   */
  @Override
  public void close() {
    if (closed) {
      if (coded.getStorageLevel().useMemory() || coded.getStorageLevel().useDisk()) {
        LOG.warn("FlexCode: engine {} closed again with its cached data held", engineNumber);
        UninterruptedRelease.run(() -> coded.unpersist(false));
      }
      return;
    }
    closed = true;
    boolean interrupted = Thread.interrupted(); // before anything links or loads a class
    try {
      UninterruptedRelease.runAll(
          "engine " + engineNumber,
          () -> accumulator.setSink(null),
          () -> jsc.sc().removeSparkListener(listener), // stopping an emptied queue joins a thread
          lingering::close,
          submitter::cancelAll,
          broadcasts::close,
          held::close,
          () -> coded.unpersist(false),
          jobData::destroy,
          () -> {
            if (blockTasks != null) {
              blockTasks.destroy();
            }
          },
          data::close);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
