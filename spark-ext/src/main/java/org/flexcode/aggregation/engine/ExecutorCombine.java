package org.flexcode.aggregation.engine;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function;
import org.flexcode.aggregation.CombinationTerm;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.spark.internal.ExecutorBlocks;
import org.flexcode.spark.internal.SparkInternals;

/**
 * An iteration's decode where its results are. The terms of results that travelled are added on the
 * driver; those of results held on executors are grouped by executor, and one task per such
 * executor (preferring it, so its reads are local) adds its terms into one vector. Those vectors
 * come to the driver directly when together they fit in the iteration's inline budget (one stage),
 * else Spark's {@code treeReduce} merges them (depth 2: a shuffle on the executors first); either
 * way the driver receives one vector per executor at most, not one per task or chunk copy.
 */
final class ExecutorCombine {

  private static final String DESCRIPTION_PROPERTY = "spark.job.description";

  /** What a combine task's error says when a held result's block is gone. */
  static final String GONE = "held on an executor is gone";

  private ExecutorCombine() {}

  /**
   * One held term: {@code weight} x slice {@code offset} of block {@code block} of set {@code id}.
   */
  record HeldTerm(int id, int block, int task, String executor, int offset, double weight)
      implements Serializable {
    /** {@code term} over result {@code r}, which {@code holding} holds. */
    static HeldTerm of(ResultHolding holding, PartialResult r, CombinationTerm term) {
      return new HeldTerm(
          holding.blocksId(),
          holding.blockOf(r.task(), r.attempt()),
          r.task(),
          r.executorId(),
          term.offset(),
          term.weight());
    }

    /** The error of a combine that finds this term's result gone with its executor. */
    IllegalStateException gone() {
      return new IllegalStateException(
          "FlexCode: the result of task "
              + task
              + " "
              + GONE
              + " (executor "
              + executor
              + ", block rdd_"
              + id
              + "_"
              + block
              + ")");
    }
  }

  /** What a combine did: the sum, and how many held results and executors it read. */
  record Combined(double[] sum, int heldResults, int executors) {}

  /**
   * Applies {@code terms} to {@code results}; {@code holdingOf}: the holding of an iteration (a
   * stale result's may be an earlier one's); {@code directMaxBytes}: the most the executors'
   * vectors may take together to come to the driver directly; {@code label}: the combine job's
   * description.
   */
  static Combined combine(
      SparkContext sc,
      List<CombinationTerm> terms,
      Map<Integer, PartialResult> results,
      IntFunction<ResultHolding> holdingOf,
      int dimension,
      long directMaxBytes,
      String label) {
    double[] sum = new double[dimension];
    Map<String, ArrayList<HeldTerm>> byExecutor = new TreeMap<>();
    int held = 0;
    for (CombinationTerm term : terms) {
      PartialResult r = results.get(term.task());
      if (!r.values().isHeld()) {
        r.values().addScaledSliceTo(sum, term.offset(), term.weight());
        continue;
      }
      ResultHolding holding = holdingOf.apply(r.iteration());
      if (holding.slices() != null) {
        throw new IllegalStateException(
            "FlexCode: the result of task " + r.task() + " is held in slices: decode it by slices");
      }
      byExecutor
          .computeIfAbsent(r.executorId(), e -> new ArrayList<>())
          .add(HeldTerm.of(holding, r, term));
      held++;
    }
    if (held > 0) {
      add(sum, onExecutors(sc, byExecutor, dimension, directMaxBytes, label));
    }
    return new Combined(sum, held, byExecutor.size());
  }

  /**
   * One task per executor adds its held terms; the executors' vectors are added on the driver, or
   * in a tree when they take more than {@code directMaxBytes} together.
   */
  private static double[] onExecutors(
      SparkContext sc,
      Map<String, ArrayList<HeldTerm>> byExecutor,
      int dimension,
      long directMaxBytes,
      String label) {
    Map<String, String> locationOf = new TreeMap<>();
    SparkInternals.executors(sc).forEach(e -> locationOf.put(e.id(), e.location()));
    List<ArrayList<HeldTerm>> partitions = new ArrayList<>(byExecutor.values());
    List<List<String>> locations = new ArrayList<>();
    for (String executor : byExecutor.keySet()) {
      String location = locationOf.get(executor);
      locations.add(location == null ? List.of() : List.of(location));
    }
    return described(
        sc,
        label,
        () -> {
          JavaRDD<ArrayList<HeldTerm>> rdd =
              ExecutorBlocks.withLocations(
                      sc,
                      partitions,
                      locations,
                      SparkInternals.<ArrayList<HeldTerm>>classTag(ArrayList.class))
                  .toJavaRDD();
          JavaRDD<double[]> sums = rdd.map(new AddHeld(dimension));
          boolean direct = (double) byExecutor.size() * dimension * Double.BYTES <= directMaxBytes;
          return direct
              ? sums.reduce(ExecutorCombine::addInto)
              : sums.treeReduce(ExecutorCombine::addInto, 2);
        });
  }

  /** Runs {@code jobs} with {@code label} as the description of the jobs they submit. */
  static <R> R described(SparkContext sc, String label, Supplier<R> jobs) {
    String oldDescription = sc.getLocalProperty(DESCRIPTION_PROPERTY);
    sc.setLocalProperty(DESCRIPTION_PROPERTY, label);
    try {
      return jobs.get();
    } finally {
      sc.setLocalProperty(DESCRIPTION_PROPERTY, oldDescription);
    }
  }

  private static double[] addInto(double[] a, double[] b) {
    add(a, b);
    return a;
  }

  private static void add(double[] into, double[] other) {
    for (int d = 0; d < into.length; d++) {
      into[d] += other[d];
    }
  }

  /** Executor side: the sum of one executor's held terms, read locally or fetched. */
  private record AddHeld(int dimension) implements Function<ArrayList<HeldTerm>, double[]> {
    @Override
    public double[] call(ArrayList<HeldTerm> terms) {
      double[] sum = new double[dimension];
      for (HeldTerm t : terms) {
        Object[] wire = ExecutorBlocks.get(t.id(), t.block());
        if (wire == null) {
          throw t.gone();
        }
        PackedVector.fromWire(wire).addScaledSliceTo(sum, t.offset(), t.weight());
      }
      return sum;
    }
  }
}
