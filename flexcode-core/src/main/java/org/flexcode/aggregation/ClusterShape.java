package org.flexcode.aggregation;

/**
 * What a layout of the input is fitted to when the engine starts: the executors registered (0 in
 * local mode, whose one executor is the driver), the tasks they run at once (0 when not known, as
 * before any executor registers) and the input's blocks.
 *
 * @param executors executors registered, the driver not counted
 * @param slots tasks the cluster runs at once (executor cores over {@code spark.task.cpus}), or 0
 * @param blocks the input's blocks (partitions)
 */
public record ClusterShape(int executors, int slots, int blocks) {

  /**
   * Whether one executor (local mode's included) runs fewer tasks at once than there are blocks:
   * the blocks then wait in Spark's queue for its cores, which hands each free core the next one.
   */
  public boolean queuesBlocksOnOneExecutor() {
    return executors <= 1 && slots >= 1 && blocks > slots;
  }
}
