package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.spark.util.Utils;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.IterationCancelledException;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.StaleResults;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One iteration on the driver, as Spark's {@code TaskSetManager} tracks one attempt: submits the
 * first job, takes each partial result as it arrives (from the accumulator's merge, on Spark's
 * thread) and asks the strategy after each; launches late tasks when the policy says so; when every
 * job ended undecided, lets {@link Recovery} resubmit, approximate or fail; and finally cancels the
 * unfinished tasks. A job cancelled by someone other than the engine (the user's {@code
 * cancelAllJobs}, {@code cancelJobGroup}, {@code cancelJobsWithTag}) ends the run with an {@link
 * org.flexcode.aggregation.IterationCancelledException} instead of a resubmit.
 */
final class IterationRun<T, M> {

  private static final Logger LOG = LoggerFactory.getLogger(IterationRun.class);

  private final IterationInput<T, M> input;
  private final JobSubmitter<T> submitter;
  private final LateLaunchPolicy late;
  private final BoundStrategy strategy;
  private final StaleResults stale;
  private final Recovery recovery;
  private final LinkedBlockingQueue<PartialResult> queue = new LinkedBlockingQueue<>();
  private final Arrivals arrivals = new Arrivals();
  private final BitSet submitted;
  private final long submitMs = System.currentTimeMillis();
  private Future<Void> job;
  private final List<LateJob> lateJobs = new ArrayList<>(); // the late tasks' own jobs
  private boolean lateLaunched;
  private BitSet lateBlocks; // the blocks late tasks compute; null: all of theirs
  private int resubmits;
  private BooleanSupplier earlierJobsRunning = () -> false;
  private int staleDropped;
  private int resubmittedTasks;
  private final long maxResultBytes; // spark.driver.maxResultSize; 0: unlimited
  private final AtomicLong receivedBytes = new AtomicLong();
  private final AtomicInteger receivedResults = new AtomicInteger();

  IterationRun(
      IterationInput<T, M> input,
      JobSubmitter<T> submitter,
      LateLaunchPolicy late,
      BoundStrategy strategy,
      Recovery recovery,
      long maxResultBytes) {
    this.input = input;
    this.maxResultBytes = maxResultBytes;
    this.submitter = submitter;
    this.late = late;
    this.strategy = strategy;
    this.stale = strategy.capability(StaleResults.class).orElse(StaleResults.NONE);
    this.recovery = recovery;
    this.submitted = late.firstJob();
    this.lateLaunched = !late.launchesLate();
  }

  int iteration() {
    return input.iteration();
  }

  long submitMs() {
    return submitMs;
  }

  Arrivals arrivals() {
    return arrivals;
  }

  /**
   * The first {@code primaries} tasks' response times from submission: arrival for a finished task,
   * else (censored) the time run until {@code decidedMs}; the overhead is what the iteration spent
   * outside its tasks, from {@code startMs} (the aggregate call) to submission and from the
   * decision to now.
   */
  org.flexcode.adaptive.internal.TaskTimes taskTimes(int primaries, long decidedMs, long startMs) {
    double[] ms = new double[primaries];
    BitSet censored = new BitSet(primaries);
    String[] executors = new String[primaries];
    arrivals
        .results()
        .forEach(
            (task, r) -> {
              if (task < primaries) {
                executors[task] = r.executorId();
              }
            });
    for (int task = 0; task < primaries; task++) {
      long arrived = arrivals.arrivedMs(task);
      if (arrived < 0) {
        censored.set(task);
        arrived = decidedMs;
      }
      ms[task] = Math.max(0, arrived - submitMs);
    }
    long overhead =
        Math.max(0, submitMs - startMs) + Math.max(0, System.currentTimeMillis() - decidedMs);
    return new org.flexcode.adaptive.internal.TaskTimes(ms, censored, overhead, executors);
  }

  /**
   * Makes the run wait, while undecided, for jobs of earlier iterations that {@code running} says
   * still run (their late results may let it decide) instead of recovering.
   */
  void waitForEarlierJobs(BooleanSupplier running) {
    this.earlierJobsRunning = running;
  }

  /** Hands the results still queued (arrived after the decision) to {@code sink}. */
  void drainQueue(Consumer<PartialResult> sink) {
    for (PartialResult r = queue.poll(); r != null; r = queue.poll()) {
      sink.accept(r);
    }
  }

  /** Results of earlier iterations this run refused as too old or superseded. */
  int staleDropped() {
    return staleDropped;
  }

  /** Hands over a result of this iteration (any thread), counting the bytes it brought. */
  void offer(PartialResult result) {
    if (result.values() != null) {
      receivedBytes.addAndGet(result.values().wireBytes());
      receivedResults.incrementAndGet();
    }
    queue.offer(result);
  }

  /** The bytes of result values that reached the driver in this run. */
  long receivedBytes() {
    return receivedBytes.get();
  }

  /**
   * Fails, as Spark does for task results, once the values received exceed {@code
   * spark.driver.maxResultSize}.
   */
  private void checkResultSize() {
    long bytes = receivedBytes.get();
    if (maxResultBytes > 0 && bytes > maxResultBytes) {
      throw new IllegalStateException(
          "FlexCode iteration "
              + input.iteration()
              + ": the partial results of "
              + receivedResults.get()
              + " tasks sent to the driver ("
              + Utils.bytesToString(bytes)
              + ") exceed spark.driver.maxResultSize ("
              + Utils.bytesToString(maxResultBytes)
              + "); raise it, or lower spark.flexcode.results.inlineMaxBytes (now "
              + input.holding().describeThreshold()
              + ") so that larger results stay on their executors");
    }
  }

  /** Submits the first job and waits until the strategy decides (or recovery gives up). */
  Decision await() {
    int group = late.homeGroup(input.iteration());
    job =
        group > 1
            ? submitter.submitBlocks(input, (BitSet) submitted.clone(), group)
            : submitter.submit(input, 0, (BitSet) submitted.clone(), null);
    Decision decision = null;
    while (decision == null) {
      submitter.rethrowOthersCancellation(); // the user's cancel: stop, never resubmit
      PartialResult r = poll();
      checkResultSize();
      if (r != null) {
        decision = take(r);
        if (decision != null || !queue.isEmpty()) {
          continue;
        }
      } else {
        decision = strategy.decideOnWait(arrivals.order(), arrivals.finished()).orElse(null);
        if (decision != null) {
          continue;
        }
      }
      launchLateIfDue();
      if (r != null || jobsRunning() || !queue.isEmpty() || earlierJobsRunning.getAsBoolean()) {
        continue;
      }
      decision = recover();
    }
    return decision;
  }

  /** Cancels the unfinished tasks if a job still runs and {@code cancel}; returns them. */
  List<Integer> cancelUnfinished(boolean cancel) {
    List<Integer> cancelled = new ArrayList<>();
    if (!jobsRunning() || !cancel) {
      return cancelled;
    }
    submitter.cancel(input.iteration(), resubmits);
    for (LateJob lateJob : lateJobs) {
      lateJob.job().cancel(true); // launched in an earlier group if Spark aborted a job since
    }
    for (int task = submitted.nextSetBit(0); task >= 0; task = submitted.nextSetBit(task + 1)) {
      if (!arrivals.isFinished(task)) {
        cancelled.add(task);
      }
    }
    return cancelled;
  }

  /** The decision after {@code result}, or null: failed, a repeat, undecided, or not launched. */
  private Decision take(PartialResult result) {
    if (result.iteration() != input.iteration()
        && !stale.acceptsStale(result.task(), result.iteration())) {
      staleDropped++;
      return null;
    }
    if (!arrivals.recordCovered(result)) {
      return null;
    }
    cancelRedundantLateJobs();
    Decision decision = strategy.decide(arrivals.order(), arrivals.finished()).orElse(null);
    return decision != null && estimatesLaunched(decision) ? decision : null;
  }

  /** Whether every block {@code decision} estimates is one the launched late tasks compute. */
  private boolean estimatesLaunched(Decision decision) {
    if (lateBlocks == null) {
      return true;
    }
    for (int block : decision.estimated().keySet()) {
      if (!lateBlocks.get(block)) {
        return false;
      }
    }
    return true;
  }

  /** Cancels the late jobs the policy no longer needs (their chunks arrived from other copies). */
  private void cancelRedundantLateJobs() {
    lateJobs.removeIf(
        lateJob -> {
          boolean redundant = !lateJob.job().isDone() && late.redundant(lateJob.tasks(), arrivals);
          if (redundant) {
            lateJob.job().cancel(true);
          }
          return redundant;
        });
  }

  private void launchLateIfDue() {
    if (lateLaunched) {
      return;
    }
    LateLaunchPolicy.Launch launch = late.due(input.iteration(), arrivals);
    if (launch != null) {
      markLaunched(launch);
      Future<Void> lateJob = submitter.submit(input, resubmits, launch.tasks(), lateBlocks);
      lateJobs.add(new LateJob(lateJob, launch.tasks()));
    }
  }

  private void markLaunched(LateLaunchPolicy.Launch launch) {
    lateLaunched = !late.launchesRepeatedly();
    lateBlocks = launch.blocks();
    submitted.or(launch.tasks());
  }

  /** Every job ended undecided: resubmits (returning null), approximates or throws. */
  private Decision recover() {
    submitter.rethrowOthersCancellation(); // a job the user cancelled is never resubmitted
    Throwable cause = failureOf(job);
    for (LateJob lateJob : lateJobs) {
      cause = cause == null ? failureOf(lateJob.job()) : cause;
    }
    if (!recovery.shouldResubmit(cause, resubmits, arrivals)) {
      return recovery.giveUp(input.iteration(), arrivals, cause);
    }
    resubmits++;
    if (!lateLaunched) {
      LateLaunchPolicy.Launch launch = late.withResubmit(arrivals);
      if (launch != null) {
        markLaunched(launch); // a primary is lost: late tasks launch now, for the missing blocks
      }
    }
    BitSet failed = arrivals.failed();
    BitSet rerun = (BitSet) submitted.clone();
    rerun.andNot(arrivals.finished());
    rerun.andNot(failed);
    lateJobs.clear(); // their unfinished tasks are in the rerun; their failures are handled
    LOG.warn(
        "FlexCode iteration {}: Spark aborted the job ({}); going on without tasks {},"
            + " resubmitting the other unfinished ones {}",
        input.iteration(),
        cause.getMessage(),
        failed,
        rerun);
    resubmittedTasks += rerun.cardinality();
    job = submitter.submit(input, resubmits, rerun, lateBlocks);
    return null;
  }

  /** The tasks this run resubmitted after Spark aborted one of its jobs. */
  int resubmittedTasks() {
    return resubmittedTasks;
  }

  boolean jobsRunning() {
    return !job.isDone() || lateJobs.stream().anyMatch(lateJob -> !lateJob.job().isDone());
  }

  /** A late job and the tasks it runs. */
  private record LateJob(Future<Void> job, BitSet tasks) {}

  private PartialResult poll() {
    try {
      return queue.poll(5, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the caller still sees the interrupt
      throw new IterationCancelledException(
          "FlexCode iteration " + input.iteration() + ": the thread waiting for it was interrupted",
          e);
    }
  }

  private static Throwable failureOf(Future<Void> job) {
    try {
      job.get();
      return null;
    } catch (ExecutionException e) {
      return e.getCause() == null ? e : e.getCause();
    } catch (CancellationException e) {
      return e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return e;
    }
  }
}
