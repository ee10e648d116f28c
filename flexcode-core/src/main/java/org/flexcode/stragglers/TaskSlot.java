package org.flexcode.stragglers;

/**
 * Where and when one task attempt runs, as a straggler pattern sees it: the executor (a machine),
 * the partition, the iteration (for FlexCode's engine the 1-based iteration; for a wrapped input
 * how many times this executor computed the partition, 0 for MLlib's first {@code count()} pass)
 * and the attempt.
 *
 * <p>Local mode has no executors: Spark names the one JVM {@code driver}. {@link #of} then treats
 * every partition as its own virtual executor {@code local-<partition>}, so worker-level patterns
 * draw per partition and {@code persistent:k} slows partitions 0 to k - 1 only, never every task of
 * the driver. An executor id that is neither a number nor {@code local-N} holds no slow slot
 * ({@link #executorNumber()} is -1).
 *
 * @param executor the executor key patterns draw from ({@code "3"}, {@code "local-5"})
 * @param partition the task's partition
 * @param iteration the iteration (see above)
 * @param attempt the task attempt number
 */
public record TaskSlot(String executor, int partition, int iteration, int attempt) {

  /** The local-mode executor id Spark reports. */
  public static final String DRIVER = "driver";

  /** The prefix of local mode's virtual executors. */
  public static final String LOCAL_PREFIX = "local-";

  /** Validates. */
  public TaskSlot {
    if (executor == null || executor.isBlank()) {
      throw new IllegalArgumentException("executor must not be empty");
    }
  }

  /** The slot of a task on Spark executor {@code executorId}; maps local mode as described. */
  public static TaskSlot of(String executorId, int partition, int iteration, int attempt) {
    String key = DRIVER.equals(executorId) ? LOCAL_PREFIX + partition : executorId;
    return new TaskSlot(key, partition, iteration, attempt);
  }

  /**
   * The executor's number: its id in standalone and local-cluster mode, the partition for local
   * mode's virtual executors, -1 (no slow slot) otherwise.
   */
  public int executorNumber() {
    String digits =
        executor.startsWith(LOCAL_PREFIX) ? executor.substring(LOCAL_PREFIX.length()) : executor;
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
