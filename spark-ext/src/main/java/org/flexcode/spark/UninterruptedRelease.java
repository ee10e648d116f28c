package org.flexcode.spark;

/**
 * Releases of Spark resources (unpersisting an RDD, destroying a broadcast) from a thread that may
 * have been interrupted, as a fit's thread is when the user interrupts it (Spark Connect's
 * interrupt of an operation, an executor shut down now). Spark asks its block manager master by a
 * blocking RPC even for a non-blocking unpersist or destroy, and that wait fails at once on an
 * interrupted thread, which would leave the data cached and the broadcast held. The release runs
 * with the interrupt status cleared, and the status is set again afterwards so that the caller
 * still sees the interrupt.
 */
public final class UninterruptedRelease {

  private UninterruptedRelease() {}

  /** Runs {@code release} with this thread's interrupt status cleared, then restores it. */
  public static void run(Runnable release) {
    boolean interrupted = Thread.interrupted();
    try {
      release.run();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
