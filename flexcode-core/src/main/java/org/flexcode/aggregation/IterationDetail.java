package org.flexcode.aggregation;

/**
 * What a strategy or its layout adds to one iteration's result beyond the engine's {@code
 * IterationRecord} (for example which chunks moved between executors). Read it with {@link
 * AggregateResult#detail}.
 */
public interface IterationDetail {

  /** Units of work whose result came from another executor than planned (0 by default). */
  default int workMoved() {
    return 0;
  }
}
