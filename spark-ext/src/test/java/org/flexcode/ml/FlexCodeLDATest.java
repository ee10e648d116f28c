package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.clustering.LDA;
import org.apache.spark.ml.clustering.LDAModel;
import org.apache.spark.ml.clustering.LocalLDAModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** FlexCodeLDA against spark.ml's online LDA on Spark's own LDA sample data. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexCodeLDATest {

  static Dataset<Row> sample;

  @TempDir Path dir;

  @BeforeAll
  static void load(SparkSession spark) {
    sample = sample(spark);
  }

  /** Spark's 12-document LDA sample, cached in four partitions. */
  static Dataset<Row> sample(SparkSession spark) {
    return spark
        .read()
        .format("libsvm")
        .load(
            ProjectPaths.datasets()
                .resolve("spark-mllib-samples/sample_lda_libsvm_data.txt")
                .toString())
        .repartition(4)
        .cache();
  }

  static <E extends LDA> E configured(E lda) {
    lda.setK(3)
        .setMaxIter(20)
        .setOptimizer("online")
        .setSubsamplingRate(0.5)
        .setLearningOffset(16)
        .setLearningDecay(0.6)
        .setOptimizeDocConcentration(false)
        .setSeed(7);
    return lda;
  }

  @Test
  void logPerplexityIsWithinTwoPercentOfSparksOnlineLda() {
    double spark = 0;
    double ours = 0;
    // four seeds: single fits of 12 documents differ by a few percent between seeds
    int seeds = 4;
    for (long seed = 1; seed <= seeds; seed++) {
      LDAModel reference = configured(new LDA()).setSeed(seed).fit(sample);
      FlexCodeLDA lda = configured(new FlexCodeLDA()).setStrategy("cyclic");
      lda.setSeed(seed);
      LocalLDAModel model = lda.fit(sample);
      spark += reference.logPerplexity(sample) / seeds;
      ours += model.logPerplexity(sample) / seeds;
    }
    System.out.printf("sample LDA log-perplexity: spark %.5f, flexcode %.5f%n", spark, ours);
    assertTrue(Math.abs(ours - spark) <= 0.02 * Math.abs(spark), ours + " vs Spark's " + spark);
  }

  @Test
  void returnsSparksModelThatDescribesTransformsAndSavesWithSparksLoader() throws Exception {
    FlexCodeLDA lda = configured(new FlexCodeLDA()).setStrategy("frc").setStragglerTolerance(1);
    LocalLDAModel model = lda.fit(sample);
    assertEquals(3, model.getK());
    assertEquals(11, model.vocabSize());
    assertEquals(lda.uid(), model.uid());
    assertEquals(lda, model.parent());
    assertEquals(20, lda.lastFit().records().size());
    assertEquals(lda.lastFit().records(), lda.lastTrainingReport());

    List<Row> topics = model.describeTopics(4).collectAsList();
    assertEquals(3, topics.size());
    for (Row topic : topics) {
      List<Double> weights = topic.getList(2);
      assertEquals(4, weights.size());
      assertTrue(weights.get(0) >= weights.get(3), "sorted by weight: " + weights);
    }

    List<Row> transformed = model.transform(sample).select("topicDistribution").collectAsList();
    assertEquals(12, transformed.size());
    for (Row row : transformed) {
      double[] theta = ((Vector) row.get(0)).toArray();
      double total = 0;
      for (double p : theta) {
        total += p;
      }
      assertEquals(1.0, total, 1e-6);
    }

    String path = dir.resolve("model").toString();
    model.save(path);
    LocalLDAModel loaded = LocalLDAModel.load(path);
    assertArrayEquals(model.topicsMatrix().toArray(), loaded.topicsMatrix().toArray(), 1e-12);
    assertEquals(model.logPerplexity(sample), loaded.logPerplexity(sample), 1e-9);
  }

  @Test
  void estimatorParamsSurviveSaveAndLoad() throws Exception {
    FlexCodeLDA lda = configured(new FlexCodeLDA()).setStrategy("ignore").setIgnoreCount(2);
    lda.setDocConcentration(new double[] {0.2, 0.3, 0.4});
    String path = dir.resolve("estimator").toString();
    lda.save(path);
    FlexCodeLDA loaded = FlexCodeLDA.load(path);
    assertEquals("ignore", loaded.getStrategy());
    assertEquals(2, loaded.getIgnoreCount());
    assertEquals(16.0, loaded.getLearningOffset());
    assertArrayEquals(new double[] {0.2, 0.3, 0.4}, loaded.getDocConcentration());
    assertEquals(lda.uid(), loaded.uid());
  }

  @Test
  void optimizesTheDocConcentrationWhenAsked() {
    FlexCodeLDA lda = configured(new FlexCodeLDA());
    lda.setOptimizeDocConcentration(true);
    LocalLDAModel model = lda.fit(sample);
    double[] alpha = model.estimatedDocConcentration().toArray();
    List<Double> distinct = new ArrayList<>();
    for (double a : alpha) {
      assertTrue(a > 0);
      distinct.add(a);
    }
    assertTrue(
        distinct.stream().anyMatch(a -> Math.abs(a - 1.0 / 3) > 1e-6),
        "alpha moved from 1/k: " + distinct);
  }

  @Test
  void rejectsTheEmOptimizerNamingIt() {
    FlexCodeLDA lda = configured(new FlexCodeLDA());
    lda.setOptimizer("em");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> lda.fit(sample));
    assertTrue(e.getMessage().contains("'em'"), e.getMessage());
  }

  @Test
  void rejectsASolverOtherThanAutoNamingIt() {
    FlexCodeLDA lda = configured(new FlexCodeLDA()).setSolver("gd");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> lda.fit(sample));
    assertTrue(e.getMessage().contains("solver must be auto here, got 'gd'"), e.getMessage());
  }

  @Test
  void takesShadowStrategiesByNameOrSpecAndRejectsBadSpecs() {
    assertEquals(
        "shadow:m=1,f=0.1", new FlexCodeLDA().setStrategy("shadow").aggregationStrategy().spec());
    assertEquals(
        "hybrid:s=1,m=2,f=0.05,late=2.0",
        new FlexCodeLDA().setStrategy("hybrid:m=2,f=0.05,late=2").aggregationStrategy().spec());
    assertThrows(IllegalArgumentException.class, () -> new FlexCodeLDA().setStrategy("shadow:f=2"));
  }
}
