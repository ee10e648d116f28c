package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.TestCorpora;
import org.flexcode.workloads.internal.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class OnlineLdaTrainerTest {

  static final int K = TestCorpora.TOPICS;
  static final int V = TestCorpora.VOCABULARY;

  static OnlineLdaTrainer.Config config(int iterations, double fraction, String strategy) {
    return config(iterations, fraction, strategy, 5L);
  }

  static OnlineLdaTrainer.Config config(
      int iterations, double fraction, String strategy, long seed) {
    return config(iterations, fraction, strategy, seed, EngineTestSupport.options());
  }

  static OnlineLdaTrainer.Config config(
      int iterations, double fraction, String strategy, long seed, AggregatorOptions options) {
    return new OnlineLdaTrainer.Config(
        K,
        iterations,
        null,
        -1,
        16,
        0.6,
        fraction,
        false,
        seed,
        AggregationStrategy.parse(strategy),
        options);
  }

  @Test
  void theIterationEstimateIsSparksLogPerplexityOfTheModelBeforeTheUpdate(JavaSparkContext jsc) {
    JavaRDD<Document> docs = TestCorpora.topicCorpus(jsc).cache();
    OnlineLdaTrainer.Fit six =
        OnlineLdaTrainer.train(docs, V, config(6, 1.0, "bsp"), (i, loss, record) -> {});
    OnlineLdaTrainer.Fit seven =
        OnlineLdaTrainer.train(docs, V, config(7, 1.0, "cyclic:s=1"), (i, loss, record) -> {});
    double spark = OnlineLdaTrainer.logPerplexity(six.toMllib(), docs, V);
    double estimate = seven.logPerplexityHistory()[6];
    assertEquals(spark, estimate, 0.01 * spark, "Spark's bound vs the mini-batch estimate");
    assertEquals(7, seven.records().size());
    assertEquals(60, seven.corpusDocuments());
  }

  @Test
  void anApproximateStrategyStillTrains(JavaSparkContext jsc) {
    JavaRDD<Document> docs = TestCorpora.topicCorpus(jsc).cache();
    OnlineLdaTrainer.Fit fit =
        OnlineLdaTrainer.train(docs, V, config(8, 0.5, "ignore:b=1"), (i, loss, record) -> {});
    for (double estimate : fit.logPerplexityHistory()) {
      assertTrue(Double.isFinite(estimate));
    }
    assertFalse(fit.records().get(0).exact());
    double perplexity = OnlineLdaTrainer.logPerplexity(fit.toMllib(), docs, V);
    assertTrue(perplexity < Math.log(V), "better than uniform: " + perplexity);
  }

  @Test
  void aShadowStandsInForAStragglersDocuments(JavaSparkContext jsc) {
    // Task 2 straggles 60 s in every iteration; the shadow's weighted subset of its documents,
    // coloured by dominant vocabulary bucket and length, stands in for it.
    JavaRDD<Document> docs = TestCorpora.topicCorpus(jsc).cache();
    int iterations = 8;
    org.flexcode.stragglers.StragglerHook hook = org.flexcode.stragglers.StragglerHook.none();
    for (int it = 0; it < iterations; it++) {
      hook = hook.and(it, 2, 60_000);
    }
    OnlineLdaTrainer.Config shadow =
        config(iterations, 0.5, "shadow:m=1,f=0.5", 5L, EngineTestSupport.options());
    OnlineLdaTrainer.Fit fit;
    org.flexcode.aggregation.EngineTestHooks.installStragglers(hook);
    try {
      fit = OnlineLdaTrainer.train(docs, V, shadow, (i, loss, record) -> {});
    } finally {
      org.flexcode.aggregation.EngineTestHooks.clear();
    }
    for (org.flexcode.metrics.IterationRecord record : fit.records()) {
      assertEquals(java.util.Map.of(2, 4), record.estimatedBlocks(), record.toString());
    }
    double perplexity = OnlineLdaTrainer.logPerplexity(fit.toMllib(), docs, V);
    OnlineLdaTrainer.Fit exact =
        OnlineLdaTrainer.train(docs, V, config(iterations, 0.5, "bsp"), (i, loss, record) -> {});
    double exactPerplexity = OnlineLdaTrainer.logPerplexity(exact.toMllib(), docs, V);
    System.out.printf(
        "LDA log-perplexity after %d iterations: shadow for a straggler %.5f, bsp %.5f%n",
        iterations, perplexity, exactPerplexity);
    assertTrue(perplexity < Math.log(V), "better than uniform: " + perplexity);
    assertTrue(perplexity < exactPerplexity * 1.05, perplexity + " vs bsp " + exactPerplexity);
  }
}
