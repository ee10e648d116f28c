package org.flexcode.bench;

import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.mllib.clustering.LDA;
import org.apache.spark.mllib.clustering.LocalLDAModel;
import org.apache.spark.mllib.clustering.OnlineLDAOptimizer;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.optim.OnlineLdaTrainer;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.workloads.internal.Document;
import scala.Tuple2;

/**
 * The MLlib baseline of the LDA benchmarks: MLlib's own online LDA (untouched {@code
 * mllib.clustering.LDA} with {@link OnlineLDAOptimizer}) with the settings of an {@link
 * OnlineLdaTrainer.Config}, reading the documents through a straggler injector.
 */
public final class MllibOnlineLda {

  private MllibOnlineLda() {}

  /**
   * MLlib's online LDA on {@code documents} with the same settings as {@code config} (strategy and
   * options aside), reading them through {@code injector.wrap} so the benchmark's straggler pattern
   * holds back its tasks too. The documents are cached before wrapping, so every iteration's sample
   * pass is delayed.
   */
  public static LocalLDAModel train(
      JavaRDD<Document> documents,
      int vocabSize,
      OnlineLdaTrainer.Config config,
      StragglerInjector injector) {
    boolean cache = documents.getStorageLevel().equals(StorageLevel.NONE());
    JavaRDD<Document> cached =
        cache ? documents.persist(StorageLevel.MEMORY_AND_DISK()) : documents;
    try {
      JavaPairRDD<Long, Vector> corpus =
          injector
              .wrap(cached)
              .mapToPair(
                  d -> new Tuple2<>(d.id(), Vectors.sparse(vocabSize, d.terms(), d.counts())));
      OnlineLDAOptimizer optimizer =
          new OnlineLDAOptimizer()
              .setMiniBatchFraction(config.miniBatchFraction())
              .setTau0(config.learningOffset())
              .setKappa(config.learningDecay())
              .setOptimizeDocConcentration(config.optimizeDocConcentration());
      LDA lda =
          new LDA()
              .setK(config.k())
              .setMaxIterations(config.maxIter())
              .setSeed(config.seed())
              .setDocConcentration(
                  config.docConcentration().length == 0
                      ? Vectors.dense(-1.0)
                      : Vectors.dense(config.docConcentration()))
              .setTopicConcentration(config.topicConcentration() < 0 ? -1 : config.eta())
              .setOptimizer(optimizer);
      return (LocalLDAModel) lda.run(corpus);
    } finally {
      if (cache) {
        cached.unpersist(false);
      }
    }
  }
}
