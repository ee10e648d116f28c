package org.flexcode.spark.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

  private static final Logger LOG = LoggerFactory.getLogger(UninterruptedRelease.class);

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

  /**
   * Runs every one of {@code releases} in order, as {@link #run} does, also after an earlier one
   * failed, an {@code Error} or a checked exception included (Scala code throws them undeclared:
   * stopping a listener queue joins its thread and can throw {@code InterruptedException}), and
   * with the interrupt status cleared before each one (an interrupt can arrive during a release).
   * Each failure is logged with {@code owner}; then the first is thrown with the others suppressed
   * (a checked one wrapped), so that one failed release never leaves the next resource held. An
   * interrupt seen on the way is set again at the end.
   */
  public static void runAll(String owner, Runnable... releases) {
    boolean interrupted = false;
    Throwable first = null;
    for (Runnable release : releases) {
      interrupted |= Thread.interrupted();
      try {
        release.run();
      } catch (Throwable e) { // Scala code throws checked exceptions undeclared
        interrupted |= e instanceof InterruptedException;
        LOG.warn("FlexCode: releasing the resources of {}: a release failed", owner, e);
        if (first == null) {
          first = e;
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (interrupted | Thread.interrupted()) {
      Thread.currentThread().interrupt();
    }
    if (first instanceof Error error) {
      throw error;
    }
    if (first instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (first != null) {
      throw new IllegalStateException(
          "FlexCode: releasing the resources of " + owner + " failed", first);
    }
  }
}
