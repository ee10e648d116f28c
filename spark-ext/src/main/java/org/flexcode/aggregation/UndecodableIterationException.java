package org.flexcode.aggregation;

/**
 * Spark gave up on tasks that the strategy cannot do without: the message names the iteration, the
 * tasks that failed and the blocks that no finished task holds.
 */
public final class UndecodableIterationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UndecodableIterationException(String message, Throwable cause) {
    super(message, cause);
  }
}
