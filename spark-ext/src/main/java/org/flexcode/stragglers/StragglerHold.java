package org.flexcode.stragglers;

import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link StragglerPlugin}'s executor side: times each task and, once it has computed, holds it back
 * (factor - 1) x its run time, the factor drawn for (seed, this executor, the task's stage); then
 * tells the driver ({@link StragglerHolds.Held}). A hold is not cut short by a kill: Spark counts
 * the task finished once it has computed.
 */
final class StragglerHold implements ExecutorPlugin {

  private static final Logger LOG = LoggerFactory.getLogger(StragglerHold.class);

  /** The local property of a job's tags; the engine's jobs carry one starting {@link #ENGINE}. */
  static final String TAGS_PROPERTY = "spark.job.tags";

  static final String ENGINE = "flexcode-";

  /** The running task, noted at its start (Spark unsets its TaskContext before it succeeds). */
  private record Started(long nanos, int stage, int partition, int attempt, boolean engine) {}

  private final ThreadLocal<Started> started = new ThreadLocal<>();
  private PluginContext context;
  private StragglerPattern pattern;
  private long seed;

  @Override
  public void init(PluginContext ctx, Map<String, String> extraConf) {
    this.context = ctx;
    this.pattern = StragglerHolds.pattern(ctx.conf());
    this.seed = StragglerHolds.seed(ctx.conf());
  }

  @Override
  public void onTaskStart() {
    TaskContext task = TaskContext.get();
    if (task != null && pattern != null) {
      started.set(
          new Started(
              System.nanoTime(),
              task.stageId(),
              task.partitionId(),
              task.attemptNumber(),
              isEngineTask(task)));
    }
  }

  @Override
  public void onTaskFailed(org.apache.spark.TaskFailedReason reason) {
    started.remove();
  }

  @Override
  public void onTaskSucceeded() {
    Started task = started.get();
    started.remove();
    if (task == null || task.engine()) {
      return;
    }
    TaskSlot slot =
        TaskSlot.of(context.executorID(), task.partition(), task.stage(), task.attempt());
    double factor = pattern.emulatedFactor(seed, slot);
    if (factor <= 1.0) {
      return;
    }
    long ranMs = (System.nanoTime() - task.nanos()) / 1_000_000;
    long holdMs = Math.round((factor - 1.0) * ranMs);
    try {
      Thread.sleep(holdMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      context.send(
          new StragglerHolds.Held(
              context.executorID(), task.stage(), task.partition(), factor, ranMs, holdMs));
    } catch (java.io.IOException e) {
      LOG.debug("FlexCode straggler plugin: could not report a hold to the driver", e);
    }
  }

  private static boolean isEngineTask(TaskContext task) {
    String tags = task.getLocalProperty(TAGS_PROPERTY);
    if (tags == null) {
      return false;
    }
    for (String tag : tags.split(",")) {
      if (tag.startsWith(ENGINE)) {
        return true;
      }
    }
    return false;
  }
}
