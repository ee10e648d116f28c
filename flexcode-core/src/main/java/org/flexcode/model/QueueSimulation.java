package org.flexcode.model;

import java.util.Arrays;
import org.flexcode.aggregation.copies.internal.ChunkQueue;
import org.flexcode.aggregation.copies.internal.ChunkSpeeds;
import org.flexcode.aggregation.copies.internal.StealPlan;

/**
 * {@link QueueRule} prepared for one cluster: the driver's own {@link ChunkQueue} over simulated
 * time. Every core's task starts after one task launch and asks the queue; a chunk of block b (home
 * executor b mod M) on a core of executor e lasts ask + share x load(home) x (R + T x factor(e)), R
 * and T as {@link Cluster} says; a core the queue makes wait asks again after the next chunk is
 * done or at the recheck time the queue gives. When a chunk's first copy is done, its other copies
 * are cancelled (their time wasted) and their cores ask again. The span ends when every chunk is
 * done once.
 */
final class QueueSimulation implements Rule.Simulation {

  private final Cluster cluster;
  private final StealPlan plan;
  private final double askMs;
  private final ChunkSpeeds speeds;
  private ChunkQueue queue;
  private double[] factors;
  private double[] loads;
  private double[] startMs;
  private double[] endMs;
  private double now;
  private double computed;
  private double wasted;

  QueueSimulation(Cluster cluster, int copies, int chunks, double askMs) {
    this.cluster = cluster;
    this.plan = new StealPlan(cluster.tasks(), chunks, copies, cluster.executors());
    this.askMs = askMs;
    this.speeds = new ChunkSpeeds(cluster.executors());
  }

  @Override
  public IterationOutcome run(double[] factors, double[] loads) {
    this.factors = factors;
    this.loads = loads;
    if (queue == null) {
      double[] work = new double[plan.numChunks()];
      Arrays.setAll(
          work, c -> loads[cluster.executorOf(c / plan.chunksPerBlock())] / plan.chunksPerBlock());
      queue = new ChunkQueue(plan, work, cluster.cores(), speeds);
    } else {
      queue.start();
    }
    int cores = queue.cores();
    startMs = new double[cores];
    endMs = new double[cores];
    Arrays.fill(endMs, Double.NaN);
    now = cluster.costs().taskLaunchMs() * cluster.contention(cores);
    computed = 0;
    wasted = 0;
    while (true) {
      askUntilSettled();
      if (queue.done()) {
        return new IterationOutcome(now, computed, wasted);
      }
      advance();
    }
  }

  /** Every waiting core asks, again while an ask gives some core a chunk. */
  private void askUntilSettled() {
    boolean gave = true;
    while (gave && !queue.done()) {
      gave = false;
      for (int c = 0; c < endMs.length; c++) {
        if (!Double.isNaN(endMs[c])) {
          continue;
        }
        int chunk = queue.ask(c, now);
        if (chunk != ChunkQueue.WAIT) {
          startMs[c] = now;
          endMs[c] = now + chunkMs(chunk, queue.executorOf(c));
          gave = true;
        }
      }
    }
  }

  private double chunkMs(int chunk, int executor) {
    double plain = queue.work(chunk) * cluster.unslowedBlockMs() * cluster.contention(endMs.length);
    return askMs + plain + queue.work(chunk) * cluster.blockMs() * factors[executor];
  }

  /** Moves to the next chunk done (committing it) or the next recheck, whichever comes first. */
  private void advance() {
    int next = -1;
    for (int c = 0; c < endMs.length; c++) {
      if (!Double.isNaN(endMs[c]) && (next < 0 || endMs[c] < endMs[next])) {
        next = c;
      }
    }
    double recheck = Double.POSITIVE_INFINITY;
    for (int c = 0; c < endMs.length; c++) {
      if (Double.isNaN(endMs[c])) {
        recheck = Math.min(recheck, queue.recheckMs(c, now));
      }
    }
    if (next < 0 && recheck == Double.POSITIVE_INFINITY) {
      throw new IllegalStateException(
          "queue model: nothing runs and no core may ask again, with chunks pending (loads "
              + Arrays.toString(loads)
              + ")");
    }
    if (next < 0 || recheck < endMs[next]) {
      now = recheck;
      return;
    }
    now = endMs[next];
    int chunk = queue.runningOn(next);
    finish(next);
    if (queue.commit(next, now)) {
      for (int loser : queue.coresRunning(chunk)) {
        wasted += now - startMs[loser];
        finish(loser);
        queue.cancel(loser);
      }
    } else {
      wasted += now - startMs[next];
    }
  }

  private void finish(int core) {
    computed += now - startMs[core];
    endMs[core] = Double.NaN;
  }
}
