package org.flexcode.model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.flexcode.adaptive.internal.HomeGrouping;
import org.flexcode.adaptive.internal.SlowExecutors;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.StaleResults;
import org.flexcode.aggregation.copies.internal.CopiedLayout;
import org.flexcode.aggregation.copies.internal.CopiesLaunchSource;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.copies.internal.LaunchContext;
import org.flexcode.aggregation.copies.internal.StealLaunches;
import org.flexcode.aggregation.copies.internal.StealPlan;
import org.flexcode.aggregation.copies.internal.StealRecord;
import org.flexcode.coding.GradientCode;

/**
 * {@link StealRule} (or {@link FlexrrRule}) prepared for one cluster: the engine's own decisions of
 * a strategy over chunk copies on simulated time. The chunk copies are laid out by the engine's
 * {@link StealPlan} (blocks = tasks, r copies, M executors); the engine's {@link StealLaunches},
 * wrapped as the strategy's bound decoder wraps them ({@link CopiesLaunchSource}: {@code flexrr}
 * holds its lagging chunks), chooses each iteration's first job and home work ({@link
 * HomeGrouping}), which late copies to launch and where, and which executors to avoid next ({@link
 * SlowExecutors}); the strategy's bound decoder (the engine's {@link AggregationStrategy#bind})
 * chooses before each iteration ({@link Adaptive#beforeIteration}) and ends it. The simulation
 * supplies what Spark and the executors supply to the engine: Spark's scheduling of the jobs on the
 * cores ({@link ChunkScheduler}), when and where each task launched and where each copy was placed
 * ({@link SimulatedLaunches}), and the results as they arrive, each reporting that no other process
 * loads its host (dedicated cores). The engine's decisions are not logged here: a model runs
 * thousands of iterations.
 *
 * <p>As the engine does, the simulation asks the launches after every arrival, and in between when
 * a running chunk crosses a copy threshold ({@link StealLaunches#nextDueMs}). A late job all of
 * whose chunks have arrived is cancelled (its copies killed); a losing home copy runs on until the
 * iteration ends, where the engine cancels what still runs, unless the strategy applies late
 * results ({@link StaleResults#staleness()} > 0): then nothing is cancelled, the runs still going
 * carry on into the next iteration ({@link ChunkScheduler#carryOver}), and a result of an earlier
 * iteration arriving is first offered to the strategy ({@link StaleResults#acceptsStale}), dropped
 * if refused; the results an iteration used are marked applied, and an earlier iteration none of
 * whose copies still runs or waits is abandoned, as the engine's lingering tasks do. The clock the
 * engine reads is whole ms.
 */
final class StealSimulation implements Rule.Simulation {

  /** No other process keeps a simulated executor's host busy. */
  private static final double NO_OTHER_LOAD = 0.0;

  private static final PackedVector NO_VALUES = PackedVector.pack(new double[0]);

  private final Cluster cluster;
  private final StealPlan plan;
  private final SimulatedLaunches simulated;
  private final StealLaunches launches;
  private final LateLaunchPolicy policy;
  private final BoundStrategy decoder;
  private final Adaptive adaptive;
  private final StaleResults stale;
  private final ChunkScheduler scheduler;
  private final String[] executorIds;
  private int iteration;
  private long originMs = 1; // the engine takes a launch time <= 0 for "not launched"
  private long lastOriginMs = 1;
  private double now;
  private Arrivals arrivals;
  private final List<BitSet> lateJobs = new ArrayList<>();
  private Decision lastDecision;
  private StealRecord lastRecord = StealRecord.NONE;
  private final Set<ChunkScheduler.Run> recorded = new HashSet<>(); // runs whose result counts
  private final TreeSet<Integer> lingering = new TreeSet<>(); // iterations not yet abandoned
  private Map<Integer, Integer> staleAges = Map.of();
  private BitSet awaited = new BitSet(); // chunks left out, whose copies run on for a later one

  /**
   * The engine's {@code strategy} (a layout of chunk copies, {@link CopiedLayout}) on {@code
   * cluster}: its copies and chunks as it says, bound as the engine binds it.
   */
  StealSimulation(Cluster cluster, AggregationStrategy strategy) {
    this.cluster = cluster;
    CopiesSpec layout = ((CopiedLayout) strategy).layout();
    this.plan =
        new StealPlan(
            cluster.tasks(),
            layout.chunks(),
            layout.copies(),
            cluster.executors(),
            cluster.executors() * cluster.cores());
    int tasks = plan.numChunks() * layout.copies();
    this.simulated = new SimulatedLaunches(tasks);
    this.executorIds = SimulatedLaunches.executorIds(cluster.executors());
    this.launches =
        new StealLaunches(
            plan,
            layout,
            simulated,
            executorIds,
            simulated,
            LaunchContext.simulated(this::clockMs));
    this.decoder = strategy.bind(GradientCode.uncoded(tasks), null);
    this.policy =
        decoder
            .capability(CopiesLaunchSource.class)
            .map(source -> source.launches(plan, launches))
            .orElse(launches);
    this.adaptive = decoder.capability(Adaptive.class).orElse(Adaptive.NONE);
    this.stale = decoder.capability(StaleResults.class).orElse(StaleResults.NONE);
    this.scheduler = new ChunkScheduler(cluster, plan);
  }

  /** The engine's clock: whole ms of simulated time. */
  private long clockMs() {
    return msAt(now);
  }

  private long msAt(double t) {
    return originMs + (long) Math.floor(t);
  }

  @Override
  public IterationOutcome run(double[] factors, double[] loads) {
    now = 0;
    arrivals = new Arrivals(this::clockMs);
    lateJobs.clear();
    recorded.clear();
    awaited = new BitSet();
    adaptive.beforeIteration(iteration);
    simulated.startIteration(iteration);
    BitSet firstJob = policy.firstJob();
    boolean blockHome = policy.homeGroup(iteration) > 1;
    scheduler.start(
        iteration, factors, loads, blockHome, firstJob, simulated.avoided(), simulated.keepsHome());
    Decision decision = null;
    while (decision == null) {
      arrive(scheduler.finishedBy(now));
      cancelRedundantLateJobs();
      decision = decoder.decide(arrivals.order(), arrivals.finished()).orElse(null);
      if (decision == null) {
        launchLateIfDue();
        now = Math.min(scheduler.nextEnd(), timeOf(launches.nextDueMs(iteration, arrivals)));
        if (Double.isInfinite(now)) {
          throw new IllegalStateException(
              "steal model: iteration " + iteration + " has chunks left and nothing running");
        }
      }
    }
    if (stale.staleness() > 0) {
      linger(decision);
    }
    lastRecord = launches.report(iteration, arrivals, decision, clockMs());
    lastDecision = decision;
    IterationOutcome outcome = outcome(decision);
    lastOriginMs = originMs;
    originMs = clockMs() + 1;
    iteration++;
    return outcome;
  }

  /** Task t runs {@code delayMs[t]} ms longer from the next {@link #run} on (null: none). */
  void delay(double[] delayMs) {
    scheduler.delay(delayMs);
  }

  /** The decision that ended the last {@link #run}. */
  Decision lastDecision() {
    return lastDecision;
  }

  /** What the engine's launches recorded for the last {@link #run}: the chunks that moved. */
  StealRecord lastRecord() {
    return lastRecord;
  }

  /**
   * As the engine's lingering tasks after a decision: the results used are applied (each at the
   * iteration that computed it), what still runs carries on, the chunks the decision left out
   * keeping their queued copies, and the earlier iterations none of whose copies still runs or
   * waits are abandoned.
   */
  private void linger(Decision decision) {
    Map<Integer, Integer> ages = new TreeMap<>();
    BitSet used = decision.used();
    BitSet lagging = new BitSet(plan.numChunks());
    lagging.set(0, plan.numChunks());
    for (int t = used.nextSetBit(0); t >= 0; t = used.nextSetBit(t + 1)) {
      int computedAt = arrivals.results().get(t).iteration();
      if (computedAt < iteration) {
        ages.put(plan.chunkOf(t), iteration - computedAt);
      }
      stale.applied(t, computedAt);
      lagging.clear(plan.chunkOf(t));
    }
    staleAges = ages;
    awaited = lagging;
    scheduler.carryOver(now, lagging);
    BitSet stillLaunched = scheduler.launchedInCarried();
    lingering.removeIf(
        u -> {
          boolean over = !stillLaunched.get(u);
          if (over) {
            stale.abandon(u);
          }
          return over;
        });
    lingering.add(iteration);
  }

  /**
   * The chunks applied late in the last {@link #run}, each with its age: the iterations between the
   * one that computed it and the one that applied it.
   */
  Map<Integer, Integer> staleAges() {
    return staleAges;
  }

  /** The simulated time at clock ms {@code ms} (infinity for {@link Long#MAX_VALUE}). */
  private double timeOf(long ms) {
    return ms == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : ms - originMs;
  }

  /** Records the results of the runs that just finished, as the engine's accumulator does. */
  private void arrive(List<ChunkScheduler.Run> finished) {
    for (ChunkScheduler.Run run : finished) {
      if (run.launchedIn != iteration && !stale.acceptsStale(run.task, run.launchedIn)) {
        continue; // too old or superseded: the engine drops it
      }
      double launchMs =
          run.covers > 1 ? cluster.costs().taskLaunchMs() : cluster.costs().chunkLaunchMs();
      PartialResult result =
          new PartialResult(
              run.launchedIn,
              run.task,
              0,
              executorIds[run.executor],
              msAt(Math.min(run.start + launchMs, run.end)),
              msAt(run.end),
              0,
              NO_VALUES,
              null,
              NO_OTHER_LOAD,
              run.covers);
      if (arrivals.recordCovered(result)) {
        recorded.add(run);
      }
    }
  }

  /** Cancels the late jobs all of whose chunks have arrived ({@link StealLaunches#redundant}). */
  private void cancelRedundantLateJobs() {
    lateJobs.removeIf(
        tasks -> {
          BitSet unfinished = (BitSet) tasks.clone();
          unfinished.andNot(arrivals.finished());
          if (unfinished.isEmpty()) {
            return true; // the job is done
          }
          boolean redundant = policy.redundant(tasks, arrivals);
          if (redundant) {
            unfinished.stream().forEach(task -> scheduler.kill(task, now));
          }
          return redundant;
        });
  }

  /** Starts what the cores can take, asks the launches, and starts the copies they place. */
  private void launchLateIfDue() {
    started(scheduler.assign(now));
    LateLaunchPolicy.Launch launch = policy.due(iteration, arrivals);
    if (launch == null) {
      return;
    }
    BitSet tasks = launch.tasks();
    lateJobs.add(tasks);
    tasks.stream().forEach(task -> scheduler.place(task, simulated.placedOn(task)));
    started(scheduler.assign(now));
  }

  private void started(List<ChunkScheduler.Run> runs) {
    for (ChunkScheduler.Run run : runs) {
      if (run.launchedIn == iteration) { // the listener tells an iteration its own launches
        simulated.launched(run.task, run.covers, msAt(run.start), run.executor);
      }
    }
  }

  /**
   * The span (to the decision), the task-ms run in it up to then (a killed copy up to its kill, a
   * carried one from the iteration's start) and the task-ms whose result the decision did not use
   * (a copy of a chunk left out that runs on is not wasted: a later iteration awaits its result).
   */
  private IterationOutcome outcome(Decision decision) {
    BitSet used = decision.used();
    double computed = 0;
    double wasted = 0;
    for (ChunkScheduler.Run run : scheduler.runs()) {
      double ran = Math.max(0, run.ranUntil(now) - Math.max(0, run.start));
      boolean runsOn = !run.killed() && run.end > now;
      boolean counts =
          used.get(run.task) && recorded.contains(run)
              || runsOn && awaited.get(plan.chunkOf(run.task));
      computed += ran;
      wasted += counts ? 0 : ran;
    }
    return new IterationOutcome(now, computed, wasted);
  }

  /**
   * When chunk {@code q} (piece q mod chunks of block q / chunks) arrived in the last {@link #run},
   * in ms from its start: its first copy to finish (infinity if none did).
   */
  double arrivalOf(int q) {
    PartialResult first = firstArrived(q);
    return first == null ? Double.POSITIVE_INFINITY : first.finishMs() - lastOriginMs;
  }

  /** The executor whose copy of chunk {@code q} arrived first in the last {@link #run}, or -1. */
  int ranBy(int q) {
    PartialResult first = firstArrived(q);
    return first == null ? -1 : Integer.parseInt(first.executorId());
  }

  private PartialResult firstArrived(int q) {
    PartialResult first = null;
    for (int k = 0; k < plan.copies(); k++) {
      PartialResult r = arrivals.results().get(plan.taskOf(q, k));
      if (r != null && (first == null || r.finishMs() < first.finishMs())) {
        first = r;
      }
    }
    return first;
  }
}
