package org.flexcode.bench;

import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.clustering.LDA;
import org.apache.spark.ml.clustering.LDAModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.cli.Args;
import org.flexcode.data.DocwordReader;
import org.flexcode.ml.FlexCodeLDA;

/**
 * The LDA quality check of the study: fits a UCI bag-of-words corpus (KOS by default) with
 * FlexCodeLDA and with spark.ml's own online LDA at the same k, mini-batch fraction, iterations,
 * learning schedule and seed, and prints Spark's log-perplexity of both models on the corpus (and
 * the fit times). Run with {@code submit-scripts/run-class org.flexcode.bench.LdaQuality
 * [options]}.
 */
public final class LdaQuality {

  private static final Set<String> OPTIONS =
      Set.of(
          "docword",
          "k",
          "iterations",
          "mini-batch-fraction",
          "strategy",
          "partitions",
          "seeds",
          "optimize-doc-concentration",
          "master");

  private LdaQuality() {}

  /**
   * Options: --docword (datasets/uci-kos/docword.kos.txt), --k (20), --iterations (100),
   * --mini-batch-fraction (0.05), --strategy (cyclic:s=1), --partitions (4), --seeds (1: seeds
   * 1..n, averaged), --optimize-doc-concentration (true, spark.ml's default), --master (local[*]).
   */
  public static void main(String[] argv) {
    Args args = new Args("LdaQuality", argv, 0, OPTIONS);
    String docword = args.string("docword", "datasets/uci-kos/docword.kos.txt");
    int k = args.integer("k", 20);
    int iterations = args.integer("iterations", 100);
    double fraction = args.number("mini-batch-fraction", 0.05);
    String[] strategy = args.string("strategy", "cyclic:s=1").split(":s=");
    int partitions = args.integer("partitions", 4);
    int seeds = args.integer("seeds", 1);
    boolean optimizeAlpha = args.flag("optimize-doc-concentration", true);
    SparkSession spark =
        SparkSession.builder()
            .config(
                new SparkConf()
                    .setAppName("FlexCode LDA quality")
                    .setIfMissing("spark.master", args.string("master", "local[*]")))
            .getOrCreate();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    jsc.setLogLevel("WARN");
    DocwordReader.Corpus corpus = DocwordReader.read(jsc, docword, partitions);
    Dataset<Row> docs =
        DocwordReader.frame(spark, corpus.documents(), corpus.header().vocabSize()).cache();
    System.out.printf(
        Locale.ROOT,
        "%s: %d documents, %d words; k=%d, iterations=%d, mini-batch fraction=%.3f,"
            + " optimizeDocConcentration=%b, %d partitions, master %s%n",
        docword,
        docs.count(),
        corpus.header().vocabSize(),
        k,
        iterations,
        fraction,
        optimizeAlpha,
        partitions,
        jsc.master());
    Consumer<LDA> settings =
        lda ->
            lda.setK(k)
                .setMaxIter(iterations)
                .setOptimizer("online")
                .setSubsamplingRate(fraction)
                .setOptimizeDocConcentration(optimizeAlpha);
    double sparkSum = 0;
    double oursSum = 0;
    for (int seed = 1; seed <= seeds; seed++) {
      double[] perplexities = compareOnce(docs, strategy, settings, seed);
      double sparkPerplexity = perplexities[0];
      double oursPerplexity = perplexities[1];
      sparkSum += sparkPerplexity;
      oursSum += oursPerplexity;
    }
    System.out.printf(
        Locale.ROOT,
        "mean over %d seed(s): spark.ml %.4f, FlexCodeLDA %.4f, difference %+.2f%%%n",
        seeds,
        sparkSum / seeds,
        oursSum / seeds,
        100 * (oursSum - sparkSum) / sparkSum);
    spark.stop();
  }

  /**
   * One seed: spark.ml's online LDA and FlexCodeLDA with the same settings, fitted and printed;
   * {@code {spark's, FlexCode's}} log-perplexity on {@code docs}.
   */
  private static double[] compareOnce(
      Dataset<Row> docs, String[] strategy, Consumer<LDA> settings, int seed) {
    LDA reference = new LDA();
    FlexCodeLDA ours = new FlexCodeLDA().setStrategy(strategy[0]);
    if (strategy.length > 1) {
      ours.setStragglerTolerance(Integer.parseInt(strategy[1]));
    }
    for (LDA lda : new LDA[] {reference, ours}) {
      settings.accept(lda);
      lda.setSeed(seed);
    }
    long t0 = System.currentTimeMillis();
    LDAModel sparkModel = reference.fit(docs);
    long t1 = System.currentTimeMillis();
    LDAModel oursModel = ours.fit(docs);
    long t2 = System.currentTimeMillis();
    double sparkPerplexity = sparkModel.logPerplexity(docs);
    double oursPerplexity = oursModel.logPerplexity(docs);
    System.out.printf(
        Locale.ROOT,
        "seed %d: log-perplexity spark.ml online LDA %.4f (fit %d ms), FlexCodeLDA %s %.4f"
            + " (fit %d ms), difference %+.2f%%%n",
        seed,
        sparkPerplexity,
        t1 - t0,
        ours.aggregationStrategy().spec(),
        oursPerplexity,
        t2 - t1,
        100 * (oursPerplexity - sparkPerplexity) / sparkPerplexity);
    return new double[] {sparkPerplexity, oursPerplexity};
  }
}
