package org.flexcode.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.data.LibSvmReader;
import org.flexcode.metrics.RunReport;
import org.flexcode.ml.FlexCodeLogisticRegression;

/**
 * {@code flexcode-submit lr}: trains logistic regression (binary, or multinomial with {@code
 * --family multinomial}) on LIBSVM or Avazu CSV data with a FlexCode strategy, prints one line per
 * aggregation and a summary, and writes a JSON report.
 */
final class LrJob {

  static final String USAGE =
      """
      usage: flexcode-submit lr --train PATH [options]

        --train PATH         training data (LIBSVM, or Avazu CSV when the name ends in .csv[.gz])
        --test PATH          test data in the same format (accuracy and AUC in the summary)
        --format F           libsvm or avazu (default: from the file name)
        --family F           auto, binomial (labels 0/1 or -1/+1) or multinomial (LIBSVM labels
                             0, 1, 2, ...; softmax over the classes); default auto (binary files)
        --num-features N     LIBSVM: feature count (default: the largest index in --train);
                             Avazu: hashing buckets (default 262144)
      """
          + JobFlags.USAGE
          + """
        --iterations N       maxIter (default 100)
        --solver X           auto, lbfgs or gd (default auto: lbfgs for exact strategies, gd otherwise)
        --reg-param L        regParam (default 0.0)
        --elastic-net A      elasticNetParam (default 0.0)
        --tol T              convergence tolerance (default 1e-6)
        --step-size E        initial step of the gd solver (default 1.0)
        --model-out DIR      save the fitted LogisticRegressionModel there (Spark's own format)
      """;

  static final Set<String> OPTIONS =
      JobFlags.with(
          "train test format family num-features solver reg-param elastic-net tol step-size");

  private LrJob() {}

  /** Runs the job on its parsed options; returns the exit code. */
  static int run(Args args) throws Exception {
    String train = args.required("train");
    String format = args.string("format", guessFormat(train)).toLowerCase(Locale.ROOT);
    if (!format.equals("libsvm") && !format.equals("avazu")) {
      throw new IllegalArgumentException("--format must be libsvm or avazu, got '" + format + "'");
    }
    String family = args.string("family", "auto").toLowerCase(Locale.ROOT);
    if (!List.of("auto", "binomial", "multinomial").contains(family)) {
      throw new IllegalArgumentException(
          "--family must be auto, binomial or multinomial, got '" + family + "'");
    }
    if (family.equals("multinomial") && format.equals("avazu")) {
      throw new IllegalArgumentException("--family multinomial reads LIBSVM, not --format avazu");
    }
    LibSvmReader.Labels labels =
        family.equals("multinomial") ? LibSvmReader.Labels.CLASSES : LibSvmReader.Labels.BINARY;
    JobFlags.partitions(args);
    SparkSession spark = JobFlags.session(args, "lr");
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    long wallStart = System.currentTimeMillis();
    JobData data = JobData.read(args, spark, format, labels);
    int numFeatures = data.numFeatures();
    Dataset<Row> trainData = data.train();
    Dataset<Row> testData = data.test();

    FlexCodeLogisticRegression estimator = estimatorOf(args);
    estimator.setFamily(family);
    Map<String, Object> params = args.asParams();
    params.put("num_features", numFeatures);
    AggregationStrategy strategy = estimator.aggregationStrategy();
    params.put("solver_used", estimator.gradientDescentFor(strategy) ? "gd" : "lbfgs");
    params.put("master", jsc.master());
    RunReport report = JobOutput.newReport(args, spark, "lr", strategy.spec(), params);
    estimator.setIterationListener(JobOutput.progress(report, "loss %.6f"));

    long fitStart = System.currentTimeMillis();
    LogisticRegressionModel model = estimator.fit(trainData);
    long fitMs = System.currentTimeMillis() - fitStart;
    double[] history = model.summary().objectiveHistory();
    report.summarizeIterations();
    report.putSummary("final_loss", history.length == 0 ? null : history[history.length - 1]);
    report.putSummary("train_accuracy", model.summary().accuracy());
    if (testData != null) {
      Dataset<Row> predictions = model.transform(testData).cache();
      long total = predictions.count();
      long correct = predictions.filter("prediction = label").count();
      report.putSummary("test_accuracy", total == 0 ? null : (double) correct / total);
      if (model.numClasses() == 2) {
        report.putSummary(
            "test_auc",
            new BinaryClassificationEvaluator()
                .setMetricName("areaUnderROC")
                .evaluate(predictions));
      }
    }
    report.putSummary("fit_ms", fitMs);
    report.putSummary("wall_ms", System.currentTimeMillis() - wallStart);
    return JobOutput.finish(args, report, model);
  }

  private static String guessFormat(String path) {
    String name = path.toLowerCase(Locale.ROOT);
    return name.endsWith(".csv") || name.endsWith(".csv.gz") ? "avazu" : "libsvm";
  }

  /** FlexCode's logistic regression with the job's strategy, solver and LR params. */
  private static FlexCodeLogisticRegression estimatorOf(Args args) {
    FlexCodeLogisticRegression estimator =
        JobFlags.apply(args, new FlexCodeLogisticRegression())
            .setSolver(args.string("solver", "auto"))
            .setStepSize(args.number("step-size", 1.0));
    estimator
        .setMaxIter(args.integer("iterations", 100))
        .setRegParam(args.number("reg-param", 0.0))
        .setElasticNetParam(args.number("elastic-net", 0.0))
        .setTol(args.number("tol", 1e-6));
    return estimator;
  }
}
