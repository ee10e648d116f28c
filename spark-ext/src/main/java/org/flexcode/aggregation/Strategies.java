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
   * hybrid}: FRC primaries tolerating s stragglers. Exact whenever the primaries decode; otherwise,
   * once at most s + m primaries are missing, the blocks no finished primary holds are each covered
   * by a finished shadow, and the finished primaries decode every other block exactly, the
   * aggregate is the exact sum of those blocks plus the shadows' estimates of the lost ones.
   */
  static final class Shadowed implements AggregationStrategy {
    private static final double COVERAGE_TOLERANCE = 1e-9;
    private final int s;
    private final ShadowSpec shadows;

    Shadowed(int s, ShadowSpec shadows) {
      if (s < 0) {
        throw new IllegalArgumentException(
            "hybrid: s (stragglers tolerated) must be >= 0, got " + s);
      }
      if (shadows.count() < 1) {
        throw new IllegalArgumentException(
            name(s) + ": m (shadow tasks) must be >= 1, got " + shadows.count());
      }
      this.s = s;
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
          + (shadows.selector().equals("entropy") ? "" : ",selector=" + shadows.selector());
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
      return s + 1;
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
      return s == 0
          ? GradientCode.uncoded(numTasks)
          : GradientCode.fractionalRepetition(numTasks, s);
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
      BitSet lost = new BitSet(n);
      lost.set(0, n);
      for (int task = primaries.nextSetBit(0); task >= 0; task = primaries.nextSetBit(task + 1)) {
        for (int block : code.blocksOf(task)) {
          lost.clear(block);
        }
      }
      TreeMap<Integer, Integer> estimated = new TreeMap<>();
      for (int block = lost.nextSetBit(0); block >= 0; block = lost.nextSetBit(block + 1)) {
        int shadowTask = n + shadows.shadowOf(block, n);
        if (!finished.get(shadowTask)) {
          return Optional.empty();
        }
        estimated.put(block, shadowTask);
      }
      double[] weights;
      double residual;
      if (primaries.isEmpty()) {
        weights = new double[n];
        residual = Math.sqrt(n);
      } else {
        Decoding decoding = code.decode(primaries);
        weights = decoding.taskCoefficients();
        double[] coverage = new double[n];
        for (int task = 0; task < n; task++) {
          if (weights[task] != 0.0) {
            int[] blocks = code.blocksOf(task);
            double[] c = code.coefficientsOf(task);
            for (int k = 0; k < blocks.length; k++) {
              coverage[blocks[k]] += weights[task] * c[k];
            }
          }
        }
        for (int block = 0; block < n; block++) {
          if (!lost.get(block) && Math.abs(coverage[block] - 1.0) > COVERAGE_TOLERANCE) {
            return Optional.empty(); // the other blocks do not decode exactly: wait
          }
        }
        residual = Math.sqrt(lost.cardinality());
      }
      BitSet used = new BitSet(n);
      for (int task = 0; task < n; task++) {
        if (weights[task] != 0.0) {
          used.set(task);
        }
      }
      return Optional.of(new Decision(weights, used, residual, false, estimated));
    }

    @Override
    public String toString() {
      return spec();
    }
  }
}
