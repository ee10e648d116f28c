package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;
import org.flexcode.adaptive.internal.StalenessLedger;

/**
 * {@code ssp:staleness=1,b=1} in the model, with the engine's own {@link StalenessLedger}: a task
 * still running when its iteration ends keeps its core into the next iterations (it starts first on
 * its executor, for its remaining time) and its block gets no new task; an iteration ends at the
 * first arrival after which the ledger allows it (at most b blocks missing, none waited on for k
 * iterations). Nothing is thrown away: every finished result is applied, some late.
 */
record SspRule(int staleness, int b) implements Rule {

  /** Checks staleness and b as the engine's ledger does. */
  SspRule {
    StalenessLedger.checkStaleness(staleness);
    StalenessLedger.checkMissing(b);
  }

  @Override
  public String spec() {
    return "ssp:staleness=" + staleness + ",b=" + b;
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int n = cluster.tasks();
    StalenessLedger ledger = new StalenessLedger(n, staleness, b);
    double[] remaining = new double[n]; // ms left of a task in flight from an earlier iteration
    int[] iteration = new int[1];
    return (factors, loads) -> {
      int it = iteration[0]++;
      BitSet fresh = ledger.submitNew(it);
      double[] start = new double[n];
      double[] finish = new double[n];
      schedule(cluster, fresh, remaining, factors, loads, start, finish);
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (x, y) -> Double.compare(finish[x], finish[y]));
      BitSet contributed = new BitSet(n);
      double end = finish[order[n - 1]];
      for (int k = 0; k < n; k++) {
        contributed.set(order[k]);
        if (ledger.mayEnd(it, contributed)) {
          end = finish[order[k]];
          break;
        }
      }
      double computed = 0;
      for (int i = 0; i < n; i++) {
        computed += Math.max(0, Math.min(finish[i], end) - start[i]);
        if (contributed.get(i)) { // arrived by the deciding arrival (a tie after it lags)
          ledger.applied(i, ledger.inFlightSince(i));
          remaining[i] = 0;
        } else {
          remaining[i] = finish[i] - Math.max(end, start[i]);
        }
      }
      return new IterationOutcome(end, computed, 0.0);
    };
  }

  /**
   * Lagging tasks first, each on a core of its executor from time 0 for its remaining time; then
   * the fresh tasks in index order, each on its executor's earliest free core.
   */
  private static void schedule(
      Cluster cluster,
      BitSet fresh,
      double[] remaining,
      double[] factors,
      double[] loads,
      double[] start,
      double[] finish) {
    double[][] coreFree = new double[cluster.executors()][cluster.cores()];
    int n = remaining.length;
    for (int i = 0; i < n; i++) {
      if (!fresh.get(i)) {
        place(coreFree[cluster.executorOf(i)], i, remaining[i], start, finish);
      }
    }
    for (int i = fresh.nextSetBit(0); i >= 0; i = fresh.nextSetBit(i + 1)) {
      int e = cluster.executorOf(i);
      double ms = cluster.taskMs(1.0, loads[e], factors[e]);
      place(coreFree[e], i, ms, start, finish);
    }
  }

  private static void place(double[] cores, int task, double ms, double[] start, double[] finish) {
    int best = 0;
    for (int c = 1; c < cores.length; c++) {
      if (cores[c] < cores[best]) {
        best = c;
      }
    }
    start[task] = cores[best];
    finish[task] = start[task] + ms;
    cores[best] = finish[task];
  }

  @Override
  public String toString() {
    return spec();
  }
}
