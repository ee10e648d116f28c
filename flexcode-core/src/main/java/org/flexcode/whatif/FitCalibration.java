package org.flexcode.whatif;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.flexcode.metrics.SampleStats;
import org.flexcode.model.Cluster;
import org.flexcode.model.Costs;

/**
 * A fit's iterations as the model runs them, derived from the logged tasks of their main stages:
 *
 * <ul>
 *   <li>the cluster: M executors (those that ran a main-stage task), n tasks (the main stage's most
 *       frequent task count), C = ceil(n / M) tasks per executor at once;
 *   <li>the per-task compute T: over iterations, the median of the iteration's median task run
 *       time;
 *   <li>the per-task launch cost L: the median over successful tasks of launch-to-finish minus the
 *       executor's run time (deserialization, result transfer, scheduling);
 *   <li>per iteration and executor the slowdown factor: the executor's longest task run time in the
 *       iteration over T (1 when it ran no task in it): the model gives all of an executor's tasks
 *       one factor, and the longest is the one a barrier waits for;
 *   <li>the driver time of each iteration is the log's own ({@link TrainingIteration#driverMs}),
 *       added to the model's compute span.
 * </ul>
 *
 * The whole task run time is taken as slowed by the factor: the log does not tell a straggler's
 * delay from its compute.
 */
final class FitCalibration {

  /**
   * A chunk task's launch cost as a share of a block task's: a log of a job that never ran chunk
   * tasks cannot show it. FlexCode's own event log (the bench's run A in docs/whatif.md, ctr,
   * emulated, 8 executors) shows a median of 7 ms for steal's chunk tasks against 29 ms for bsp's
   * block tasks: chunk tasks start one by one as cores free up, where a job's block tasks all
   * start, and report, at once.
   */
  static final double CHUNK_LAUNCH_SHARE = 0.25;

  private final Cluster cluster;
  private final List<String> executors;
  private final double[][] factors;
  private final double typicalTaskMs;

  private FitCalibration(
      Cluster cluster, List<String> executors, double[][] factors, double typicalTaskMs) {
    this.cluster = cluster;
    this.executors = executors;
    this.factors = factors;
    this.typicalTaskMs = typicalTaskMs;
  }

  /** The calibration of {@code fit}. */
  static FitCalibration of(Fit fit) {
    List<TrainingIteration> its = fit.iterations();
    TreeSet<String> names = new TreeSet<>(FitCalibration::byNumber);
    Map<Integer, Integer> taskCounts = new HashMap<>();
    List<Double> launches = new ArrayList<>();
    List<Map<String, Double>> longest = new ArrayList<>();
    double[] typical = new double[its.size()];
    for (int i = 0; i < its.size(); i++) {
      LoggedStage stage = its.get(i).stage();
      taskCounts.merge(Math.max(stage.numTasks(), 1), 1, Integer::sum);
      Map<String, Double> perExecutor = executorLongest(stage);
      names.addAll(perExecutor.keySet());
      longest.add(perExecutor);
      typical[i] =
          SampleStats.median(
              stage.tasks().stream()
                  .filter(LoggedTask::succeeded)
                  .mapToDouble(LoggedTask::runMs)
                  .toArray());
      stage.tasks().stream()
          .filter(LoggedTask::succeeded)
          .forEach(t -> launches.add((double) t.launchCostMs()));
    }
    double t = Math.max(1.0, median(typical));
    double launch = launches.isEmpty() ? 0.0 : SampleStats.median(toArray(launches));
    List<String> executors = List.copyOf(names);
    int m = Math.max(1, executors.size());
    int n = taskCounts.entrySet().stream().max(Map.Entry.comparingByValue()).get().getKey();
    Costs costs = new Costs(0, launch, 0, 0, 0, 0, launch * CHUNK_LAUNCH_SHARE);
    Cluster cluster = new Cluster(m, Math.max(1, (n + m - 1) / m), n, t, costs, 0.0);
    double[][] factors = new double[its.size()][m];
    for (int i = 0; i < its.size(); i++) {
      for (int e = 0; e < m; e++) {
        Double ms = longest.get(i).get(executors.get(e));
        factors[i][e] = ms == null ? 1.0 : Math.max(0.05, ms / t);
      }
    }
    return new FitCalibration(cluster, executors, factors, t);
  }

  /** The cluster the model runs on. */
  Cluster cluster() {
    return cluster;
  }

  /** The executors, in the model's order (executor e of {@link #factors} is the e-th). */
  List<String> executors() {
    return executors;
  }

  /** Iteration i's slowdown factor per executor. */
  double[] factors(int iteration) {
    return factors[iteration].clone();
  }

  /** The typical task run time T, ms. */
  double typicalTaskMs() {
    return typicalTaskMs;
  }

  private static Map<String, Double> executorLongest(LoggedStage stage) {
    Map<String, List<Double>> runs = new LinkedHashMap<>();
    for (LoggedTask task : stage.tasks()) {
      if (task.succeeded()) {
        runs.computeIfAbsent(task.executor(), k -> new ArrayList<>()).add((double) task.runMs());
      }
    }
    Map<String, Double> out = new LinkedHashMap<>();
    runs.forEach(
        (e, ms) -> out.put(e, ms.stream().mapToDouble(Double::doubleValue).max().orElse(0)));
    return out;
  }

  private static double median(double[] values) {
    double m = SampleStats.median(values);
    return Double.isNaN(m) ? 1.0 : m;
  }

  private static double[] toArray(java.util.Collection<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).toArray();
  }

  /** Executor ids in numeric order when both are numbers, else by name. */
  private static int byNumber(String a, String b) {
    boolean na = a.chars().allMatch(Character::isDigit) && !a.isEmpty();
    boolean nb = b.chars().allMatch(Character::isDigit) && !b.isEmpty();
    if (na && nb) {
      return Long.compare(Long.parseLong(a), Long.parseLong(b));
    }
    return na != nb ? (na ? -1 : 1) : a.compareTo(b);
  }
}
