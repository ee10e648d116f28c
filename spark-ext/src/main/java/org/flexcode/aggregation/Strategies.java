package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.coding.Decoding;
import org.flexcode.coding.GradientCode;

/** The built-in strategies. */
final class Strategies {

  private Strategies() {}

  /** Waits for every task; uncoded. */
  static final class Bsp implements AggregationStrategy {
    @Override
    public String spec() {
      return "bsp";
    }

    @Override
    public String describe() {
      return "bsp";
    }

    @Override
    public boolean isExact() {
      return true;
    }

    @Override
    public GradientCode code(int numTasks) {
      return GradientCode.uncoded(numTasks);
    }

    @Override
    public Optional<Decision> decide(
        GradientCode code, List<Integer> arrivals, BitSet finished, long[] blockRecords) {
      if (finished.cardinality() < code.numTasks()) {
        return Optional.empty();
      }
      Decoding decoding = code.decode(finished);
      return Optional.of(
          new Decision(decoding.taskCoefficients(), decoding.usedTasks(), 0.0, true));
    }

    @Override
    public String toString() {
      return spec();
    }
  }

  /**
   * Backup workers: the first n - b arrivals of an uncoded layout, scaled by (all records) /
   * (records of the used blocks), an unbiased-in-expectation estimate when stragglers are random.
   */
  static final class Ignore implements AggregationStrategy {
    private final int b;

    Ignore(int b) {
      if (b < 0) {
        throw new IllegalArgumentException("ignore: b (tasks to ignore) must be >= 0, got " + b);
      }
      this.b = b;
    }

    @Override
    public String spec() {
      return "ignore:b=" + b;
    }

    @Override
    public String describe() {
      return "ignore b=" + b;
    }

    @Override
    public boolean isExact() {
      return b == 0;
    }

    @Override
    public GradientCode code(int numTasks) {
      if (b >= numTasks) {
        throw new IllegalArgumentException(
            "ignore: b=" + b + " must be < the number of tasks n=" + numTasks);
      }
      return GradientCode.uncoded(numTasks);
    }

    @Override
    public Optional<Decision> decide(
        GradientCode code, List<Integer> arrivals, BitSet finished, long[] blockRecords) {
      int n = code.numTasks();
      int needed = n - b;
      if (arrivals.size() < needed) {
        return Optional.empty();
      }
      return Optional.of(rescaled(n, arrivals.subList(0, needed), blockRecords));
    }

    @Override
    public Decision bestEffort(GradientCode code, BitSet finished) {
      return rescaled(code.numTasks(), finished.stream().boxed().toList(), new long[0]);
    }

    private static Decision rescaled(int n, List<Integer> tasks, long[] blockRecords) {
      long total = 0;
      long aggregated = 0;
      BitSet used = new BitSet(n);
      for (int task : tasks) {
        used.set(task);
      }
      for (int j = 0; j < blockRecords.length; j++) {
        total += blockRecords[j];
        if (used.get(j)) {
          aggregated += blockRecords[j];
        }
      }
      double scale = aggregated > 0 ? (double) total / aggregated : 1.0;
      double[] weights = new double[n];
      for (int task : tasks) {
        weights[task] = scale;
      }
      boolean exact = tasks.size() == n;
      return new Decision(weights, used, Math.sqrt(n - tasks.size()), exact);
    }

    @Override
    public String toString() {
      return spec();
    }
  }

  /** An exact gradient code: decodes as soon as the code says the finished set decodes. */
  static final class Coded implements AggregationStrategy {
    private final String name;
    private final int s;

    Coded(String name, int s) {
      if (s < 0) {
        throw new IllegalArgumentException(
            name + ": s (stragglers tolerated) must be >= 0, got " + s);
      }
      this.name = name;
      this.s = s;
    }

    @Override
    public String spec() {
      return name + ":s=" + s;
    }

    @Override
    public String describe() {
      return name + " s=" + s;
    }

    @Override
    public boolean isExact() {
      return true;
    }

    @Override
    public int taskMultiple() {
      return name.equals("frc") ? s + 1 : 1;
    }

    @Override
    public GradientCode code(int numTasks) {
      return name.equals("frc")
          ? GradientCode.fractionalRepetition(numTasks, s)
          : GradientCode.cyclicRepetition(numTasks, s);
    }

    @Override
    public Optional<Decision> decide(
        GradientCode code, List<Integer> arrivals, BitSet finished, long[] blockRecords) {
      if (!code.isDecodable(finished)) {
        return Optional.empty();
      }
      Decoding decoding = code.decode(finished);
      if (!decoding.exact()) {
        return Optional.empty(); // numerically poor set: wait for one more task
      }
      return Optional.of(
          new Decision(
              decoding.taskCoefficients(), decoding.usedTasks(), decoding.residual(), true));
    }

    @Override
    public String toString() {
      return spec();
    }
  }
}
