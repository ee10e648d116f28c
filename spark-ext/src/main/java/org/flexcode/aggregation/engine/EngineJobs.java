package org.flexcode.aggregation.engine;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.flexcode.aggregation.IterationCancelledException;

/**
 * The engine's submitted Spark jobs until each ends, each with the job tag of its iteration and
 * resubmit attempt, marked when the engine cancels it; tells the engine's own cancellations from
 * everyone else's. A job that ends cancelled is the engine's when Spark's reason names one of the
 * engine's tags, or when the engine cancelled it and the reason names no other route (all jobs, a
 * job group, a job tag, a stage, the context stopping); any other cancellation is the user's and
 * {@link #rethrowOthersCancellation} throws it.
 */
final class EngineJobs {

  private static final Pattern CANCELLED = Pattern.compile("Job \\d+ cancelled");
  private static final String[] OTHER_ROUTES = {
    "cancellation of all jobs", "cancelled job group", "cancelled job tag", "Stage", "shut down"
  };

  private final String tagPrefix;
  private final Queue<Job> unfinished = new ConcurrentLinkedQueue<>();

  /** {@code tagPrefix}: what every tag of this engine starts with. */
  EngineJobs(String tagPrefix) {
    this.tagPrefix = tagPrefix;
  }

  /** Watches {@code future}, submitted with {@code tag} for {@code iteration}; returns it. */
  Future<Void> watch(Future<Void> future, String tag, int iteration) {
    Job job = new Job(future, tag, iteration);
    unfinished.add(job);
    return job;
  }

  /** Marks the unfinished jobs tagged {@code tag} as cancelled by the engine. */
  void markCancelled(String tag) {
    for (Job job : unfinished) {
      if (job.tag.equals(tag)) {
        job.cancelledByEngine = true;
      }
    }
  }

  /** Whether a job of {@code iteration} has not ended yet. */
  boolean running(int iteration) {
    return unfinished.stream().anyMatch(job -> job.iteration == iteration && !job.isDone());
  }

  /** Cancels every job that has not ended yet, as the engine's own. */
  void cancelAll() {
    for (Job job : unfinished) {
      job.cancel(true);
    }
  }

  /**
   * Forgets the jobs that ended; throws {@link IterationCancelledException} if one of them was
   * cancelled by someone other than the engine.
   */
  void rethrowOthersCancellation() {
    for (Job job : unfinished) {
      if (!job.isDone()) {
        continue;
      }
      unfinished.remove(job);
      Throwable cancellation = cancellation(job.failure());
      if (cancellation != null && !isOwn(job, cancellation.getMessage())) {
        throw new IterationCancelledException(
            "FlexCode iteration "
                + job.iteration
                + ": Spark cancelled the iteration's job, not FlexCode ("
                + cancellation.getMessage()
                + "); stopping",
            cancellation);
      }
    }
  }

  /** Whether a job that ended cancelled with {@code message} was cancelled by the engine. */
  private boolean isOwn(Job job, String message) {
    if (message.contains(tagPrefix)) {
      return true;
    }
    if (!job.cancelledByEngine) {
      return false;
    }
    for (String route : OTHER_ROUTES) {
      if (message.contains(route)) {
        return false;
      }
    }
    return true;
  }

  /** Spark's cancellation exception in {@code failure}'s chain, or null. */
  static Throwable cancellation(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof org.apache.spark.SparkException
          && t.getMessage() != null
          && CANCELLED.matcher(t.getMessage()).find()) {
        return t;
      }
    }
    return null;
  }

  /** A submitted job: cancelling it marks it as cancelled by the engine. */
  private static final class Job implements Future<Void> {
    private final Future<Void> future;
    private final String tag;
    private final int iteration;
    private volatile boolean cancelledByEngine;

    Job(Future<Void> future, String tag, int iteration) {
      this.future = future;
      this.tag = tag;
      this.iteration = iteration;
    }

    Throwable failure() {
      try {
        future.get();
        return null;
      } catch (ExecutionException e) {
        return e.getCause();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      cancelledByEngine = true;
      return future.cancel(mayInterruptIfRunning);
    }

    @Override
    public boolean isCancelled() {
      return future.isCancelled();
    }

    @Override
    public boolean isDone() {
      return future.isDone();
    }

    @Override
    public Void get() throws InterruptedException, ExecutionException {
      return future.get();
    }

    @Override
    public Void get(long timeout, TimeUnit unit)
        throws InterruptedException, ExecutionException, TimeoutException {
      return future.get(timeout, unit);
    }
  }
}
