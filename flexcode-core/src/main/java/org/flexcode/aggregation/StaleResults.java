package org.flexcode.aggregation;

/**
 * A bound-strategy capability: the strategy applies results of earlier iterations (bounded
 * staleness), so the engine keeps late tasks running and hands their results on. {@link #NONE}
 * applies only an iteration's own results.
 */
public interface StaleResults {

  /** Only the iteration's own results. */
  StaleResults NONE = new StaleResults() {};

  /**
   * How many iterations old a result this strategy applies may be (0: only the iteration's own;
   * then unfinished tasks may be cancelled when the iteration ends).
   */
  default int staleness() {
    return 0;
  }

  /** Whether task {@code task}'s result computed at iteration {@code computedAt} applies now. */
  default boolean acceptsStale(int task, int computedAt) {
    return false;
  }

  /** Task {@code task}'s result computed at {@code computedAt} was applied. */
  default void applied(int task, int computedAt) {}

  /** The job of iteration {@code computedAt} ended; its tasks without a result will not report. */
  default void abandon(int computedAt) {}
}
