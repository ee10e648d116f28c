package org.flexcode.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.LaunchSource;
import org.flexcode.aggregation.StaleResults;
import org.flexcode.aggregation.TaskLaunches;
import org.flexcode.aggregation.TaskLayout;

/**
 * {@link DecisionReplay} for a strategy that applies late results ({@link StaleResults#staleness()}
 * > 0, {@code ssp}), as the engine runs it: each iteration's first job runs the tasks the
 * strategy's own launch policy names ({@link LateLaunchPolicy#firstJob}); a task still running when
 * an iteration decides is not cancelled but runs on, and its result reaches a later iteration when
 * its time is up (at that iteration's start if it finished in between), where the strategy accepts
 * or drops it ({@link StaleResults#acceptsStale}) before it decides; the results used are marked
 * applied, and an earlier iteration whose tasks have all reported is abandoned, as the engine's
 * lingering tasks do. The next iteration starts when this one decided (the model has no cost
 * between iterations).
 */
final class StaleReplay {

  private final BoundStrategy bound;
  private final StaleResults stale;
  private final LateLaunchPolicy launches;
  private final int[] computedAt; // the iteration of task t's run in flight, -1 for none
  private final double[] remainingMs; // what it had left when the last iteration decided
  private final TreeSet<Integer> unfinished = new TreeSet<>(); // iterations not yet abandoned
  private double[] arrivalMs = new double[0];

  StaleReplay(BoundStrategy bound, StaleResults stale) {
    this.bound = bound;
    this.stale = stale;
    this.launches =
        bound
            .capability(LaunchSource.class)
            .map(source -> source.launches(new TaskLayout(bound.code(), bound.shadows()), NONE))
            .orElseGet(() -> LateLaunchPolicy.none(bound.numTasks()));
    this.computedAt = new int[bound.numTasks()];
    this.remainingMs = new double[bound.numTasks()];
    Arrays.fill(computedAt, -1);
  }

  /** No launch seen: the replay has no scheduler. */
  private static final TaskLaunches NONE =
      new TaskLaunches() {
        @Override
        public long launchTime(int iteration, int task) {
          return -1;
        }

        @Override
        public String launchExecutor(int iteration, int task) {
          return null;
        }
      };

  /**
   * Iteration {@code iteration} (its choice made), whose fresh task t finishes {@code finishMs[t]}
   * after it starts.
   */
  DecisionReplay.Replayed replay(int iteration, double[] finishMs) {
    int n = bound.numTasks();
    Checks.check(
        finishMs.length == n,
        "replay: " + finishMs.length + " finish times for " + n + " tasks of " + bound.strategy());
    BitSet fresh = launches.firstJob();
    double[] at = new double[n];
    Arrays.fill(at, Double.POSITIVE_INFINITY);
    for (int t = 0; t < n; t++) {
      if (fresh.get(t)) {
        computedAt[t] = iteration;
        at[t] = finishMs[t];
      } else if (computedAt[t] >= 0) {
        at[t] = remainingMs[t]; // <= 0: arrived between iterations, first in line
      }
    }
    unfinished.add(iteration);
    List<Integer> arrivals = new ArrayList<>(n);
    BitSet finished = new BitSet(n);
    for (int task : byArrival(at)) {
      if (computedAt[task] != iteration && !stale.acceptsStale(task, computedAt[task])) {
        computedAt[task] = -1; // dropped as too old, as the engine drops it
        continue;
      }
      arrivals.add(task);
      finished.set(task);
      Optional<Decision> decision = bound.decide(List.copyOf(arrivals), finished);
      if (decision.isPresent()) {
        return decided(iteration, decision.get(), finished, at, Math.max(0, at[task]));
      }
    }
    throw new IllegalArgumentException(
        "replay: " + bound.strategy() + " decided nothing with every task arrived");
  }

  /**
   * Each task's arrival in the last iteration replayed, after its start (+infinity for none; at
   * most 0 for a result that arrived between iterations).
   */
  double[] arrivalMs() {
    return arrivalMs.clone();
  }

  private DecisionReplay.Replayed decided(
      int iteration, Decision decision, BitSet finished, double[] at, double endMs) {
    Map<Integer, Integer> ages = new TreeMap<>();
    BitSet used = decision.used();
    for (int t = used.nextSetBit(0); t >= 0; t = used.nextSetBit(t + 1)) {
      if (computedAt[t] < iteration) {
        ages.put(t, iteration - computedAt[t]);
      }
      stale.applied(t, computedAt[t]);
    }
    for (int t = 0; t < computedAt.length; t++) {
      if (finished.get(t)) {
        computedAt[t] = -1;
      } else if (computedAt[t] >= 0) {
        remainingMs[t] = at[t] - endMs; // runs on into the next iterations
      }
    }
    abandonReported(iteration);
    arrivalMs = at;
    return new DecisionReplay.Replayed(
        used, (BitSet) finished.clone(), new BitSet(), endMs, decision, "", ages);
  }

  /** Abandons each earlier iteration none of whose tasks still runs, as the engine does. */
  private void abandonReported(int iteration) {
    unfinished.removeIf(
        u -> {
          boolean over = u < iteration && Arrays.stream(computedAt).noneMatch(c -> c == u);
          if (over) {
            stale.abandon(u);
          }
          return over;
        });
  }

  /** The tasks with an arrival, earliest first (ties in task order). */
  private static Integer[] byArrival(double[] at) {
    return IntStream.range(0, at.length)
        .filter(t -> at[t] < Double.POSITIVE_INFINITY)
        .boxed()
        .sorted(Comparator.comparingDouble((Integer t) -> at[t]))
        .toArray(Integer[]::new);
  }
}
