package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.classification.LinearSVC;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.clustering.LDA;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.regression.LinearRegression;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.data.DocwordReader;
import org.flexcode.data.MovieLensReader;
import org.flexcode.optim.MatrixFactorizationTrainer;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every drop-in Estimator, once with Spark's own defaults and once with a typical user's params,
 * reaches the held-out quality of Spark's own Estimator fitted with the same params on the same
 * split within 1% (never more than 1% worse): accuracy and AUC for the classifiers, RMSE for
 * LinearRegression and ALS (also with nonnegative = true), log-perplexity for LDA. Both fit the
 * same training part; ours with its default strategy ({@link StrategyDefaults#STRATEGY}, the
 * Estimator left as it comes) and the exact cyclic code. Tagged {@code heavy} (the default build
 * only): each Estimator's own test matches Spark's Estimator on both Spark lines with cheaper fits.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
@Tag("heavy")
class DropInQualityTest {

  private static final double WITHIN = 0.01;

  /** The Estimators' own default strategy: no strategy set. */
  private static final String DEFAULT = StrategyDefaults.STRATEGY;

  /** Half of a9a's test file (about 8,000 rows), split 70/30 with seed 42: small enough for CI. */
  private static Dataset<Row>[] a9a(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row> rows = FlexCodeLogisticRegressionTest.frame(jsc, spark, "a9a/a9a.t", 123, 4);
    return split(rows.sample(0.5, 7), 0.7);
  }

  private static Dataset<Row>[] split(Dataset<Row> rows, double train) {
    Dataset<Row>[] parts = rows.randomSplit(new double[] {train, 1 - train}, 42);
    parts[0] = parts[0].repartition(4).cache();
    parts[1] = parts[1].cache();
    return parts;
  }

  @Test
  void logisticRegressionReachesSparksAccuracyAndAuc(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row>[] data = a9a(jsc, spark);
    UnaryOperator<LogisticRegression> typical = lr -> lr.setMaxIter(30).setRegParam(0.01);
    for (UnaryOperator<LogisticRegression> params :
        java.util.List.of(DropInQualityTest.<LogisticRegression>defaults(), typical)) {
      LogisticRegression reference = params.apply(new LogisticRegression());
      {
        String strategy = params == typical ? "cyclic" : DEFAULT;
        LogisticRegression ours =
            params.apply(withStrategy(new FlexCodeLogisticRegression(), strategy));
        classifierMatches(reference, ours, data, strategy);
      }
    }
  }

  @Test
  void linearSvcReachesSparksAccuracyAndAuc(JavaSparkContext jsc, SparkSession spark) {
    Dataset<Row>[] data = a9a(jsc, spark);
    UnaryOperator<LinearSVC> typical = svc -> svc.setMaxIter(50).setRegParam(0.01);
    for (UnaryOperator<LinearSVC> params :
        java.util.List.of(DropInQualityTest.<LinearSVC>defaults(), typical)) {
      LinearSVC reference = params.apply(new LinearSVC());
      {
        String strategy = params == typical ? "cyclic" : DEFAULT;
        LinearSVC ours = params.apply(withStrategy(new FlexCodeLinearSVC(), strategy));
        classifierMatches(reference, ours, data, strategy);
      }
    }
  }

  @Test
  void linearRegressionReachesSparksRmse(SparkSession spark) {
    Dataset<Row>[] data = split(FlexCodeLinearRegressionTest.linear(spark, 2000, 11), 0.8);
    UnaryOperator<LinearRegression> typical =
        linear -> linear.setMaxIter(50).setRegParam(0.1).setElasticNetParam(0.5);
    RegressionEvaluator rmse = new RegressionEvaluator().setMetricName("rmse");
    for (UnaryOperator<LinearRegression> params :
        java.util.List.of(DropInQualityTest.<LinearRegression>defaults(), typical)) {
      // Spark's default solver auto picks the normal equations here; ours runs L-BFGS
      LinearRegression reference = params.apply(new LinearRegression());
      {
        String strategy = params == typical ? "cyclic" : DEFAULT;
        LinearRegression ours =
            params.apply(withStrategy(new FlexCodeLinearRegression(), strategy));
        lossMatches(reference, ours, data, rmse, "LinearRegression " + strategy);
      }
    }
  }

  @Test
  void alsReachesSparksRmse(SparkSession spark) {
    // MovieLens latest-small's first 200 users (about 30,000 ratings; fewer overfit more)
    Dataset<Row> ratings =
        MovieLensReader.load(
                spark, ProjectPaths.datasets().resolve("ml-latest-small/ratings.csv").toString(), 4)
            .where(col("userId").leq(200));
    Dataset<Row>[] data = split(ratings, 0.8);
    UnaryOperator<ALS> defaults = als -> columns(als).setColdStartStrategy("drop");
    UnaryOperator<ALS> typical =
        als -> defaults.apply(als).setRank(8).setMaxIter(15).setRegParam(0.15);
    UnaryOperator<ALS> nonnegative = als -> typical.apply(als).setNonnegative(true);
    RegressionEvaluator rmse = new RegressionEvaluator().setLabelCol("rating");
    for (UnaryOperator<ALS> params : java.util.List.of(defaults, typical, nonnegative)) {
      ALS reference = params.apply(new ALS());
      String strategy = params == defaults ? DEFAULT : "cyclic";
      ALS ours = params.apply(withStrategy(new FlexCodeALS(), strategy));
      String name = params == nonnegative ? "nonnegative ALS " : "ALS ";
      lossMatches(reference, ours, data, rmse, name + strategy);
      if (params == nonnegative) {
        MatrixFactorizationTrainer.Fit fit = ((FlexCodeALS) ours).lastFit();
        for (double[] factors : java.util.List.of(fit.userFactors(), fit.itemFactors())) {
          assertTrue(Arrays.stream(factors).allMatch(f -> f >= 0), "a negative factor");
        }
      }
    }
  }

  @Test
  void ldaReachesSparksLogPerplexity(JavaSparkContext jsc, SparkSession spark) {
    DocwordReader.Corpus kos =
        DocwordReader.read(
            jsc, ProjectPaths.datasets().resolve("uci-kos/docword.kos.txt").toString(), 4);
    // KOS's first 1,200 documents
    Dataset<Row>[] data =
        split(
            DocwordReader.frame(spark, kos.documents(), kos.header().vocabSize())
                .where(col("docId").leq(1200)),
            0.8);
    UnaryOperator<LDA> defaults = lda -> lda;
    UnaryOperator<LDA> typical = lda -> lda.setK(20).setMaxIter(30).setSubsamplingRate(0.1);
    for (UnaryOperator<LDA> params : java.util.List.of(defaults, typical)) {
      LDA reference = params.apply(new LDA()).setSeed(3);
      double spark0 = reference.fit(data[0]).logPerplexity(data[1]);
      {
        String strategy = params == typical ? "cyclic" : DEFAULT;
        FlexCodeLDA ours = (FlexCodeLDA) params.apply(withStrategy(new FlexCodeLDA(), strategy));
        ours.setSeed(3);
        double flexCode = ours.fit(data[0]).logPerplexity(data[1]);
        report("LDA " + strategy + " log-perplexity", flexCode, spark0);
        assertTrue(
            flexCode <= spark0 * (1 + WITHIN),
            "LDA " + strategy + ": log-perplexity " + flexCode + " vs Spark's " + spark0);
      }
    }
  }

  private static <E> UnaryOperator<E> defaults() {
    return estimator -> estimator;
  }

  private static ALS columns(ALS als) {
    return als.setUserCol("userId").setItemCol("movieId").setRatingCol("rating");
  }

  /** Accuracy and AUC on the held-out part no more than 1% below Spark's. */
  private static void classifierMatches(
      Estimator<?> reference, Estimator<?> ours, Dataset<Row>[] data, String strategy) {
    Model<?> sparkModel = reference.fit(data[0]);
    Model<?> ourModel = ours.fit(data[0]);
    String name = ours.getClass().getSimpleName() + " " + strategy;
    for (Evaluator evaluator :
        java.util.List.of(
            new MulticlassClassificationEvaluator().setMetricName("accuracy"),
            new BinaryClassificationEvaluator().setMetricName("areaUnderROC"))) {
      double spark0 = evaluator.evaluate(sparkModel.transform(data[1]));
      double flexCode = evaluator.evaluate(ourModel.transform(data[1]));
      report(name + " " + metric(evaluator), flexCode, spark0);
      assertTrue(
          flexCode >= spark0 * (1 - WITHIN),
          name + ": " + metric(evaluator) + " " + flexCode + " vs Spark's " + spark0);
    }
  }

  /** The held-out loss no more than 1% above Spark's. */
  private static void lossMatches(
      Estimator<?> reference,
      Estimator<?> ours,
      Dataset<Row>[] data,
      Evaluator evaluator,
      String name) {
    double spark0 = evaluator.evaluate(reference.fit(data[0]).transform(data[1]));
    double flexCode = evaluator.evaluate(ours.fit(data[0]).transform(data[1]));
    report(name + " held-out RMSE", flexCode, spark0);
    assertTrue(
        flexCode <= spark0 * (1 + WITHIN), name + ": RMSE " + flexCode + " vs Spark's " + spark0);
  }

  private static String metric(Evaluator evaluator) {
    return evaluator.getParam("metricName") == null
        ? "metric"
        : String.valueOf(evaluator.getOrDefault(evaluator.getParam("metricName")));
  }

  /** {@code estimator} with {@code strategy} set, or as it comes for {@link #DEFAULT}. */
  @SuppressWarnings("unchecked")
  private static <E extends org.apache.spark.ml.param.Params> E withStrategy(
      E estimator, String strategy) {
    return strategy.equals(DEFAULT)
        ? estimator
        : (E) estimator.set(estimator.getParam("strategy"), strategy);
  }

  private static void report(String what, double ours, double spark) {
    System.out.printf(Locale.ROOT, "%s: FlexCode %.5f, Spark %.5f%n", what, ours, spark);
  }
}
