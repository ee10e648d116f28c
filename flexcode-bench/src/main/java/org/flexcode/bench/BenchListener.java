package org.flexcode.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.flexcode.spark.internal.SparkInternals;

/**
 * Attributes Spark's jobs and tasks to benchmark runs by the local property {@link #RUN_PROPERTY}:
 * job start and end times (how long MLlib's untouched iterations took), task-seconds, counting
 * killed and speculative attempts too, and each job's waste from its task timings ({@link #waste}).
 */
public final class BenchListener extends SparkListener {

  /** The local property naming the run a job belongs to. */
  public static final String RUN_PROPERTY = "flexcode.bench.run";

  /** One job of a run. */
  public record Job(int jobId, long startMs, long endMs) {}

  /**
   * The waste of some jobs, summed over their stages ({@link StageWaste}): {@code barrierMs}, slot
   * time idle waiting for each stage's last successful task; {@code discardedMs}, the run time of
   * attempts whose results were thrown away (killed, failed, or beaten by a speculative copy).
   */
  public record Waste(long barrierMs, long discardedMs) {}

  private final Map<Integer, String> runOfJob = new ConcurrentHashMap<>();
  private final Map<Integer, String> runOfStage = new ConcurrentHashMap<>();
  private final Map<Integer, Long> jobStart = new ConcurrentHashMap<>();
  private final Map<String, List<Job>> jobs = new ConcurrentHashMap<>();
  private final Map<Integer, List<Integer>> stagesOfJob = new ConcurrentHashMap<>();
  private final Map<Integer, List<StageWaste.Attempt>> tasksOfStage = new ConcurrentHashMap<>();

  @Override
  public void onJobStart(SparkListenerJobStart start) {
    String run = start.properties() == null ? null : start.properties().getProperty(RUN_PROPERTY);
    if (run == null) {
      return;
    }
    runOfJob.put(start.jobId(), run);
    jobStart.put(start.jobId(), start.time());
    List<Integer> stages = new ArrayList<>();
    for (int stage : SparkInternals.intList(start.stageIds())) {
      runOfStage.put(stage, run);
      stages.add(stage);
    }
    stagesOfJob.put(start.jobId(), stages);
  }

  @Override
  public void onJobEnd(SparkListenerJobEnd end) {
    String run = runOfJob.get(end.jobId());
    if (run != null) {
      jobs.computeIfAbsent(run, k -> new CopyOnWriteArrayList<>())
          .add(new Job(end.jobId(), jobStart.getOrDefault(end.jobId(), end.time()), end.time()));
    }
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd end) {
    String run = runOfStage.get(end.stageId());
    if (run != null && end.taskInfo() != null) {
      tasksOfStage
          .computeIfAbsent(end.stageId(), k -> new CopyOnWriteArrayList<>())
          .add(
              new StageWaste.Attempt(
                  end.taskInfo().executorId(),
                  end.taskInfo().launchTime(),
                  end.taskInfo().finishTime(),
                  end.taskInfo().successful()));
    }
  }

  /** The waste of {@code jobs}, from the timings of their stages' task attempts. */
  public Waste waste(List<Job> jobs) {
    long barrier = 0;
    long discarded = 0;
    for (Job job : jobs) {
      for (int stage : stagesOfJob.getOrDefault(job.jobId(), List.of())) {
        List<StageWaste.Attempt> attempts = tasksOfStage.getOrDefault(stage, List.of());
        barrier += StageWaste.barrierMs(attempts);
        discarded += StageWaste.discardedMs(attempts);
      }
    }
    return new Waste(barrier, discarded);
  }

  /** The ended jobs of a run, by job id. */
  public List<Job> jobs(String run) {
    List<Job> list = new ArrayList<>(jobs.getOrDefault(run, List.of()));
    list.sort((a, b) -> Integer.compare(a.jobId(), b.jobId()));
    return list;
  }

  /**
   * Task-seconds of a run's task attempts launched before {@code cutMs} (epoch ms; {@link
   * Long#MAX_VALUE}: all of them so far).
   */
  public double taskSeconds(String run, long cutMs) {
    double seconds = 0;
    for (Map.Entry<Integer, String> stage : runOfStage.entrySet()) {
      if (!run.equals(stage.getValue())) {
        continue;
      }
      for (StageWaste.Attempt a : tasksOfStage.getOrDefault(stage.getKey(), List.of())) {
        if (a.launchMs() < cutMs) {
          seconds += Math.max(0, a.finishMs() - a.launchMs()) / 1000.0;
        }
      }
    }
    return seconds;
  }
}
