package org.flexcode.aggregation.engine;

/**
 * An iteration decided, but a result it chose had stayed on an executor that is gone before the
 * decode could read it: the engine runs the iteration again with every result travelling to the
 * driver.
 */
final class HeldResultLostException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  HeldResultLostException(int iteration, Throwable cause) {
    super(
        "FlexCode iteration "
            + iteration
            + ": a result held on an executor was lost before the decode read it",
        cause);
  }
}
