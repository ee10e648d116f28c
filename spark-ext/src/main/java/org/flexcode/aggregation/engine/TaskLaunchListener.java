package org.flexcode.aggregation.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.Success$;
import org.apache.spark.TaskEndReason;
import org.apache.spark.TaskKilled;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.flexcode.aggregation.TaskLaunches;
import org.flexcode.spark.internal.SparkInternals;

/**
 * Remembers when each task of the engine's jobs launched, so the driver can tell how long a
 * cancelled task had run, and counts each iteration's failed task attempts and recovery ({@link
 * RecoveryTally}: executors lost, tasks resubmitted, recomputation). Jobs are recognised by the
 * engine's job tag prefix; a task of a job of {@code steal}'s block tasks (partition p running the
 * home copies of chunks p .. p + g - 1) counts as the launch of each of those chunks.
 */
public final class TaskLaunchListener extends SparkListener implements TaskLaunches {

  private final String tagPrefix;
  private final Map<Integer, Integer> stageToIteration = new ConcurrentHashMap<>();
  private final Map<Long, Long> launchMs = new ConcurrentHashMap<>();
  private final Map<Long, String> launchExecutor = new ConcurrentHashMap<>();
  private final Map<Long, Integer> launchPartition = new ConcurrentHashMap<>();
  private final Map<Integer, Integer> failures = new ConcurrentHashMap<>();
  private final Map<Integer, Boolean> resultStages = new ConcurrentHashMap<>();
  private final Map<Integer, Integer> stageHomeGroup = new ConcurrentHashMap<>();
  private final RecoveryTally recovery = new RecoveryTally();

  public TaskLaunchListener(String tagPrefix) {
    this.tagPrefix = tagPrefix;
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    String tags =
        jobStart.properties() == null
            ? null
            : jobStart.properties().getProperty(JobSubmitter.TAGS_PROPERTY);
    int iteration = JobSubmitter.iterationOfTags(tags, tagPrefix);
    if (iteration < 0) {
      return;
    }
    int resultStage = -1;
    for (int stageId : SparkInternals.intList(jobStart.stageIds())) {
      stageToIteration.put(stageId, iteration);
      resultStage = Math.max(resultStage, stageId);
    }
    resultStages.put(resultStage, Boolean.TRUE);
    String homeGroup = jobStart.properties().getProperty(JobSubmitter.HOME_GROUP_PROPERTY);
    if (homeGroup != null) {
      stageHomeGroup.put(resultStage, Integer.parseInt(homeGroup));
    }
  }

  /**
   * An executor lost counts for the next record built: the iteration it hit, or the next one when
   * it was lost between iterations (or reported after the record of the one it hit).
   */
  @Override
  public void onExecutorRemoved(org.apache.spark.scheduler.SparkListenerExecutorRemoved removed) {
    recovery.executorLost(removed.executorId());
  }

  /**
   * A stage of an iteration's job other than its result stage ran: Spark recomputed lost shuffle
   * output (stages whose output is available are skipped and never complete).
   */
  @Override
  public void onStageCompleted(org.apache.spark.scheduler.SparkListenerStageCompleted completed) {
    org.apache.spark.scheduler.StageInfo info = completed.stageInfo();
    Integer iteration = stageToIteration.get(info.stageId());
    if (iteration == null || resultStages.containsKey(info.stageId())) {
      return;
    }
    if (info.submissionTime().isDefined() && info.completionTime().isDefined()) {
      long start = (Long) info.submissionTime().get();
      long end = (Long) info.completionTime().get();
      recovery.recomputed(iteration, end - start);
    }
  }

  /**
   * Tasks resubmitted and recomputation time of {@code iteration} so far, and the executors lost
   * since the previous call: called once per record.
   */
  RecoveryTally.Figures takeRecovery(int iteration) {
    return recovery.take(iteration);
  }

  /**
   * Counts the iteration's task attempts that failed (an executor lost, a fetch failure, an
   * exception), not those FlexCode cancelled: attempts on a lost executor never report through the
   * accumulator, so only Spark's listener sees them.
   */
  @Override
  public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
    Integer iteration = stageToIteration.get(taskEnd.stageId());
    TaskEndReason reason = taskEnd.reason();
    if (iteration != null && !(reason instanceof Success$) && !(reason instanceof TaskKilled)) {
      failures.merge(iteration, 1, Integer::sum);
    }
  }

  /** The failed task attempts Spark reported for {@code iteration} so far. */
  int failedAttempts(int iteration) {
    return failures.getOrDefault(iteration, 0);
  }

  @Override
  public void onTaskStart(SparkListenerTaskStart taskStart) {
    Integer iteration = stageToIteration.get(taskStart.stageId());
    if (iteration != null && taskStart.taskInfo().attemptNumber() > 0) {
      recovery.taskResubmitted(iteration); // Spark's retry of a failed attempt
    }
    if (iteration != null) {
      launched(
          iteration,
          taskStart.taskInfo().partitionId(),
          stageHomeGroup.getOrDefault(taskStart.stageId(), 1),
          taskStart.taskInfo().launchTime(),
          taskStart.taskInfo().executorId());
    }
  }

  /**
   * Tasks {@code first} .. {@code first + tasks - 1} of {@code iteration} launched at {@code atMs}
   * on {@code executorId} (a block task runs its chunks), unless seen already.
   */
  public void launched(int iteration, int first, int tasks, long atMs, String executorId) {
    for (int task = first; task < first + tasks; task++) {
      long key = key(iteration, task);
      launchMs.putIfAbsent(key, atMs);
      launchExecutor.putIfAbsent(key, executorId);
      launchPartition.putIfAbsent(key, first);
    }
  }

  @Override
  public long launchTime(int iteration, int task) {
    Long t = launchMs.get(key(iteration, task));
    return t == null ? -1 : t;
  }

  @Override
  public String launchExecutor(int iteration, int task) {
    return launchExecutor.get(key(iteration, task));
  }

  /**
   * The Spark partition whose task ran task {@code task} of {@code iteration} ({@code steal}'s
   * block task p runs chunks p .. p + g - 1), or {@code task} itself if its launch was not seen.
   */
  public int launchPartition(int iteration, int task) {
    return launchPartition.getOrDefault(key(iteration, task), task);
  }

  /** Forgets iterations before {@code iteration}. */
  void forgetBefore(int iteration) {
    launchMs.keySet().removeIf(k -> (int) (k >>> 32) < iteration);
    launchExecutor.keySet().removeIf(k -> (int) (k >>> 32) < iteration);
    launchPartition.keySet().removeIf(k -> (int) (k >>> 32) < iteration);
    stageToIteration.values().removeIf(it -> it < iteration);
    failures.keySet().removeIf(it -> it < iteration);
    resultStages.keySet().removeIf(stage -> !stageToIteration.containsKey(stage));
    stageHomeGroup.keySet().removeIf(stage -> !stageToIteration.containsKey(stage));
    recovery.forgetBefore(iteration);
  }

  private static long key(int iteration, int task) {
    return ((long) iteration << 32) | (task & 0xffffffffL);
  }
}
