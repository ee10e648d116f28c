package org.flexcode.aggregation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.flexcode.spark.SparkInternals;

/**
 * Remembers when each task of the engine's jobs launched, so the driver can tell how long a
 * cancelled task had run. Jobs are recognised by their job group prefix.
 */
final class TaskLaunchListener extends SparkListener {

  private final String groupPrefix;
  private final Map<Integer, Integer> stageToIteration = new ConcurrentHashMap<>();
  private final Map<Long, Long> launchMs = new ConcurrentHashMap<>();

  TaskLaunchListener(String groupPrefix) {
    this.groupPrefix = groupPrefix;
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    String group =
        jobStart.properties() == null
            ? null
            : jobStart.properties().getProperty(SparkInternals.JOB_GROUP_PROPERTY);
    if (group == null || !group.startsWith(groupPrefix)) {
      return;
    }
    int iteration = JobSubmitter.iterationOfGroup(group);
    for (int stageId : SparkInternals.intList(jobStart.stageIds())) {
      stageToIteration.put(stageId, iteration);
    }
  }

  @Override
  public void onTaskStart(SparkListenerTaskStart taskStart) {
    Integer iteration = stageToIteration.get(taskStart.stageId());
    if (iteration != null) {
      launchMs.putIfAbsent(
          key(iteration, taskStart.taskInfo().partitionId()), taskStart.taskInfo().launchTime());
    }
  }

  /** When task {@code task} of {@code iteration} launched, or -1 if it has not (yet) been seen. */
  long launchTime(int iteration, int task) {
    Long t = launchMs.get(key(iteration, task));
    return t == null ? -1 : t;
  }

  /** Forgets iterations before {@code iteration}. */
  void forgetBefore(int iteration) {
    launchMs.keySet().removeIf(k -> (int) (k >>> 32) < iteration);
    stageToIteration.values().removeIf(it -> it < iteration);
  }

  private static long key(int iteration, int task) {
    return ((long) iteration << 32) | (task & 0xffffffffL);
  }
}
