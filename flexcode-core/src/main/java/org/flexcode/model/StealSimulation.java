package org.flexcode.model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.flexcode.adaptive.HomeGrouping;
import org.flexcode.adaptive.SlowExecutors;
import org.flexcode.adaptive.StealHome;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.copies.LaunchContext;
import org.flexcode.aggregation.copies.StealLaunches;
import org.flexcode.aggregation.copies.StealPlan;
import org.flexcode.aggregation.copies.StealRecord;
import org.flexcode.aggregation.strategy.steal.Steal;
import org.flexcode.coding.GradientCode;

/**
 * {@link StealRule} prepared for one cluster: the engine's own {@code steal} decisions on simulated
 * time. The chunk copies are laid out by the engine's {@link StealPlan} (blocks = tasks, r copies,
 * M executors); the engine's {@link StealLaunches} chooses each iteration's home work ({@link
 * HomeGrouping}), which late copies to launch and where, and which executors to avoid next ({@link
 * SlowExecutors}); the engine's decoder ends the iteration once every chunk has arrived once. The
 * simulation supplies what Spark and the executors supply to the engine: Spark's scheduling of the
 * jobs on the cores ({@link ChunkScheduler}), when and where each task launched and where each copy
 * was placed ({@link SimulatedLaunches}), and the results as they arrive, each reporting that no
 * other process loads its host (dedicated cores). The engine's decisions are not logged here: a
 * model runs thousands of iterations.
 *
 * <p>As the engine does, the simulation asks the launches after every arrival, and in between when
 * a running chunk crosses a copy threshold ({@link StealLaunches#nextDueMs}). A late job all of
 * whose chunks have arrived is cancelled (its copies killed); a losing home copy runs on until the
 * iteration ends. The clock the engine reads is whole ms.
 */
final class StealSimulation implements Rule.Simulation {

  /** No other process keeps a simulated executor's host busy. */
  private static final double NO_OTHER_LOAD = 0.0;

  private static final PackedVector NO_VALUES = PackedVector.pack(new double[0]);

  private final Cluster cluster;
  private final StealPlan plan;
  private final SimulatedLaunches simulated;
  private final StealLaunches launches;
  private final BoundStrategy decoder;
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

  StealSimulation(Cluster cluster, int r, int chunks, double late, StealHome homeWork) {
    this.cluster = cluster;
    this.plan = new StealPlan(cluster.tasks(), chunks, r, cluster.executors());
    int tasks = plan.numChunks() * r;
    this.simulated = new SimulatedLaunches(tasks);
    this.executorIds = SimulatedLaunches.executorIds(cluster.executors());
    Steal steal = new Steal(r, chunks, late, homeWork);
    this.launches =
        new StealLaunches(
            plan,
            steal.layout(),
            simulated,
            executorIds,
            simulated,
            LaunchContext.simulated(this::clockMs));
    this.decoder = steal.bind(GradientCode.uncoded(tasks), null);
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
    simulated.startIteration(iteration);
    boolean blockHome = launches.homeGroup(iteration) > 1;
    scheduler.start(factors, loads, blockHome, simulated.avoided(), simulated.keepsHome());
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

  /** The simulated time at clock ms {@code ms} (infinity for {@link Long#MAX_VALUE}). */
  private double timeOf(long ms) {
    return ms == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : ms - originMs;
  }

  /** Records the results of the runs that just finished, as the engine's accumulator does. */
  private void arrive(List<ChunkScheduler.Run> finished) {
    for (ChunkScheduler.Run run : finished) {
      double launchMs =
          run.covers > 1 ? cluster.costs().taskLaunchMs() : cluster.costs().chunkLaunchMs();
      arrivals.recordCovered(
          new PartialResult(
              iteration,
              run.task,
              0,
              executorIds[run.executor],
              msAt(Math.min(run.start + launchMs, run.end)),
              msAt(run.end),
              0,
              NO_VALUES,
              null,
              NO_OTHER_LOAD,
              run.covers));
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
          boolean redundant = launches.redundant(tasks, arrivals);
          if (redundant) {
            unfinished.stream().forEach(task -> scheduler.kill(task, now));
          }
          return redundant;
        });
  }

  /** Starts what the cores can take, asks the launches, and starts the copies they place. */
  private void launchLateIfDue() {
    started(scheduler.assign(now));
    LateLaunchPolicy.Launch launch = launches.due(iteration, arrivals);
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
      simulated.launched(run.task, run.covers, msAt(run.start), run.executor);
    }
  }

  /**
   * The span (to the decision), the task-ms run up to it (a killed copy up to its kill) and the
   * task-ms whose result the decision did not use.
   */
  private IterationOutcome outcome(Decision decision) {
    BitSet used = decision.used();
    double computed = 0;
    double wasted = 0;
    for (ChunkScheduler.Run run : scheduler.runs()) {
      double ran = run.ranUntil(now) - run.start;
      computed += ran;
      wasted += used.get(run.task) ? 0 : ran;
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
