package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
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

  /**
   * Primaries plus shadow tasks (FlexEnt). {@code shadow} (s = 0): uncoded primaries; {@code
   * hybrid}: FRC (or cyclic) primaries tolerating s stragglers. Exact whenever the primaries
   * decode; otherwise, once at most s + m primaries are missing and every block the finished
   * primaries do not decode exactly has a finished shadow, the aggregate is the primaries' decoding
   * plus, for each such block, its shadow's estimate of the part the decoding misses. With FRC or
   * uncoded primaries that part is a whole block no finished primary holds.
   */
  static final class Shadowed implements AggregationStrategy {
    private static final double COVERAGE_TOLERANCE = 1e-9;
    private final int s;
    private final String primaryCode;
    private final ShadowSpec shadows;

    Shadowed(int s, String primaryCode, ShadowSpec shadows) {
      if (!primaryCode.equals("frc") && !primaryCode.equals("cyclic")) {
        throw new IllegalArgumentException(
            "hybrid: code must be frc or cyclic, got '" + primaryCode + "'");
      }
      if (s < 0) {
        throw new IllegalArgumentException(
            "hybrid: s (stragglers tolerated) must be >= 0, got " + s);
      }
      if (shadows.count() < 1) {
        throw new IllegalArgumentException(
            name(s) + ": m (shadow tasks) must be >= 1, got " + shadows.count());
      }
      this.s = s;
      this.primaryCode = primaryCode;
      this.shadows = shadows;
    }

    private static String name(int s) {
      return s == 0 ? "shadow" : "hybrid";
    }

    @Override
    public String spec() {
      return name(s)
          + ":"
          + (s == 0 ? "" : "s=" + s + ",")
          + "m="
          + shadows.count()
          + ",f="
          + String.format(Locale.ROOT, "%s", shadows.fraction())
          + (shadows.selector().equals("entropy") ? "" : ",selector=" + shadows.selector())
          + (shadows.late()
              ? ",late=" + String.format(Locale.ROOT, "%s", shadows.lateMultiplier())
              : "")
          + (s > 0 && primaryCode.equals("cyclic") ? ",code=cyclic" : "");
    }

    @Override
    public String describe() {
      return spec().replace(':', ' ').replace(',', ' ');
    }

    @Override
    public boolean isExact() {
      return false;
    }

    @Override
    public int taskMultiple() {
      return primaryCode.equals("frc") ? s + 1 : 1;
    }

    @Override
    public ShadowSpec shadows() {
      return shadows;
    }

    @Override
    public GradientCode code(int numTasks) {
      if (shadows.count() > numTasks) {
        throw new IllegalArgumentException(
            name(s)
                + ": m="
                + shadows.count()
                + " shadow tasks for only "
                + numTasks
                + " primary blocks; use m <= n");
      }
      if (s == 0) {
        return GradientCode.uncoded(numTasks);
      }
      return primaryCode.equals("frc")
          ? GradientCode.fractionalRepetition(numTasks, s)
          : GradientCode.cyclicRepetition(numTasks, s);
    }

    @Override
    public Optional<Decision> decide(
        GradientCode code, List<Integer> arrivals, BitSet finished, long[] blockRecords) {
      int n = code.numTasks();
      BitSet primaries = finished.get(0, n);
      if (code.isDecodable(primaries)) {
        Decoding decoding = code.decode(primaries);
        if (decoding.exact()) {
          return Optional.of(
              new Decision(
                  decoding.taskCoefficients(), decoding.usedTasks(), decoding.residual(), true));
        }
      }
      if (n - primaries.cardinality() > s + shadows.count()) {
        return Optional.empty();
      }
      // The finished primaries' best decoding (least squares; exact where it can be) covers block
      // j with coefficient coverage[j]; the rest of each block, 1 - coverage[j], comes from j's
      // shadow: all of a block no finished primary holds, part of one a cyclic decoding misses.
      double[] weights = new double[n];
      double[] coverage = new double[n];
      if (!primaries.isEmpty()) {
        weights = code.decode(primaries).taskCoefficients();
        for (int task = 0; task < n; task++) {
          if (weights[task] != 0.0) {
            int[] blocks = code.blocksOf(task);
            double[] c = code.coefficientsOf(task);
            for (int k = 0; k < blocks.length; k++) {
              coverage[blocks[k]] += weights[task] * c[k];
            }
          }
        }
      }
      TreeMap<Integer, Integer> estimated = new TreeMap<>();
      TreeMap<Integer, Double> shares = new TreeMap<>();
      double squaredResidual = 0;
      for (int block = 0; block < n; block++) {
        double share = 1.0 - coverage[block];
        if (Math.abs(share) <= COVERAGE_TOLERANCE) {
          continue;
        }
        int shadowTask = n + shadows.shadowOf(block, n);
        if (!finished.get(shadowTask)) {
          return Optional.empty(); // this block's shadow has not reported: wait
        }
        estimated.put(block, shadowTask);
        shares.put(block, share);
        squaredResidual += share * share;
      }
      BitSet used = new BitSet(n);
      for (int task = 0; task < n; task++) {
        if (weights[task] != 0.0) {
          used.set(task);
        }
      }
      return Optional.of(
          new Decision(weights, used, Math.sqrt(squaredResidual), false, estimated, shares));
    }

    @Override
    public String toString() {
      return spec();
    }
  }
}
