package org.flexcode.workloads.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.feature.HashingTF;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.regression.LabeledPoint;

/**
 * A generated CTR-like classification workload, shaped like the Avazu sample: 22 categorical fields
 * (hour of day, C1, banner_pos, site/app/device ids and categories, C14..C21) with Zipf-like value
 * frequencies and vocabularies from 7 to 5,000 values, plus pairwise crosses of eight of them, all
 * hashed with Spark's {@code HashingTF} into numFeatures buckets (50 active features per record).
 * Labels come from a seeded ground-truth softmax model over the hashed features (numClasses 2 gives
 * binary CTR labels). Generated on the executors, partition by partition from (seed, partition), so
 * every application that asks for the same sizes gets the same data.
 */
public final class CtrWorkload {

  private static final int[] VOCABULARY = {
    24, 7, 7, 5000, 4000, 26, 3000, 300, 36, 5000, 5000, 900, 5, 4, 2500, 8, 9, 400, 5, 60, 170, 60
  };
  private static final int[] CROSSED = {1, 2, 5, 8, 12, 13, 15, 18};

  private CtrWorkload() {}

  /** The settings, with their sizes stated in reports. */
  public record Spec(
      int partitions, int rowsPerPartition, int numFeatures, int numClasses, long seed)
      implements java.io.Serializable {
    /** Validates. */
    public Spec {
      if (partitions < 1 || rowsPerPartition < 1 || numFeatures < 16 || numClasses < 2) {
        throw new IllegalArgumentException(
            "ctr workload: partitions, rowsPerPartition >= 1, numFeatures >= 16, numClasses >= 2; got "
                + this);
      }
    }

    /** Records in all. */
    public long rows() {
      return (long) partitions * rowsPerPartition;
    }
  }

  /** The records, one block per partition (not cached). */
  public static JavaRDD<LabeledPoint> generate(JavaSparkContext jsc, Spec spec) {
    List<Integer> partitions = new ArrayList<>();
    for (int p = 0; p < spec.partitions(); p++) {
      partitions.add(p);
    }
    return jsc.parallelize(partitions, spec.partitions())
        .flatMap(p -> partition(spec, p).iterator());
  }

  static List<LabeledPoint> partition(Spec spec, int partition) {
    SplittableRandom random = new SplittableRandom(spec.seed() * 1_000_003L + partition);
    HashingTF hashing = new HashingTF(spec.numFeatures());
    List<LabeledPoint> rows = new ArrayList<>(spec.rowsPerPartition());
    int[] values = new int[VOCABULARY.length];
    for (int r = 0; r < spec.rowsPerPartition(); r++) {
      TreeMap<Integer, Double> features = new TreeMap<>();
      for (int f = 0; f < VOCABULARY.length; f++) {
        values[f] = zipf(random, VOCABULARY[f]);
        features.put(hashing.indexOf("f" + f + "=" + values[f]), 1.0);
      }
      for (int a = 0; a < CROSSED.length; a++) {
        for (int b = a + 1; b < CROSSED.length; b++) {
          String term =
              "x"
                  + CROSSED[a]
                  + "_"
                  + CROSSED[b]
                  + "="
                  + values[CROSSED[a]]
                  + "_"
                  + values[CROSSED[b]];
          features.put(hashing.indexOf(term), 1.0);
        }
      }
      int[] indices = features.keySet().stream().mapToInt(Integer::intValue).toArray();
      double label = sampleLabel(spec, indices, random);
      rows.add(
          new LabeledPoint(
              label, Vectors.sparse(spec.numFeatures(), indices, ones(indices.length))));
    }
    return rows;
  }

  /**
   * Class k has score sum_j w_k(j), with w_k(j) ~ N(0, 0.3^2) seeded by (seed, k, j); class 0
   * scores 0.
   */
  private static double sampleLabel(Spec spec, int[] indices, SplittableRandom random) {
    double[] scores = new double[spec.numClasses()];
    double max = 0;
    for (int k = 1; k < spec.numClasses(); k++) {
      double s = -1.5;
      for (int j : indices) {
        s += truthWeight(spec.seed(), k, j);
      }
      scores[k] = s;
      max = Math.max(max, s);
    }
    double total = 0;
    for (int k = 0; k < scores.length; k++) {
      scores[k] = Math.exp(scores[k] - max);
      total += scores[k];
    }
    double u = random.nextDouble() * total;
    for (int k = 0; k < scores.length; k++) {
      u -= scores[k];
      if (u <= 0) {
        return k;
      }
    }
    return scores.length - 1;
  }

  private static double truthWeight(long seed, int k, int j) {
    SplittableRandom r =
        new SplittableRandom(seed ^ (k * 0x9E3779B97F4A7C15L) ^ (j * 0xC2B2AE3D27D4EB4FL));
    double u1 = r.nextDouble();
    double u2 = r.nextDouble();
    return 0.3 * Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  }

  private static int zipf(SplittableRandom random, int vocabulary) {
    // Inverse-CDF of a continuous 1/x law over [1, vocabulary]: a few values dominate, as in CTR
    // logs.
    return (int) Math.floor(Math.pow(vocabulary, random.nextDouble()));
  }

  private static double[] ones(int n) {
    double[] v = new double[n];
    java.util.Arrays.fill(v, 1.0);
    return v;
  }
}
