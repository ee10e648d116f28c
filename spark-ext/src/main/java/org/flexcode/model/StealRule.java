package org.flexcode.model;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * Work stealing at chunk granularity (issue 13), without late copies. Block j (task j's block, home
 * executor j mod M) is cut into {@code chunks} chunks of T / chunks x load(home) ms of work each;
 * chunk c of block j is cached on its home and on r - 1 other executors, copy k (1 <= k < r) on
 * (home + 1 + ((c (r - 1) + k - 1) mod (M - 1))) mod M, so an executor's chunks spread over several
 * neighbours. A free core takes its executor's next home chunk; with none left it takes, among the
 * pending chunks its executor holds a copy of, the one its home would compute last. Every chunk
 * runs exactly once: nothing is wasted, and the iteration ends when the last chunk finishes.
 */
final class StealRule implements Rule {

  private final int r;
  private final int chunks;

  StealRule(int r, int chunks) {
    Specs.check(r >= 1, "steal: r (copies of each chunk) must be >= 1, got " + r);
    Specs.check(chunks >= 1, "steal: chunks (per block) must be >= 1, got " + chunks);
    this.r = r;
    this.chunks = chunks;
  }

  @Override
  public String spec() {
    return "steal:r=" + r + ",chunks=" + chunks;
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int m = cluster.executors();
    Specs.check(r <= m, "steal: r=" + r + " copies need at least r executors, got " + m);
    return new Run(cluster, r, chunks);
  }

  @Override
  public String toString() {
    return spec();
  }

  /** The per-cluster state: home queues and copies, reused by every iteration. */
  private static final class Run implements Simulation {
    private final Cluster cluster;
    private final int chunks;
    private final int[][] home;
    private final int[][] copies;
    private final boolean[] started;
    private final int[] homeNext;
    private final int[] copyNext;

    Run(Cluster cluster, int r, int chunks) {
      this.cluster = cluster;
      this.chunks = chunks;
      int m = cluster.executors();
      int total = cluster.tasks() * chunks;
      int[] homeCount = new int[m];
      int[] copyCount = new int[m];
      int[][] holders = new int[total][];
      for (int q = 0; q < total; q++) {
        holders[q] = holders(q / chunks, q % chunks, r);
        homeCount[holders[q][0]]++;
        for (int k = 1; k < r; k++) {
          copyCount[holders[q][k]]++;
        }
      }
      home = new int[m][];
      copies = new int[m][];
      for (int e = 0; e < m; e++) {
        home[e] = new int[homeCount[e]];
        copies[e] = new int[copyCount[e]];
      }
      Arrays.fill(homeCount, 0);
      Arrays.fill(copyCount, 0);
      for (int q = 0; q < total; q++) {
        home[holders[q][0]][homeCount[holders[q][0]]++] = q;
      }
      for (int q = total - 1; q >= 0; q--) { // thieves take what the home would compute last
        for (int k = 1; k < r; k++) {
          copies[holders[q][k]][copyCount[holders[q][k]]++] = q;
        }
      }
      started = new boolean[total];
      homeNext = new int[m];
      copyNext = new int[m];
    }

    private int[] holders(int block, int chunk, int r) {
      int m = cluster.executors();
      int owner = cluster.executorOf(block);
      int[] h = new int[r];
      h[0] = owner;
      for (int k = 1; k < r; k++) {
        h[k] = (owner + 1 + (chunk * (r - 1) + k - 1) % (m - 1)) % m;
      }
      return h;
    }

    @Override
    public IterationOutcome run(double[] factors, double[] loads) {
      Arrays.fill(started, false);
      Arrays.fill(homeNext, 0);
      Arrays.fill(copyNext, 0);
      PriorityQueue<double[]> free =
          new PriorityQueue<>(
              (a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : (int) (a[1] - b[1]));
      for (int e = 0; e < cluster.executors(); e++) {
        for (int c = 0; c < cluster.cores(); c++) {
          free.add(new double[] {0.0, e});
        }
      }
      double end = 0;
      double computed = 0;
      while (!free.isEmpty()) {
        double[] core = free.poll();
        int e = (int) core[1];
        int q = nextChunk(e);
        if (q < 0) {
          continue; // nothing left this core may take: it stays idle until the end
        }
        started[q] = true;
        int owner = cluster.executorOf(q / chunks);
        double ms = cluster.taskMs(1.0 / chunks, loads[owner], factors[e]);
        computed += ms;
        end = Math.max(end, core[0] + ms);
        free.add(new double[] {core[0] + ms, e});
      }
      return new IterationOutcome(end, computed, 0.0);
    }

    /** The executor's next home chunk, else the next pending chunk it holds a copy of, else -1. */
    private int nextChunk(int e) {
      while (homeNext[e] < home[e].length && started[home[e][homeNext[e]]]) {
        homeNext[e]++;
      }
      if (homeNext[e] < home[e].length) {
        return home[e][homeNext[e]++];
      }
      while (copyNext[e] < copies[e].length && started[copies[e][copyNext[e]]]) {
        copyNext[e]++;
      }
      return copyNext[e] < copies[e].length ? copies[e][copyNext[e]++] : -1;
    }
  }
}
