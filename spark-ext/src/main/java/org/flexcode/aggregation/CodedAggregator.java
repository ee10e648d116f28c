package org.flexcode.aggregation;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.VoidFunction;
import org.apache.spark.broadcast.Broadcast;
import org.flexcode.coding.GradientCode;
import org.flexcode.entropy.Colouring;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.spark.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.stragglers.StragglerInjector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The straggler-tolerant replacement for {@code treeAggregate}: sums an additive {@link
 * BlockStatistic} over all data blocks, ending each iteration as soon as the finished tasks allow.
 *
 * <p>Setup lays the data out with the strategy's code (block j = partition j of the input; coded
 * partition i holds task i's blocks), caches it with executor-level preferred locations that put
 * the copies of a block on different executors, and counts each block's records. Per iteration,
 * {@link #aggregate} broadcasts the model (destroying the previous broadcast), submits one
 * asynchronous single-stage job in its own job group with {@code interruptOnCancel=true}, and waits
 * while each task's coded partial result reaches the driver through an {@code AccumulatorV2} as the
 * task finishes. As soon as the strategy decides, it decodes, cancels the job group (interrupting
 * the stragglers) and returns the aggregate with an {@link IterationRecord}. Results tagged with an
 * earlier iteration are dropped.
 *
 * <p>Failures: a task that throws has not arrived; Spark retries it. If Spark aborts the job, the
 * engine resubmits only the tasks still needed when the code can do without the failed ones;
 * otherwise it throws {@link UndecodableIterationException} naming the iteration and the missing
 * blocks, or (if asked) uses the least-squares best approximation and logs its residual.
 *
 * <p>Not thread-safe: one driver thread calls {@code aggregate} at a time. Close it to release the
 * cached data, the broadcast and the listener.
 */
public final class CodedAggregator<T> implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(CodedAggregator.class);
  private static final AtomicInteger ENGINES = new AtomicInteger();
  private static final String GROUP_PREFIX = "flexcode-";
  private static final String DESCRIPTION_PROPERTY = "spark.job.description";
  private static final String INTERRUPT_PROPERTY = "spark.job.interruptOnCancel";

  /**
   * No primary counts as late before it has run this long (as spark.speculation.minTaskRuntime).
   */
  private static final long LATE_SHADOW_MIN_MS = 100;

  private final JavaSparkContext jsc;
  private final AggregationStrategy strategy;
  private final GradientCode code;
  private final ShadowSpec shadows;
  private final int numTasks;
  private final AggregatorOptions options;
  private final CodedRDD<T> coded;
  private final JavaRDD<CodedBlock<T>> codedJava;
  private final long[] blockRecords;
  private final int[][] blocksOfTask;
  private final double[][] coefficientsOfTask;

  /**
   * Whether every primary returns the plain sum of its blocks (uncoded, FRC), not a weighted one.
   */
  private final boolean plainSums;

  private final PartialResultAccumulator accumulator;
  private final TaskLaunchListener listener;
  private final String groupPrefix;
  private final AtomicInteger lateResults = new AtomicInteger();
  private final List<Long> broadcastIds = new ArrayList<>();

  private volatile IterationState state;
  private Broadcast<?> currentBroadcast;
  private int iteration;
  private boolean closed;

  private CodedAggregator(
      JavaRDD<T> data,
      AggregationStrategy strategy,
      AggregatorOptions options,
      Colouring<T> colouring) {
    this.jsc = JavaSparkContext.fromSparkContext(data.context());
    this.strategy = strategy;
    this.options = options;
    int n = data.getNumPartitions();
    this.code = strategy.code(n);
    this.shadows = strategy.shadows();
    this.numTasks = n + shadows.count();
    this.groupPrefix = GROUP_PREFIX + ENGINES.incrementAndGet() + "-";
    this.blocksOfTask = CodedRDD.blocksOf(code, shadows);
    this.coefficientsOfTask = new double[numTasks][];
    boolean plain = true;
    for (int i = 0; i < numTasks; i++) {
      coefficientsOfTask[i] = i < n ? code.coefficientsOf(i) : new double[blocksOfTask[i].length];
      for (int k = 0; i < n && k < coefficientsOfTask[i].length; k++) {
        plain &= coefficientsOfTask[i][k] == 1.0;
      }
    }
    this.plainSums = plain;
    if (shadows.count() > 0 && colouring == null) {
      LOG.warn(
          "FlexCode: {} without a colouring for these records: every record has one colour, so"
              + " the shadows' subsets are uniform random",
          strategy.describe());
    }
    this.coded =
        new CodedRDD<>(data.rdd(), code, shadows, colouring, placement(jsc.sc(), numTasks, code));
    coded.setName("FlexCode coded data, " + code.describe());
    coded.persist(options.storageLevel());
    this.codedJava = coded.toJavaRDD();
    this.blockRecords = countRecords(codedJava, n);
    if (shadows.count() > 0) {
      LOG.info(
          "FlexCode: {} shadow tasks hold {} selected records ({} selector, f={})",
          shadows.count(),
          shadowRecords,
          shadows.selector(),
          shadows.fraction());
    }

    this.accumulator = new PartialResultAccumulator();
    SparkInternals.registerCountingFailures(jsc.sc(), accumulator);
    accumulator.setSink(this::onArrival);
    this.listener = new TaskLaunchListener(groupPrefix);
    jsc.sc().addSparkListener(listener);
    LOG.info(
        "FlexCode: {} over {} tasks ({}), {} records cached in RDD {}",
        strategy.describe(),
        numTasks,
        code.describe(),
        Arrays.stream(blockRecords).sum(),
        coded.id());
  }

  /**
   * Lays out {@code data} (one block per partition) for {@code strategy}, caches it and counts the
   * records of each block. The number of tasks is the number of partitions, rounded up (by a logged
   * repartition) to a multiple of {@link AggregationStrategy#taskMultiple()}.
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
    int multiple = strategy.taskMultiple();
    if (partitions % multiple != 0) {
      int target = ((partitions + multiple - 1) / multiple) * multiple;
      LOG.info(
          "FlexCode: {} needs a multiple of {} tasks; repartitioning {} partitions to {}",
          strategy.describe(),
          multiple,
          partitions,
          target);
      data = data.repartition(target);
    }
    return new CodedAggregator<>(data, strategy, options, colouring);
  }

  /** Round-robin over the registered executors: a block's copies sit on consecutive tasks. */
  private static String[] placement(SparkContext sc, int numTasks, GradientCode code) {
    String[] locations = new String[numTasks];
    List<SparkInternals.Executor> executors = SparkInternals.executors(sc);
    if (executors.isEmpty()) {
      return locations; // local mode: a single executor, nothing to spread
    }
    if (executors.size() < code.stragglerTolerance() + 1) {
      LOG.warn(
          "FlexCode: only {} executors for {} copies of each block; some copies share an executor",
          executors.size(),
          code.stragglerTolerance() + 1);
    }
    for (int i = 0; i < locations.length; i++) {
      locations[i] = executors.get(i % executors.size()).location();
    }
    return locations;
  }

  private long shadowRecords;

  /** Records per block (from the primaries); also caches the shadows' selections. */
  private long[] countRecords(JavaRDD<CodedBlock<T>> coded, int n) {
    List<long[]> counts =
        coded
            .mapPartitions(
                (Iterator<CodedBlock<T>> blocks) -> {
                  List<long[]> out = new ArrayList<>();
                  while (blocks.hasNext()) {
                    CodedBlock<T> b = blocks.next();
                    out.add(new long[] {b.block(), b.records().size(), b.isSubset() ? 1 : 0});
                  }
                  return out.iterator();
                })
            .collect();
    long[] records = new long[n];
    for (long[] c : counts) {
      if (c[2] == 0) {
        records[(int) c[0]] = c[1];
      } else {
        shadowRecords += c[1];
      }
    }
    return records;
  }

  private void onArrival(PartialResult result) {
    IterationState current = state;
    if (current == null || result.iteration() != current.iteration) {
      lateResults.incrementAndGet();
      return;
    }
    current.queue.offer(result);
  }

  /**
   * Sums {@code statistic} (of length {@code dimension}) over all blocks for {@code model}; returns
   * as soon as the strategy decides.
   */
  public <M extends Serializable> AggregateResult aggregate(
      M model, BlockStatistic<T, M> statistic, int dimension) {
    if (closed) {
      throw new IllegalStateException("this CodedAggregator is closed");
    }
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    int it = iteration++;
    listener.forgetBefore(it - 1);
    Broadcast<M> broadcast = jsc.broadcast(model);
    if (currentBroadcast != null) {
      currentBroadcast.destroy();
    }
    currentBroadcast = broadcast;
    broadcastIds.add(broadcast.id());

    IterationState st = new IterationState(it);
    state = st;
    int n = numTasks;
    int primaries = code.numTasks();
    long submitMs = System.currentTimeMillis();
    BitSet submitted = new BitSet(n);
    submitted.set(0, shadows.late() ? primaries : n);
    Future<Void> job = submit(it, 0, broadcast, statistic, dimension, submitted, null);
    Future<Void> shadowJob = null; // the late shadows' own job, once submitted
    boolean shadowsLaunched = !shadows.late(); // eager shadows run in the primaries' job
    BitSet shadowBlocks = null; // the blocks late shadows estimate; null: every block (eager)

    List<Integer> arrivals = new ArrayList<>();
    Map<Integer, Long> arrivedMs = new HashMap<>();
    BitSet finished = new BitSet(n);
    BitSet failed = new BitSet(n);
    Map<Integer, PartialResult> results = new HashMap<>();
    Map<Integer, String> errors = new TreeMap<>();
    int failedAttempts = 0;
    int resubmits = 0;
    Decision decision = null;
    while (decision == null) {
      PartialResult r = poll(st);
      if (r != null) {
        if (r.failed()) {
          failedAttempts++;
          failed.set(r.task());
          errors.put(r.task(), r.error());
        } else if (!finished.get(r.task())) {
          finished.set(r.task());
          failed.clear(r.task());
          arrivals.add(r.task());
          arrivedMs.put(r.task(), System.currentTimeMillis());
          results.put(r.task(), r);
          decision = strategy.decide(code, arrivals, finished, blockRecords).orElse(null);
          if (decision != null && !estimatesAvailable(decision, shadowBlocks)) {
            decision = null;
          }
        }
        if (decision != null || !st.queue.isEmpty()) {
          continue;
        }
      }
      if (!shadowsLaunched) {
        BitSet late = lateShadowBlocks(it, finished, arrivedMs);
        if (late != null) {
          shadowsLaunched = true;
          shadowBlocks = late;
          BitSet shadowTasks = shadowTasksFor(late);
          submitted.or(shadowTasks);
          shadowJob =
              submit(it, resubmits, broadcast, statistic, dimension, shadowTasks, shadowBlocks);
        }
      }
      if (r != null
          || !job.isDone()
          || (shadowJob != null && !shadowJob.isDone())
          || !st.queue.isEmpty()) {
        continue;
      }
      Throwable cause = failureOf(job);
      if (cause == null && shadowJob != null) {
        cause = failureOf(shadowJob);
      }
      BitSet possible = new BitSet(n);
      possible.set(0, n);
      possible.andNot(failed);
      possible.or(finished);
      BitSet rerunnable = (BitSet) possible.clone();
      rerunnable.andNot(finished);
      boolean worthRerunning =
          couldDecide(possible) || (options.approximateWhenUndecodable() && !rerunnable.isEmpty());
      if (cause != null && resubmits < options.maxResubmits() && worthRerunning) {
        resubmits++;
        if (!shadowsLaunched) {
          // a primary is lost: late shadows launch now, with the resubmit, for the missing blocks
          shadowsLaunched = true;
          shadowBlocks = blocksOfUnfinishedPrimaries(finished);
          submitted.or(shadowTasksFor(shadowBlocks));
        }
        BitSet rerun = (BitSet) submitted.clone();
        rerun.andNot(finished);
        rerun.andNot(failed);
        shadowJob = null; // its unfinished tasks are in the rerun; its failure is handled
        LOG.warn(
            "FlexCode iteration {}: Spark aborted the job ({}); going on without tasks {},"
                + " resubmitting the other unfinished ones {}",
            it,
            cause.getMessage(),
            failed,
            rerun);
        job = submit(it, resubmits, broadcast, statistic, dimension, rerun, shadowBlocks);
        continue;
      }
      if (options.approximateWhenUndecodable()) {
        decision = strategy.bestEffort(code, finished.get(0, code.numTasks()));
        LOG.warn(
            "FlexCode iteration {}: not decodable from tasks {}; using the best approximation,"
                + " residual {}",
            it,
            finished,
            decision.residual());
      } else {
        throw new UndecodableIterationException(
            undecodableMessage(it, finished, failed, errors), cause);
      }
    }

    long decodeStartMs = System.currentTimeMillis();
    long decodeStart = System.nanoTime();
    List<Integer> cancelled = new ArrayList<>();
    boolean running = !job.isDone() || (shadowJob != null && !shadowJob.isDone());
    if (running && options.cancelStragglers()) {
      jsc.sc().cancelJobGroup(groupOf(it, resubmits));
      if (shadowJob != null) {
        shadowJob.cancel(true); // launched in an earlier group if Spark aborted a job since
      }
      for (int task = submitted.nextSetBit(0); task >= 0; task = submitted.nextSetBit(task + 1)) {
        if (!finished.get(task)) {
          cancelled.add(task);
        }
      }
    }
    double[] weights = decision.weights();
    double[] sum = new double[dimension];
    BitSet used = decision.used();
    for (int task = used.nextSetBit(0); task >= 0; task = used.nextSetBit(task + 1)) {
      results.get(task).values().addScaledSliceTo(sum, 0, weights[task]);
    }
    Map<Integer, Integer> estimated = decision.estimated();
    Map<Integer, Double> shares = decision.shares();
    for (Map.Entry<Integer, Integer> e : estimated.entrySet()) {
      int shadowTask = e.getValue();
      int offset = indexOf(blocksOfTask[shadowTask], e.getKey()) * dimension;
      results.get(shadowTask).values().addScaledSliceTo(sum, offset, shares.get(e.getKey()));
    }
    if (!estimated.isEmpty()) {
      LOG.info(
          "FlexCode iteration {}: blocks estimated by shadows (block=task) {}, shares {}",
          it,
          estimated,
          shares);
    }
    long decodeNanos = System.nanoTime() - decodeStart;
    state = null;

    long waste = 0;
    BitSet usedOrShadow = (BitSet) used.clone();
    estimated.values().forEach(usedOrShadow::set);
    List<Integer> usedList = usedOrShadow.stream().boxed().toList();
    for (int task : usedList) {
      waste += Math.max(0, decodeStartMs - results.get(task).finishMs());
    }
    long cancelledMs = 0;
    for (int task : cancelled) {
      long launch = listener.launchTime(it, task);
      if (launch > 0) {
        cancelledMs += Math.max(0, decodeStartMs - launch);
      }
    }
    List<TaskTiming> timings = new ArrayList<>(arrivals.size());
    for (int task : arrivals) {
      PartialResult r = results.get(task);
      timings.add(
          new TaskTiming(
              task, r.attempt(), r.executorId(), r.startMs(), r.finishMs(), r.injectedDelayMs()));
    }
    IterationRecord record =
        new IterationRecord(
            it,
            strategy.spec(),
            submitMs,
            decodeStartMs,
            System.currentTimeMillis(),
            timings,
            usedList,
            cancelled,
            waste,
            cancelledMs,
            decodeNanos,
            failedAttempts,
            lateResults.getAndSet(0),
            accumulator.id(),
            broadcast.id(),
            decision.residual(),
            decision.exact(),
            estimated);
    if (LOG.isDebugEnabled()) {
      LOG.debug("FlexCode iteration {}: {}", it, record);
    }
    return new AggregateResult(sum, decision.exact(), record);
  }

  private boolean couldDecide(BitSet possible) {
    Optional<Decision> d =
        strategy.decide(code, possible.stream().boxed().toList(), possible, blockRecords);
    return d.isPresent();
  }

  private static PartialResult poll(IterationState st) {
    try {
      return st.queue.poll(5, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for iteration " + st.iteration, e);
    }
  }

  /**
   * Whether every block {@code decision} estimates is one the launched shadows estimate: late
   * shadows ({@code shadowBlocks} not null) compute only the blocks they were launched for.
   */
  private static boolean estimatesAvailable(Decision decision, BitSet shadowBlocks) {
    if (shadowBlocks == null) {
      return true;
    }
    for (int block : decision.estimated().keySet()) {
      if (!shadowBlocks.get(block)) {
        return false;
      }
    }
    return true;
  }

  /**
   * When to launch late shadows: once at most s + m primaries are unfinished and one of them has
   * run longer than the multiplier x the median time (launch to arrival at the driver) of the
   * finished primaries, and at least 100 ms. Returns the blocks the shadows should estimate, or
   * null to wait.
   */
  private BitSet lateShadowBlocks(int it, BitSet finished, Map<Integer, Long> arrivedMs) {
    int primaries = code.numTasks();
    BitSet done = finished.get(0, primaries);
    int unfinished = primaries - done.cardinality();
    if (done.isEmpty()
        || unfinished == 0
        || unfinished > code.stragglerTolerance() + shadows.count()) {
      return null;
    }
    List<Long> durations = new ArrayList<>();
    for (int task = done.nextSetBit(0); task >= 0; task = done.nextSetBit(task + 1)) {
      long launch = listener.launchTime(it, task);
      if (launch > 0 && arrivedMs.containsKey(task)) {
        durations.add(arrivedMs.get(task) - launch);
      }
    }
    if (durations.isEmpty()) {
      return null;
    }
    durations.sort(null);
    long median = durations.get(durations.size() / 2);
    double threshold = Math.max(LATE_SHADOW_MIN_MS, shadows.lateMultiplier() * median);
    long now = System.currentTimeMillis();
    List<Integer> late = new ArrayList<>();
    for (int task = 0; task < primaries; task++) {
      long launch = listener.launchTime(it, task);
      if (!done.get(task) && launch > 0 && now - launch > threshold) {
        late.add(task);
      }
    }
    if (late.isEmpty()) {
      return null;
    }
    BitSet blocks = blocksOfUnfinishedPrimaries(finished);
    LOG.info(
        "FlexCode iteration {}: tasks {} have run over {} x the median {} ms of the finished"
            + " primaries; launching shadows for blocks {}",
        it,
        late,
        shadows.lateMultiplier(),
        median,
        blocks);
    return blocks;
  }

  /**
   * The blocks late shadows estimate: those of the unfinished primaries when each task's partial
   * result is a plain sum of its blocks (uncoded, FRC), or every block when a weighted decoding may
   * leave part of any block to the shadows (cyclic).
   */
  private BitSet blocksOfUnfinishedPrimaries(BitSet finished) {
    int primaries = code.numTasks();
    BitSet blocks = new BitSet(primaries);
    if (!plainSums) {
      blocks.set(0, primaries);
      return blocks;
    }
    for (int task = 0; task < primaries; task++) {
      if (!finished.get(task)) {
        for (int block : blocksOfTask[task]) {
          blocks.set(block);
        }
      }
    }
    return blocks;
  }

  /** The shadow tasks covering {@code blocks}. */
  private BitSet shadowTasksFor(BitSet blocks) {
    int primaries = code.numTasks();
    BitSet tasks = new BitSet(numTasks);
    for (int block = blocks.nextSetBit(0); block >= 0; block = blocks.nextSetBit(block + 1)) {
      tasks.set(primaries + shadows.shadowOf(block, primaries));
    }
    return tasks;
  }

  private static Throwable failureOf(Future<Void> job) {
    try {
      job.get();
      return null;
    } catch (ExecutionException e) {
      return e.getCause() == null ? e : e.getCause();
    } catch (CancellationException e) {
      return e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return e;
    }
  }

  private static int indexOf(int[] values, int value) {
    for (int k = 0; k < values.length; k++) {
      if (values[k] == value) {
        return k;
      }
    }
    throw new IllegalStateException("block " + value + " is not in this task's layout");
  }

  private BitSet blocksNotHeldBy(BitSet tasks) {
    BitSet blocks = new BitSet(code.numTasks());
    blocks.set(0, code.numTasks());
    for (int task = tasks.nextSetBit(0); task >= 0; task = tasks.nextSetBit(task + 1)) {
      for (int block : blocksOfTask[task]) {
        blocks.clear(block);
      }
    }
    return blocks;
  }

  private String undecodableMessage(
      int it, BitSet finishedTasks, BitSet failedTasks, Map<Integer, String> errors) {
    int n = code.numTasks();
    BitSet finished = finishedTasks.get(0, n);
    BitSet failed = failedTasks.get(0, n);
    // The blocks only failed tasks hold: lost whatever the other tasks (finished, or killed when
    // Spark aborted the job) would have reported. Failing that, the blocks no finished task holds.
    BitSet others = new BitSet(n);
    others.set(0, n);
    others.andNot(failed);
    BitSet missingBlocks = blocksNotHeldBy(others);
    if (missingBlocks.isEmpty()) {
      missingBlocks = blocksNotHeldBy(finished);
    }
    if (missingBlocks.isEmpty()) {
      for (int task = failed.nextSetBit(0); task >= 0; task = failed.nextSetBit(task + 1)) {
        for (int block : blocksOfTask[task]) {
          missingBlocks.set(block);
        }
      }
    }
    return "FlexCode iteration "
        + it
        + " ("
        + strategy.describe()
        + ", "
        + code.describe()
        + "): Spark gave up on tasks "
        + failed
        + " and the finished tasks "
        + finished
        + " cannot decode the sum; missing blocks "
        + missingBlocks
        + (errors.isEmpty() ? "" : "; task errors: " + errors)
        + ". Set "
        + AggregatorOptions.PREFIX
        + "onUndecodable=approximate to continue with the least-squares best approximation.";
  }

  /**
   * Submits tasks {@code tasks} of iteration {@code it}; shadow tasks among them estimate only
   * {@code shadowBlocks} (null: all their blocks).
   */
  private <M> Future<Void> submit(
      int it,
      int attempt,
      Broadcast<M> broadcast,
      BlockStatistic<T, M> statistic,
      int dimension,
      BitSet tasks,
      BitSet shadowBlocks) {
    SparkContext sc = jsc.sc();
    String group = groupOf(it, attempt);
    String description =
        "FlexCode "
            + options.workload()
            + " iteration "
            + (it + 1)
            + (options.plannedIterations() > 0 ? "/" + options.plannedIterations() : "")
            + " ("
            + strategy.describe()
            + ")"
            + (attempt > 0 ? " resubmit " + attempt : "")
            + (tasks.nextSetBit(0) >= code.numTasks() ? " late shadows" : "");
    String oldGroup = sc.getLocalProperty(SparkInternals.JOB_GROUP_PROPERTY);
    String oldDescription = sc.getLocalProperty(DESCRIPTION_PROPERTY);
    String oldInterrupt = sc.getLocalProperty(INTERRUPT_PROPERTY);
    sc.setJobGroup(group, description, true);
    try {
      return SparkInternals.submitJob(
          sc,
          coded,
          taskFunction(
              it,
              broadcast,
              statistic,
              dimension,
              shadowBlocks,
              accumulator,
              blocksOfTask,
              coefficientsOfTask,
              code.numTasks(),
              options.stragglers(),
              options.injector()),
          tasks.stream().toArray());
    } finally {
      sc.setLocalProperty(SparkInternals.JOB_GROUP_PROPERTY, oldGroup);
      sc.setLocalProperty(DESCRIPTION_PROPERTY, oldDescription);
      sc.setLocalProperty(INTERRUPT_PROPERTY, oldInterrupt);
    }
  }

  /**
   * The task: computes c_ij x statistic(block j) summed over its blocks, reports it, or the error.
   */
  private static <T, M> VoidFunction<Iterator<CodedBlock<T>>> taskFunction(
      int it,
      Broadcast<M> broadcast,
      BlockStatistic<T, M> statistic,
      int dimension,
      BitSet shadowBlocks,
      PartialResultAccumulator accumulator,
      int[][] blocksOfTask,
      double[][] coefficientsOfTask,
      int primaries,
      StragglerHook stragglers,
      StragglerInjector injector) {
    return blocks -> {
      TaskContext context = TaskContext.get();
      int task = context.partitionId();
      int attempt = context.attemptNumber();
      String executor = SparkEnv.get().executorId();
      long startMs = System.currentTimeMillis();
      try {
        injector.beforeCompute();
        stragglers.straggle(it, task, attempt);
        context.killTaskIfInterrupted();
        long computeStart = System.nanoTime();
        M model = broadcast.value();
        boolean shadow = task >= primaries;
        double[] partial = new double[shadow ? dimension * blocksOfTask[task].length : dimension];
        double[] block = new double[dimension];
        while (blocks.hasNext()) {
          CodedBlock<T> b = blocks.next();
          if (shadow && shadowBlocks != null && !shadowBlocks.get(b.block())) {
            continue; // a late shadow estimates only the blocks it was launched for
          }
          Arrays.fill(block, 0.0);
          if (b.isSubset()) {
            statistic.accumulateWeighted(model, it, b.block(), b.records(), b.weights(), block);
          } else {
            statistic.accumulate(model, it, b.block(), b.records(), block);
          }
          int offset = shadow ? indexOf(blocksOfTask[task], b.block()) * dimension : 0;
          double c =
              shadow ? 1.0 : coefficientOf(blocksOfTask[task], coefficientsOfTask[task], b.block());
          for (int d = 0; d < dimension; d++) {
            if (!Double.isFinite(block[d])) {
              throw new IllegalStateException(
                  "FlexCode iteration "
                      + it
                      + ": the statistic of block "
                      + b.block()
                      + " is not finite ("
                      + block[d]
                      + " at index "
                      + d
                      + (shadow ? ", in shadow task " + task : "")
                      + "); check the data of that block (partition "
                      + b.block()
                      + " of the input) for NaN or infinite values");
            }
            partial[offset + d] += c * block[d];
          }
        }
        long injected =
            injector.afterCompute(
                task, it + 1, attempt, (System.nanoTime() - computeStart) / 1_000_000);
        context.killTaskIfInterrupted();
        accumulator.add(
            PartialResult.success(it, task, attempt, executor, startMs, injected, partial));
      } catch (Throwable t) {
        accumulator.add(PartialResult.failure(it, task, attempt, executor, startMs, t.toString()));
        throw t;
      }
    };
  }

  private static double coefficientOf(int[] blocks, double[] coefficients, int block) {
    for (int k = 0; k < blocks.length; k++) {
      if (blocks[k] == block) {
        return coefficients[k];
      }
    }
    throw new IllegalStateException("block " + block + " is not in this task's layout");
  }

  private String groupOf(int it, int attempt) {
    return groupPrefix + it + "-" + attempt;
  }

  /** The iteration encoded in one of the engine's job group ids. */
  static int iterationOfGroup(String group) {
    String[] parts = group.split("-");
    return Integer.parseInt(parts[parts.length - 2]);
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

  /** Records per block, counted at setup. */
  public long[] blockRecords() {
    return blockRecords.clone();
  }

  /** The id of the one accumulator this engine uses for every iteration. */
  public long accumulatorId() {
    return accumulator.id();
  }

  /** How many of the broadcasts this engine created are still held by the driver. */
  public int liveBroadcasts() {
    int live = 0;
    for (long id : broadcastIds) {
      if (SparkInternals.isBroadcastLive(id)) {
        live++;
      }
    }
    return live;
  }

  /** Releases the cached data, the broadcast and the listener. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    accumulator.setSink(null);
    jsc.sc().removeSparkListener(listener);
    if (currentBroadcast != null) {
      currentBroadcast.destroy();
      currentBroadcast = null;
    }
    coded.unpersist(false);
  }

  /** The driver's view of the iteration in progress. */
  private static final class IterationState {
    final int iteration;
    final LinkedBlockingQueue<PartialResult> queue = new LinkedBlockingQueue<>();

    IterationState(int iteration) {
      this.iteration = iteration;
    }
  }
}
