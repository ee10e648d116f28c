package org.flexcode.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The MLlib rows of the bench, all MLlib's untouched {@code GradientDescent} (on {@code --ctr-path
 * estimator} spark.ml's own {@code LogisticRegression}, {@link EstimatorPath}) on the
 * straggler-wrapped input: as shipped; with speculation at the running Spark version's defaults;
 * with speculation tuned (multiplier 1.5, quantile 0.75, minTaskRuntime 100 ms); and tuned the way
 * a Spark expert would (4 x partitions, cached {@code MEMORY_AND_DISK_2}, {@code
 * spark.locality.wait=0}). Confs that Spark reads only when a context starts put a row in an
 * application of its own ({@link BaselineApplication}).
 */
enum MllibBaseline {
  /** MLlib as shipped, in the bench's own application. */
  MLLIB("mllib", false),
  /** Speculation on, at Spark's defaults. */
  SPECULATION("mllib+speculation", false),
  /** Speculation on, tuned to react sooner. */
  SPECULATION_TUNED("mllib+speculation-tuned", false),
  /** Over-partitioned, replicated cache, no locality wait. */
  TUNED("mllib-tuned", true);

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
      default -> {}
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
