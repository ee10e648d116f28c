package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.clustering.LocalLDAModel;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.optim.OnlineLdaTrainer;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.TestCorpora;
import org.flexcode.workloads.internal.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The MLlib baseline and FlexCode's online LDA reach the same log-perplexity (known answer). */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class MllibOnlineLdaTest {

  private static final int K = TestCorpora.TOPICS;
  private static final int V = TestCorpora.VOCABULARY;

  private static OnlineLdaTrainer.Config config(String strategy) {
    return new OnlineLdaTrainer.Config(
        K,
        15,
        null,
        -1,
        16,
        0.6,
        0.5,
        false,
        1L,
        AggregationStrategy.parse(strategy),
        EngineTestSupport.options());
  }

  @Test
  void matchesFlexCodesOnlineLdaOnASeparableCorpus(JavaSparkContext jsc) {
    JavaRDD<Document> docs = TestCorpora.topicCorpus(jsc).cache();
    List<IterationRecord> heard = new ArrayList<>();
    OnlineLdaTrainer.Fit fit =
        OnlineLdaTrainer.train(docs, V, config("frc:s=1"), (i, loss, record) -> heard.add(record));
    // MLlib's own optimizer, same settings and seed (seed 5 lands MLlib in a poorer optimum)
    LocalLDAModel mllib = MllibOnlineLda.train(docs, V, config("bsp"), StragglerInjector.none());
    double ours = OnlineLdaTrainer.logPerplexity(fit.toMllib(), docs, V);
    double theirs = OnlineLdaTrainer.logPerplexity(mllib, docs, V);
    assertEquals(theirs, ours, 0.02 * theirs, "ours " + ours + ", MLlib " + theirs);
    assertEquals(fit.records(), heard);
    assertTrue(heard.stream().allMatch(IterationRecord::exact));
  }
}
