package org.flexcode.whatif;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the training iterations in an event log and groups them into fits. An iteration is:
 *
 * <ul>
 *   <li>a FlexCode aggregation: the jobs tagged {@code flexcode-<engine>-<iteration>-<attempt>}
 *       (every job of one engine and iteration together); a fit is one engine's iterations;
 *   <li>a Spark job whose stage is a {@code treeAggregate} of spark.ml's {@code RDDLossFunction}
 *       (L-BFGS, OWL-QN), MLlib's {@code GradientDescent} or {@code LBFGS}, or online LDA's {@code
 *       LDAOptimizer} (by the stage's call site); a fit is a run of such jobs of one call site with
 *       no other job between them.
 * </ul>
 *
 * Each iteration's main stage is its stage with the most tasks (the one that computes the
 * partitions' sums); the others ({@code treeAggregate}'s reduce stage) are timed apart.
 */
final class FitFinder {

  /** Call-site markers of the spark.ml and MLlib iterations. */
  static final List<String> ITERATION_SITES =
      List.of("RDDLossFunction", "GradientDescent", "LBFGS", "LDAOptimizer");

  private static final Pattern ENGINE_TAG = Pattern.compile("^flexcode-(.+)-(\\d+)-(\\d+)$");

  private FitFinder() {}

  /**
   * The fits of {@code log}.
   *
   * @throws EventLogException when the log has no training iteration
   */
  public static List<Fit> fits(EventLog log) {
    List<Fit> fits = new ArrayList<>();
    List<LoggedJob> current = new ArrayList<>();
    String currentKey = null;
    for (LoggedJob job : log.jobs()) {
      String key = iterationKey(job);
      if (key == null || !key.equals(currentKey)) {
        close(fits, current);
        current = new ArrayList<>();
        currentKey = key;
      }
      if (key != null) {
        current.add(job);
      }
    }
    close(fits, current);
    if (fits.isEmpty()) {
      throw new EventLogException(
          log.source()
              + ": no training iterations (no FlexCode aggregation and no treeAggregate of "
              + String.join(", ", ITERATION_SITES)
              + " among its "
              + log.jobs().size()
              + " jobs)");
    }
    return fits;
  }

  /**
   * What makes {@code job} an iteration: {@code engine:<id>} for a FlexCode job, its call site for
   * a spark.ml or MLlib one; null for any other job.
   */
  static String iterationKey(LoggedJob job) {
    for (String tag : job.tags()) {
      Matcher m = ENGINE_TAG.matcher(tag);
      if (m.matches()) {
        return "engine:" + m.group(1);
      }
    }
    LoggedStage main = main(job);
    if (main == null || !main.name().startsWith("treeAggregate at ")) {
      return null;
    }
    for (String site : ITERATION_SITES) {
      if (main.name().contains(site)) {
        return main.name();
      }
    }
    return null;
  }

  /** The job's FlexCode iteration number, or -1 for a Spark job. */
  static int engineIteration(LoggedJob job) {
    for (String tag : job.tags()) {
      Matcher m = ENGINE_TAG.matcher(tag);
      if (m.matches()) {
        return Integer.parseInt(m.group(2));
      }
    }
    return -1;
  }

  private static LoggedStage main(LoggedJob job) {
    LoggedStage best = null;
    for (LoggedStage s : job.stages()) {
      if (best == null || s.numTasks() > best.numTasks()) {
        best = s;
      }
    }
    return best;
  }

  private static void close(List<Fit> fits, List<LoggedJob> jobs) {
    if (jobs.isEmpty()) {
      return;
    }
    List<List<LoggedJob>> groups = new ArrayList<>();
    int lastIteration = Integer.MIN_VALUE;
    for (LoggedJob job : jobs) {
      int it = engineIteration(job);
      if (groups.isEmpty() || it < 0 || it != lastIteration) {
        groups.add(new ArrayList<>());
      }
      groups.get(groups.size() - 1).add(job);
      lastIteration = it;
    }
    List<TrainingIteration> iterations = new ArrayList<>();
    for (int g = 0; g < groups.size(); g++) {
      long next = g + 1 < groups.size() ? groups.get(g + 1).get(0).submitMs() : Long.MIN_VALUE;
      TrainingIteration it = iteration(groups.get(g), next);
      if (it != null) {
        iterations.add(it);
      }
    }
    if (iterations.isEmpty()) {
      return;
    }
    LoggedJob first = jobs.get(0);
    String label =
        first.description().isEmpty() ? iterations.get(0).stage().name() : first.description();
    fits.add(new Fit(fits.size() + 1, label, iterations));
  }

  private static TrainingIteration iteration(List<LoggedJob> jobs, long nextStartMs) {
    List<LoggedTask> tasks = new ArrayList<>();
    long other = 0;
    LoggedStage first = null;
    long cached = 0;
    for (LoggedJob job : jobs) {
      LoggedStage main = main(job);
      for (LoggedStage s : job.stages()) {
        if (s == main) {
          tasks.addAll(s.tasks());
          cached = Math.max(cached, s.cachedBytes());
          first = first == null ? s : first;
        } else {
          other += Math.max(0, s.completeMs() - s.submitMs());
        }
      }
    }
    if (first == null) {
      return null;
    }
    LoggedStage stage =
        new LoggedStage(
            first.stageId(),
            first.attempt(),
            first.name(),
            first.details(),
            first.jobId(),
            first.numTasks(),
            first.submitMs(),
            first.completeMs(),
            cached,
            tasks);
    long start = jobs.get(0).submitMs();
    long end = jobs.stream().mapToLong(LoggedJob::endMs).max().orElse(start);
    return new TrainingIteration(
        stage, start, end, nextStartMs == Long.MIN_VALUE ? end : nextStartMs, other);
  }
}
