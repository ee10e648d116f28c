package org.flexcode.aggregation;

/**
 * One of the engine's Spark jobs was cancelled by someone other than the engine ({@code
 * SparkContext.cancelAllJobs}, {@code cancelJobGroup} of the caller's job group, {@code
 * cancelJobsWithTag} of one of the caller's job tags, a stage killed in the UI, the context
 * stopping): the engine stops instead of resubmitting. The cause is Spark's own cancellation
 * exception ({@code org.apache.spark.SparkException}, "Job N cancelled ..."); or the thread waiting
 * for an iteration was interrupted (Spark Connect's interrupt of the operation running the fit),
 * and the cause is the {@link InterruptedException}, the thread's interrupt status kept.
 */
public final class IterationCancelledException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public IterationCancelledException(String message, Throwable cause) {
    super(message, cause);
  }
}
