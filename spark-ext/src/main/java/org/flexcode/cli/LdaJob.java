package org.flexcode.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.clustering.LDA;
import org.apache.spark.ml.clustering.LocalLDAModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.DocwordReader;
import org.flexcode.metrics.RunReport;
import org.flexcode.ml.FlexCodeLDA;
import org.flexcode.workloads.internal.Document;

/**
 * {@code flexcode-submit lda}: fits online LDA on a UCI bag-of-words corpus with a FlexCode
 * strategy, prints one line per iteration (with the mini-batch's log-perplexity estimate) and a
 * summary with Spark's log-likelihood bound and log-perplexity of the whole corpus, the top words
 * of each topic, and writes a JSON report.
 */
final class LdaJob {

  static final String USAGE =
      """
      usage: flexcode-submit lda --docword PATH [options]

        --docword PATH              UCI bag-of-words counts (docword.*.txt: D, W, NNZ, then
                                    'docID wordID count' lines)
        --vocab PATH                its vocabulary (vocab.*.txt), for the topics' top words
        --k K                       topics (default 10)
      """
          + JobFlags.USAGE
          + """
        --baseline spark            also fit spark.ml's online LDA with the same settings and
                                    report its log_perplexity (default none)
        --iterations N              maxIter (default 50)
        --mini-batch-fraction F     subsamplingRate, documents per iteration (default 0.05)
        --learning-offset T         tau0 (default 1024)
        --learning-decay K          kappa (default 0.51)
        --doc-concentration A       symmetric alpha (default 1/k)
        --topic-concentration E     eta (default 1/k)
        --optimize-doc-concentration B   learn alpha (default true, as spark.ml's LDA)
        --seed N                    random seed (default 1)
        --top-words N               words listed per topic (default 10)
        --model-out DIR             save the fitted LocalLDAModel there (Spark's own format)
      """;

  static final Set<String> OPTIONS =
      JobFlags.with(
          "docword vocab k baseline mini-batch-fraction learning-offset learning-decay doc-concentration topic-concentration optimize-doc-concentration seed top-words");

  private LdaJob() {}

  /** Runs the job on its parsed options; returns the exit code. */
  static int run(Args args) throws Exception {
    String docword = args.required("docword");
    int partitions = JobFlags.partitions(args);
    int topWords = args.integer("top-words", 10);
    if (topWords < 1) {
      throw new IllegalArgumentException("--top-words must be >= 1, got " + topWords);
    }
    String baseline = args.string("baseline", "none");
    if (!baseline.equals("spark") && !baseline.equals("none")) {
      throw new IllegalArgumentException(
          "--baseline must be spark or none, got '" + baseline + "'");
    }
    FlexCodeLDA estimator = estimatorOf(args);

    SparkSession spark = JobFlags.session(args, "lda");
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    long wallStart = System.currentTimeMillis();

    DocwordReader.Corpus corpus = DocwordReader.read(jsc, docword, partitions);
    int vocabSize = corpus.header().vocabSize();
    List<String> vocabulary =
        args.has("vocab") ? DocwordReader.vocabulary(jsc, args.required("vocab"), vocabSize) : null;
    Dataset<Row> documents = DocwordReader.frame(spark, corpus.documents(), vocabSize).cache();

    Map<String, Object> params = args.asParams();
    params.put("documents", corpus.header().documents());
    params.put("vocab_size", vocabSize);
    params.put("non_zeros", corpus.header().nonZeros());
    params.put("master", jsc.master());
    RunReport report =
        JobOutput.newReport(args, spark, "lda", estimator.aggregationStrategy().spec(), params);
    estimator.setIterationListener(JobOutput.progress(report, "mini-batch log-perplexity %.4f"));

    long fitStart = System.currentTimeMillis();
    LocalLDAModel model = estimator.fit(documents);
    long fitMs = System.currentTimeMillis() - fitStart;
    double[] history = estimator.lastFit().logPerplexityHistory();
    report.summarizeIterations();
    report.putSummary("final_loss", lastFinite(history));
    // Spark's logPerplexity is -logLikelihood / tokens with the same bound: one pass for both
    double logLikelihood = model.logLikelihood(documents);
    double tokens = corpus.documents().map(Document::tokens).reduce(Double::sum);
    report.putSummary("log_likelihood", logLikelihood);
    report.putSummary("log_perplexity", -logLikelihood / tokens);
    report.putSummary("topics", topics(model, vocabulary, topWords));
    report.putSummary("fit_ms", fitMs);
    if (baseline.equals("spark")) {
      fitSparkLda(estimator, documents, report);
    }
    report.putSummary("wall_ms", System.currentTimeMillis() - wallStart);
    documents.unpersist();
    corpus.documents().unpersist(false);
    RuntimeException saveError = JobOutput.saveModel(args, model);
    printSummary(report);
    JobOutput.writeReport(args, report);
    if (saveError != null) {
      throw saveError;
    }
    return 0;
  }

  /** FlexCode's online LDA with the job's strategy and LDA params. */
  private static FlexCodeLDA estimatorOf(Args args) {
    FlexCodeLDA estimator = JobFlags.apply(args, new FlexCodeLDA());
    estimator
        .setK(args.integer("k", 10))
        .setMaxIter(args.integer("iterations", 50))
        .setSubsamplingRate(args.number("mini-batch-fraction", 0.05))
        .setLearningOffset(args.number("learning-offset", 1024))
        .setLearningDecay(args.number("learning-decay", 0.51))
        .setOptimizeDocConcentration(args.flag("optimize-doc-concentration", true))
        .setSeed(args.integer("seed", 1));
    if (args.has("doc-concentration")) {
      estimator.setDocConcentration(args.number("doc-concentration", 0));
    }
    if (args.has("topic-concentration")) {
      estimator.setTopicConcentration(args.number("topic-concentration", 0));
    }
    return estimator;
  }

  /** spark.ml's online LDA with the same settings, for the report. */
  private static void fitSparkLda(FlexCodeLDA estimator, Dataset<Row> documents, RunReport report) {
    LDA lda =
        new LDA()
            .setOptimizer("online")
            .setK(estimator.getK())
            .setMaxIter(estimator.getMaxIter())
            .setSubsamplingRate(estimator.getSubsamplingRate())
            .setLearningOffset(estimator.getLearningOffset())
            .setLearningDecay(estimator.getLearningDecay())
            .setOptimizeDocConcentration(estimator.getOptimizeDocConcentration())
            .setSeed(estimator.getSeed());
    if (estimator.isSet(estimator.docConcentration())) {
      lda.setDocConcentration(estimator.getDocConcentration());
    }
    if (estimator.isSet(estimator.topicConcentration())) {
      lda.setTopicConcentration(estimator.getTopicConcentration());
    }
    long sparkStart = System.currentTimeMillis();
    org.apache.spark.ml.clustering.LDAModel sparkModel = lda.fit(documents);
    report.putSummary("spark_lda_fit_ms", System.currentTimeMillis() - sparkStart);
    report.putSummary("spark_lda_log_perplexity", sparkModel.logPerplexity(documents));
  }

  /** The summary without the topics, then one line per topic. */
  private static void printSummary(RunReport report) {
    Map<String, Object> shown = report.summary();
    shown.remove("topics");
    System.out.println("summary: " + shown);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> topics = (List<Map<String, Object>>) report.summary().get("topics");
    for (Map<String, Object> topic : topics) {
      System.out.println("topic " + topic.get("topic") + ": " + topic.get("words"));
    }
  }

  private static Double lastFinite(double[] values) {
    for (int i = values.length - 1; i >= 0; i--) {
      if (Double.isFinite(values[i])) {
        return values[i];
      }
    }
    return null;
  }

  /** Each topic's top words (term ids when there is no vocabulary) and their weights. */
  private static List<Map<String, Object>> topics(
      LocalLDAModel model, List<String> vocabulary, int topWords) {
    List<Map<String, Object>> topics = new ArrayList<>();
    for (Row row : model.describeTopics(topWords).collectAsList()) {
      List<Integer> terms = row.getList(1);
      List<Double> weights = row.getList(2);
      List<Object> words = new ArrayList<>();
      for (int term : terms) {
        words.add(vocabulary == null ? term : vocabulary.get(term));
      }
      Map<String, Object> topic = new LinkedHashMap<>();
      topic.put("topic", row.getInt(0));
      topic.put("words", words);
      topic.put("weights", weights);
      topics.add(topic);
    }
    return topics;
  }
}
