package org.apache.spark;

import org.apache.spark.scheduler.ExecutorDecommissionInfo;
import scala.Option;

/**
 * Test access to Spark's graceful decommissioning of one executor, as a cluster manager asks for it
 * before taking a machine away ({@code ExecutorAllocationClient} and the context's scheduler
 * backend are {@code private[spark]}; this class lives in Spark's package for that reason and only
 * in the tests).
 */
public final class ExecutorDecommissioning {

  private ExecutorDecommissioning() {}

  /**
   * Asks the scheduler backend of {@code sc} to decommission executor {@code executorId} (no new
   * tasks go to it; with storage decommissioning on, it migrates its blocks, then exits); returns
   * whether the backend accepted.
   */
  public static boolean decommission(SparkContext sc, String executorId, String reason) {
    ExecutorAllocationClient client = (ExecutorAllocationClient) sc.schedulerBackend();
    return client.decommissionExecutor(
        executorId, new ExecutorDecommissionInfo(reason, Option.empty()), false, false);
  }
}
