package org.flexcode.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import org.flexcode.stragglers.StragglerHolds;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.stragglers.StragglerPlugin;

/**
 * The MLlib rows of the bench, all MLlib's untouched {@code GradientDescent} (on {@code --ctr-path
 * estimator} spark.ml's own {@code LogisticRegression}, {@link EstimatorPath}) on the
 * straggler-wrapped input: as shipped; with speculation at the running Spark version's defaults;
 * with speculation tuned (multiplier 1.5, quantile 0.75, minTaskRuntime 100 ms); and tuned the way
 * a Spark expert would (4 x partitions, cached {@code MEMORY_AND_DISK_2}, {@code
 * spark.locality.wait=0}); and for {@code --workload mf} Spark's own {@code ALS} ({@code als}),
 * which caches its own blocks, so its stragglers come from {@link StragglerPlugin} with the bench's
 * pattern and seed ({@link #confs(StragglerPattern, long)}), one application per pattern. Confs
 * that Spark reads only when a context starts put a row in an application of its own ({@link
 * BaselineApplication}).
 */
enum MllibBaseline {
  /** MLlib as shipped, in the bench's own application. */
  MLLIB("mllib", false),
  /** Speculation on, at Spark's defaults. */
  SPECULATION("mllib+speculation", false),
  /** Speculation on, tuned to react sooner. */
  SPECULATION_TUNED("mllib+speculation-tuned", false),
  /** Over-partitioned, replicated cache, no locality wait. */
  TUNED("mllib-tuned", true),
  /** Spark's ALS under {@link StragglerPlugin}, for {@code --workload mf}. */
  SPARK_ALS("als", false);

  /** Partitions of the tuned row per bench partition. */
  static final int TUNED_PARTITION_FACTOR = 4;

  private final String row;
  private final boolean overPartitioned;

  MllibBaseline(String row, boolean overPartitioned) {
    this.row = row;
    this.overPartitioned = overPartitioned;
  }

  /** The row's name in {@code --strategies} and reports. */
  String row() {
    return row;
  }

  /** Whether the row runs on 4 x partitions cached with replication. */
  boolean overPartitioned() {
    return overPartitioned;
  }

  /**
   * Whether the row needs an application of its own per straggler pattern: its stragglers come from
   * a plugin that reads the pattern when the application starts.
   */
  boolean applicationPerPattern() {
    return this == SPARK_ALS;
  }

  /**
   * The one line rejecting this row for {@code workload}, or null when the row runs there: {@code
   * mllib-tuned} runs on ctr and lr, {@code als} on mf, the other MLlib rows on every workload but
   * mf.
   */
  String rejection(String workload) {
    if (this == SPARK_ALS) {
      return workload.equals("mf")
          ? null
          : "als is Spark's ALS, a baseline of --workload mf only; got --workload " + workload;
    }
    if (workload.equals("mf")) {
      return "--workload mf has no mllib rows (MLlib's ALS is another algorithm, its row is als);"
          + " got '"
          + row
          + "'";
    }
    if (overPartitioned && !workload.equals("ctr") && !workload.equals("lr")) {
      return row + " is implemented for --workload ctr and lr only, got " + workload;
    }
    return null;
  }

  /** Whether the row needs an application of its own (confs read at context start). */
  boolean ownApplication() {
    return this != MLLIB;
  }

  /**
   * The confs the row's application starts with (empty for {@link #MLLIB}, which runs in the
   * bench's own application).
   */
  Map<String, String> confs() {
    Map<String, String> confs = new LinkedHashMap<>();
    switch (this) {
      case SPECULATION -> confs.put("spark.speculation", "true");
      case SPECULATION_TUNED -> {
        confs.put("spark.speculation", "true");
        confs.put("spark.speculation.multiplier", "1.5");
        confs.put("spark.speculation.quantile", "0.75");
        confs.put("spark.speculation.minTaskRuntime", "100ms");
      }
      case TUNED -> confs.put("spark.locality.wait", "0");
      case SPARK_ALS -> confs.put("spark.plugins", StragglerPlugin.class.getName());
      default -> {}
    }
    return confs;
  }

  /**
   * The confs the row's application starts with under {@code pattern} and straggler {@code seed}:
   * {@link #confs()}, and for {@code als} the plugin's pattern and seed.
   */
  Map<String, String> confs(StragglerPattern pattern, long seed) {
    Map<String, String> confs = confs();
    if (applicationPerPattern()) {
      confs.put(StragglerHolds.PATTERN_KEY, pattern.spec());
      confs.put(StragglerHolds.SEED_KEY, Long.toString(seed));
    }
    return confs;
  }

  /**
   * The speculation and locality settings the row runs with, for the report: its own confs over the
   * running Spark version's defaults ({@link SparkConfDefaults}).
   */
  Map<String, String> effectiveConfs() {
    Map<String, String> effective = new LinkedHashMap<>();
    if (this == SPECULATION || this == SPECULATION_TUNED) {
      effective.putAll(SparkConfDefaults.speculation());
    }
    effective.putAll(confs());
    return effective;
  }

  /** The baseline named {@code row}, or null when {@code row} is no MLlib row. */
  static MllibBaseline of(String row) {
    for (MllibBaseline b : values()) {
      if (b.row.equals(row)) {
        return b;
      }
    }
    return null;
  }

  /** Whether {@code row} names an MLlib row (known or not: {@code mllib...}). */
  static boolean looksLikeMllib(String row) {
    return row.startsWith("mllib");
  }
}
