package org.flexcode.workloads.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregateResult;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class OnlineLdaTest {

  static final int K = 3;
  static final int V = 30;
  static final int DOCS = 48;
  static final int BLOCKS = 4;

  static List<Document> corpus() {
    Random random = new Random(11);
    List<Document> docs = new ArrayList<>();
    for (int d = 0; d < DOCS; d++) {
      int topic = d % K;
      double[] counts = new double[V];
      for (int token = 0; token < 40; token++) {
        int w = random.nextDouble() < 0.8 ? topic * 10 + random.nextInt(10) : random.nextInt(V);
        counts[w]++;
      }
      docs.add(Document.of(d, org.apache.spark.ml.linalg.Vectors.dense(counts)));
    }
    return docs;
  }

  static OnlineLda.EStepModel model(double fraction) {
    double[] lambda = OnlineLda.initialLambda(K, V, OnlineLda.DEFAULT_GAMMA_SHAPE, 5);
    return new OnlineLda.EStepModel(
        K,
        V,
        OnlineLda.expElogbeta(lambda, K, V),
        new double[] {1.0 / K, 1.0 / K, 1.0 / K},
        OnlineLda.DEFAULT_GAMMA_SHAPE,
        fraction,
        99);
  }

  /** The statistic summed block by block on the driver: the uncoded reference. */
  static double[] directSum(List<Document> docs, OnlineLda.EStepModel model, int iteration) {
    double[] out = new double[OnlineLda.dimension(K, V)];
    int perBlock = DOCS / BLOCKS;
    for (int b = 0; b < BLOCKS; b++) {
      double[] block = new double[out.length];
      OnlineLda.statistic(K)
          .accumulate(model, iteration, b, docs.subList(b * perBlock, (b + 1) * perBlock), block);
      for (int i = 0; i < out.length; i++) {
        out[i] += block[i];
      }
    }
    return out;
  }

  static double relativeError(double[] x, double[] truth) {
    double diff = 0;
    double norm = 0;
    for (int i = 0; i < x.length; i++) {
      diff += (x[i] - truth[i]) * (x[i] - truth[i]);
      norm += truth[i] * truth[i];
    }
    return Math.sqrt(diff / norm);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bsp", "frc:s=1", "cyclic:s=1"})
  void codedStatisticsEqualTheUncodedSum(String spec, JavaSparkContext jsc) {
    List<Document> docs = corpus();
    JavaRDD<Document> data = jsc.parallelize(docs, BLOCKS);
    OnlineLda.EStepModel model = model(0.5);
    try (CodedAggregator<Document> engine =
        CodedAggregator.create(
            data, AggregationStrategy.parse(spec), EngineTestSupport.options())) {
      for (int iteration = 0; iteration < 2; iteration++) {
        AggregateResult result =
            engine.aggregate(model, OnlineLda.statistic(K), OnlineLda.dimension(K, V));
        double[] truth = directSum(docs, model, iteration);
        assertTrue(result.exact(), spec);
        assertTrue(relativeError(result.values(), truth) <= 1e-9, spec);
        double sampled =
            docs.stream()
                .filter(d -> OnlineLda.sampled(99, result.record().iteration(), d.id(), 0.5))
                .count();
        assertEquals(sampled, result.values()[OnlineLda.documentsIndex(K, V)], 1e-9);
      }
    }
  }

  @Test
  void theMiniBatchIsAboutTheFractionAndChangesWithTheIteration() {
    int first = 0;
    int both = 0;
    for (long id = 0; id < 4000; id++) {
      boolean a = OnlineLda.sampled(1, 0, id, 0.1);
      boolean b = OnlineLda.sampled(1, 1, id, 0.1);
      first += a ? 1 : 0;
      both += a && b ? 1 : 0;
    }
    assertEquals(400, first, 60);
    assertTrue(both < 80, "independent draws per iteration, overlap " + both);
  }

  @Test
  void theEStepIsDeterministicAndItsStatisticsSumToTheTokens() {
    List<Document> docs = corpus();
    OnlineLda.EStepModel model = model(1.0);
    double[] a = directSum(docs, model, 3);
    double[] b = directSum(docs, model, 3);
    assertArrayEquals(a, b);
    // sum_t sstats_tw * expElogbeta_tw = n_w for each word: phi sums to one over topics
    double[] beta = model.expElogbeta();
    double tokens = 0;
    double mass = 0;
    for (int i = 0; i < K * V; i++) {
      mass += a[i] * beta[i];
    }
    for (Document d : docs) {
      tokens += d.tokens();
    }
    assertEquals(tokens, mass, 1e-6 * tokens);
    assertEquals(tokens, a[OnlineLda.tokensIndex(K, V)], 1e-9);
    assertEquals(DOCS, a[OnlineLda.documentsIndex(K, V)], 1e-9);
  }

  @Test
  void theLambdaUpdateIsMllibsConvexCombination() {
    double[] lambda = {1, 2, 3, 4, 5, 6};
    double[] beta = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    int k = 2;
    int v = 3;
    double[] aggregate = new double[OnlineLda.dimension(k, v)];
    for (int i = 0; i < 6; i++) {
      aggregate[i] = 2.0;
    }
    aggregate[OnlineLda.documentsIndex(k, v)] = 5;
    OnlineLda.updateLambda(lambda, beta, aggregate, k, v, 0.1, 0.25, 10);
    // 0.75 * lambda + 0.25 * (0.1 + 10/5 * 2 * 0.5)
    assertEquals(0.75 * 1 + 0.25 * 2.1, lambda[0], 1e-12);
    assertEquals(0.75 * 6 + 0.25 * 2.1, lambda[5], 1e-12);
    assertEquals(Math.pow(1024 + 3, -0.51), OnlineLda.rho(1024, 0.51, 3), 1e-15);
  }
}
