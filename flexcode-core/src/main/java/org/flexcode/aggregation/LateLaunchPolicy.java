package org.flexcode.aggregation;

import java.util.BitSet;

/**
 * When an iteration launches extra tasks beyond its first job, and which: late shadows (launched
 * once a primary runs late, for the blocks still missing), or {@code steal}'s chunk copies
 * (launched repeatedly, as executors go idle or chunks run late); {@link #none} launches everything
 * in the first job. A one-shot policy is stateless; the run remembers whether it has launched.
 */
public interface LateLaunchPolicy {

  /** Extra tasks to launch, and the blocks they compute (null: all their blocks). */
  record Launch(BitSet tasks, BitSet blocks) {}

  /** The tasks the first job of an iteration runs. */
  BitSet firstJob();

  /**
   * How many chunks each task of iteration {@code iteration}'s first job runs: 1 (a task per first
   * job task), or {@code steal}'s chunks per block when its home work runs as block tasks. Asked
   * once per iteration, right after {@link #firstJob}.
   */
  default int homeGroup(int iteration) {
    return 1;
  }

  /** Whether this policy ever launches late (if not, {@link #due} is never asked). */
  boolean launchesLate();

  /** Tasks to launch now in iteration {@code iteration}, given what has arrived; null to wait. */
  Launch due(int iteration, Arrivals arrivals);

  /**
   * Whether {@link #due} is asked again after it launched (each launch its own job); if not, the
   * run asks until the first launch only.
   */
  default boolean launchesRepeatedly() {
    return false;
  }

  /**
   * Whether a late job of {@code tasks} is no longer needed given what has arrived (the run then
   * cancels it); never by default.
   */
  default boolean redundant(BitSet tasks, Arrivals arrivals) {
    return false;
  }

  /** Tasks to launch with a resubmit when Spark lost the job before {@link #due} fired. */
  Launch withResubmit(Arrivals arrivals);

  /** Every task in the first job, nothing late. */
  static LateLaunchPolicy none(int numTasks) {
    return new LateLaunchPolicy() {
      @Override
      public BitSet firstJob() {
        BitSet all = new BitSet(numTasks);
        all.set(0, numTasks);
        return all;
      }

      @Override
      public boolean launchesLate() {
        return false;
      }

      @Override
      public Launch due(int iteration, Arrivals arrivals) {
        return null;
      }

      @Override
      public Launch withResubmit(Arrivals arrivals) {
        return null;
      }
    };
  }
}
