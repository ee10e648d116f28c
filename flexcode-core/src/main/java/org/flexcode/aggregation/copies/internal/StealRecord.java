package org.flexcode.aggregation.copies.internal;

import java.util.List;
import org.flexcode.aggregation.IterationDetail;

/**
 * What {@code steal} did in one iteration: the chunks whose result came from a copy other than
 * their home copy (from which executor to which), how many extra copies it launched, and the task
 * time spent on copies whose result was not used (duplicated work: losers that ran until they were
 * cancelled or finished second).
 */
public record StealRecord(List<Move> moves, int copiesLaunched, long duplicatedTaskMs)
    implements IterationDetail {

  /** Nothing moved: every other strategy, and steal without stragglers. */
  public static final StealRecord NONE = new StealRecord(List.of(), 0, 0);

  /**
   * Chunk {@code chunk}'s result came from task {@code toTask} on executor {@code toExecutor}
   * instead of its home copy, task {@code fromTask} on executor {@code fromExecutor}; {@code late}
   * if the copy launched because the home copy ran late (else: the home copy had not started).
   */
  public record Move(
      int chunk, int fromTask, String fromExecutor, int toTask, String toExecutor, boolean late) {}

  /** Copies the list. */
  public StealRecord {
    moves = List.copyOf(moves);
  }

  /** Duplicated task-seconds. */
  public double duplicatedTaskSeconds() {
    return duplicatedTaskMs / 1000.0;
  }

  /** The chunks that moved. */
  @Override
  public int workMoved() {
    return moves.size();
  }
}
