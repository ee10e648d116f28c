package org.flexcode.model;

import java.util.Arrays;
import java.util.BitSet;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.CodeKind;
import org.flexcode.coding.GradientCode;

/** The rules that end at a prefix of the arrivals: bsp, limit, ignore, the codes and shadow. */
final class PrefixRules {

  private PrefixRules() {}

  /** One record per block: the model's blocks are equal. */
  private static long[] records(int n) {
    long[] r = new long[n];
    Arrays.fill(r, 1L);
    return r;
  }

  private static double[] ones(int n) {
    double[] b = new double[n];
    Arrays.fill(b, 1.0);
    return b;
  }

  /** Any {@code k} arrivals. */
  private static PrefixSimulation.Stopping counting(int k) {
    return new PrefixSimulation.Stopping() {
      @Override
      public boolean done(BitSet finished) {
        return finished.cardinality() >= k;
      }

      @Override
      public int count() {
        return k;
      }

      @Override
      public double dataShare(int n) {
        return Math.min(1.0, (double) k / n); // the first k of n equal blocks
      }
    };
  }

  /** Every task; with {@code ideal}, the no-straggler limit. */
  static final class Bsp implements Rule {
    private final boolean ideal;

    Bsp(boolean ideal) {
      this.ideal = ideal;
    }

    @Override
    public String spec() {
      return ideal ? "limit" : "bsp";
    }

    @Override
    public Simulation prepare(Cluster cluster) {
      int n = cluster.tasks();
      return new PrefixSimulation(cluster, ones(n), counting(n), ideal);
    }

    @Override
    public String toString() {
      return spec();
    }
  }

  /** The first n - b arrivals, as the engine's decoder takes them. */
  static final class Ignore implements Rule {
    private final int b;

    Ignore(int b) {
      Checks.check(b >= 0, "ignore: b (tasks to ignore) must be >= 0, got " + b);
      this.b = b;
    }

    @Override
    public String spec() {
      return "ignore:b=" + b;
    }

    @Override
    public Simulation prepare(Cluster cluster) {
      int n = cluster.tasks();
      Checks.check(b < n, "ignore: b=" + b + " must be < the number of tasks n=" + n);
      BoundStrategy bound = AggregationStrategy.ignore(b).bind(n, records(n));
      return new PrefixSimulation(
          cluster, ones(n), DecisionReplay.stopping(bound, (double) (n - b) / n), false);
    }

    @Override
    public String toString() {
      return spec();
    }
  }

  /** An exact code: ends when the engine's decoder decides (the finished set decodes). */
  static final class Coded implements Rule {
    private final CodeKind kind;
    private final int s;

    Coded(CodeKind kind, int s) {
      Checks.check(s >= 0, kind + ": s (stragglers tolerated) must be >= 0, got " + s);
      this.kind = kind;
      this.s = s;
    }

    @Override
    public String spec() {
      return kind + ":s=" + s;
    }

    @Override
    public Simulation prepare(Cluster cluster) {
      int n = cluster.tasks();
      BoundStrategy bound = AggregationStrategy.coded(kind, s).bind(n, records(n));
      GradientCode code = bound.code();
      double[] blocks = new double[n];
      for (int i = 0; i < n; i++) {
        blocks[i] = code.blocksOf(i).length;
      }
      PrefixSimulation.Stopping stopping = DecisionReplay.stopping(bound, 1.0);
      return new PrefixSimulation(cluster, blocks, stopping, false);
    }

    @Override
    public String toString() {
      return spec();
    }
  }

  /** Uncoded primaries and m shadows (see {@link Rule#shadow}). */
  static final class Shadow implements Rule {
    private final int m;
    private final double f;

    Shadow(int m, double f) {
      Checks.check(m >= 1, "shadow: m (shadow tasks) must be >= 1, got " + m);
      Checks.check(f > 0 && f <= 1, "shadow: f must be in (0, 1], got " + f);
      this.m = m;
      this.f = f;
    }

    @Override
    public String spec() {
      return "shadow:m=" + m + ",f=" + Checks.num(f);
    }

    @Override
    public Simulation prepare(Cluster cluster) {
      int n = cluster.tasks();
      Checks.check(m <= n, "shadow: m=" + m + " shadow tasks for only " + n + " blocks");
      double[] blocks = ones(n + m);
      int[] shadowOf = new int[n];
      for (int j = 0; j < n; j++) {
        shadowOf[j] = (int) ((long) j * m / n);
        blocks[n + shadowOf[j]] = 0;
      }
      for (int j = 0; j < n; j++) {
        blocks[n + shadowOf[j]] += f;
      }
      return new PrefixSimulation(cluster, blocks, stopping(n, shadowOf), false);
    }

    private PrefixSimulation.Stopping stopping(int n, int[] shadowOf) {
      return new PrefixSimulation.Stopping() {
        @Override
        public boolean done(BitSet finished) {
          int missing = n - finished.get(0, n).cardinality();
          if (missing == 0) {
            return true;
          }
          if (missing > m) {
            return false;
          }
          for (int j = finished.nextClearBit(0); j < n; j = finished.nextClearBit(j + 1)) {
            if (!finished.get(n + shadowOf[j])) {
              return false;
            }
          }
          return true;
        }

        @Override
        public BitSet used(BitSet finished) {
          BitSet used = finished.get(0, n);
          for (int j = used.nextClearBit(0); j < n; j = used.nextClearBit(j + 1)) {
            used.set(n + shadowOf[j]);
          }
          return used;
        }
      };
    }

    @Override
    public String toString() {
      return spec();
    }
  }
}
