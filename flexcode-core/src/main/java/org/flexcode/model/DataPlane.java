package org.flexcode.model;

/**
 * What moving the tasks' d-vectors costs an iteration, beside the compute and the fixed costs of
 * {@link Costs}: the bytes the driver receives at {@code driverBytesPerSecond} (B), the vector
 * entries it adds at {@code driverEntriesPerSecond} (R), and, on the executor path, a fixed {@code
 * combineJobMs} (J), the executors' own adds at {@code executorEntriesPerSecond} and what a shuffle
 * level moves over each executor's link at {@code executorLinkBytesPerSecond}. An entry is a double
 * (8 bytes). Three paths:
 *
 * <ul>
 *   <li>{@link #driverPathMs}: every task's vector travels to the driver, which adds them one by
 *       one: n x d x 8 / B + n x d / R.
 *   <li>{@link #executorPathMs}: results stay on their executors; one combine task per executor
 *       adds that executor's ceil(n / M) held results (in parallel on every executor) and Spark's
 *       {@code treeReduce} (depth 2) merges the M executors' vectors: J + ceil(n / M) x d / R_exec
 *       + the tree over M partitions.
 *   <li>{@link #treeAggregateMs}: MLlib's {@code treeAggregate} (depth 2): the tree over n
 *       partitions, one vector per task.
 * </ul>
 *
 * <p>The tree ({@link #treeMs}) follows Spark's arithmetic for depth 2: with p partitions and scale
 * s = max(ceil(sqrt(p)), 2), while p > s + ceil(p / s) one shuffle level takes p to p / s
 * partitions; the driver receives what is left. A shuffle level from p to q partitions lasts as
 * long as the busiest executor's link (its ceil(p / min(p, M)) vectors out or the vectors its
 * reducers receive in, whichever is more) plus one reducer's adds of ceil(p / q) vectors. The
 * driver then receives and adds the q vectors: q x d x 8 / B + q x d / R. So the executor path's
 * driver receives at most M vectors (about sqrt(M) once M is past a handful), and treeAggregate's
 * about sqrt(n).
 *
 * <p>Which figures are measured and which assumed is the caller's: {@link DataPlaneFit} fits B, R
 * and J from one JVM (local mode, no network), {@link DataPlaneProjection} caps B and the link by
 * assumed network rates.
 *
 * @param driverBytesPerSecond B: the driver's inbound rate, bytes/s
 * @param driverEntriesPerSecond R: the driver's merge throughput, vector entries added per second
 * @param combineJobMs J: the executor path's fixed cost per iteration (its combine job), ms
 * @param executorLinkBytesPerSecond one executor's network rate, bytes/s, each way
 * @param executorEntriesPerSecond one executor core's merge throughput, entries per second
 */
public record DataPlane(
    double driverBytesPerSecond,
    double driverEntriesPerSecond,
    double combineJobMs,
    double executorLinkBytesPerSecond,
    double executorEntriesPerSecond) {

  /** Bytes per vector entry (a double). */
  public static final double BYTES_PER_ENTRY = 8.0;

  /** The depth of the engine's {@code treeReduce} and of MLlib's default {@code treeAggregate}. */
  public static final int TREE_DEPTH = 2;

  /** Validates: every rate finite and > 0, J finite and >= 0. */
  public DataPlane {
    double[] rates = {
      driverBytesPerSecond,
      driverEntriesPerSecond,
      executorLinkBytesPerSecond,
      executorEntriesPerSecond
    };
    for (double r : rates) {
      Checks.check(
          r > 0 && Double.isFinite(r), "data plane: rates must be finite and > 0, got " + r);
    }
    Checks.check(
        combineJobMs >= 0 && Double.isFinite(combineJobMs),
        "data plane: combineJobMs must be finite and >= 0, got " + combineJobMs);
  }

  /** Every task's vector to the driver, added there: n x d x 8 / B + n x d / R, ms. */
  public double driverPathMs(int tasks, int dimension) {
    checkShape(tasks, 1, dimension);
    return driverReceivesMs(tasks, dimension);
  }

  /**
   * Results held on their executors: J + the busiest executor's adds of its ceil(n / M) results +
   * the {@code treeReduce} of the min(n, M) executors' vectors, ms.
   */
  public double executorPathMs(int tasks, int executors, int dimension) {
    checkShape(tasks, executors, dimension);
    int heldPerExecutor = ceilDiv(tasks, executors);
    int combined = Math.min(tasks, executors);
    return combineJobMs
        + addsMs(heldPerExecutor, dimension, executorEntriesPerSecond)
        + treeMs(combined, executors, dimension);
  }

  /** MLlib's {@code treeAggregate} (depth 2) of one vector per task: the tree over n, ms. */
  public double treeAggregateMs(int tasks, int executors, int dimension) {
    checkShape(tasks, executors, dimension);
    return treeMs(tasks, executors, dimension);
  }

  /**
   * Spark's tree at depth 2 over {@code partitions} partitions, one vector each, on {@code
   * executors} executors: every shuffle level, then the driver's receive and adds (class comment).
   */
  public double treeMs(int partitions, int executors, int dimension) {
    checkShape(partitions, executors, dimension);
    int scale = treeScale(partitions);
    int p = partitions;
    double ms = 0;
    while (p > scale + Math.ceil(p / (double) scale)) {
      int q = p / scale;
      ms += shuffleLevelMs(p, q, executors, dimension);
      p = q;
    }
    return ms + driverReceivesMs(p, dimension);
  }

  /** How many partitions' values reach the driver from Spark's depth-2 tree over {@code p}. */
  public static int partitionsAtDriver(int partitions) {
    Checks.check(partitions >= 1, "data plane: partitions must be >= 1, got " + partitions);
    int scale = treeScale(partitions);
    int p = partitions;
    while (p > scale + Math.ceil(p / (double) scale)) {
      p /= scale;
    }
    return p;
  }

  /** The same data plane with every rate capped: B by {@code driverCap}, the link by its cap. */
  public DataPlane cappedBy(double driverCapBytesPerSecond, double linkCapBytesPerSecond) {
    return new DataPlane(
        Math.min(driverBytesPerSecond, driverCapBytesPerSecond),
        driverEntriesPerSecond,
        combineJobMs,
        Math.min(executorLinkBytesPerSecond, linkCapBytesPerSecond),
        executorEntriesPerSecond);
  }

  private double shuffleLevelMs(int p, int q, int executors, int dimension) {
    int mapExecutors = Math.min(p, executors);
    int reduceExecutors = Math.min(q, executors);
    int perReducer = ceilDiv(p, q);
    long out = ceilDiv(p, mapExecutors);
    long in = (long) ceilDiv(q, reduceExecutors) * perReducer;
    double bytes = Math.max(out, in) * (double) dimension * BYTES_PER_ENTRY;
    return 1000.0 * bytes / executorLinkBytesPerSecond
        + addsMs(perReducer, dimension, executorEntriesPerSecond);
  }

  private double driverReceivesMs(int vectors, int dimension) {
    double bytes = vectors * (double) dimension * BYTES_PER_ENTRY;
    return 1000.0 * bytes / driverBytesPerSecond
        + addsMs(vectors, dimension, driverEntriesPerSecond);
  }

  private static double addsMs(int vectors, int dimension, double entriesPerSecond) {
    return 1000.0 * vectors * (double) dimension / entriesPerSecond;
  }

  private static int treeScale(int partitions) {
    return Math.max((int) Math.ceil(Math.pow(partitions, 1.0 / TREE_DEPTH)), 2);
  }

  private static int ceilDiv(int a, int b) {
    return (a + b - 1) / b;
  }

  private static void checkShape(int tasks, int executors, int dimension) {
    Checks.check(tasks >= 1, "data plane: tasks must be >= 1, got " + tasks);
    Checks.check(executors >= 1, "data plane: executors must be >= 1, got " + executors);
    Checks.check(dimension >= 1, "data plane: dimension must be >= 1, got " + dimension);
  }
}
