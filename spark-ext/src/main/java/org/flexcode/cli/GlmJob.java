package org.flexcode.cli;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.classification.LinearSVCModel;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.LibSvmReader;
import org.flexcode.metrics.RunReport;
import org.flexcode.ml.FlexCodeLinearRegression;
import org.flexcode.ml.FlexCodeLinearSVC;
import org.flexcode.ml.FlexCodeParams;

/**
 * {@code flexcode-submit glm}: trains spark.ml's linear regression ({@code --loss squared}) or
 * linear SVM ({@code --loss hinge}) on LIBSVM data with a FlexCode strategy, prints one line per
 * aggregation and a summary, and writes a JSON report (logistic regression is the {@code lr} job).
 */
final class GlmJob {

  static final String USAGE =
      """
      usage: flexcode-submit glm --train PATH --loss squared|hinge [options]

        --train PATH         training data (LIBSVM; squared: real labels, hinge: 0/1 or -1/+1)
        --test PATH          test data in the same format (rmse or accuracy in the summary)
        --loss L             squared (LinearRegression, l-bfgs path) or hinge (LinearSVC)
        --num-features N     feature count (default: the largest index in --train)
      """
          + JobFlags.USAGE
          + """
        --iterations N       maxIter (default 100)
        --reg-param L        regParam (default 0.0)
        --elastic-net A      elasticNetParam, squared only (default 0.0)
        --tol T              convergence tolerance (default 1e-6)
        --step-size E        initial step of the gd solver (default 0.5 squared, 1.0 hinge)
        --model-out DIR      save the fitted model there (Spark's own format)
      """;

  static final Set<String> OPTIONS =
      JobFlags.with("train test loss num-features reg-param elastic-net tol step-size");

  private GlmJob() {}

  /** Runs the job on its parsed options; returns the exit code. */
  static int run(Args args) throws Exception {
    args.required("train");
    String loss = args.required("loss").toLowerCase(Locale.ROOT);
    if (!loss.equals("squared") && !loss.equals("hinge")) {
      throw new IllegalArgumentException("--loss must be squared or hinge, got '" + loss + "'");
    }
    if (loss.equals("hinge") && args.has("elastic-net")) {
      throw new IllegalArgumentException("--elastic-net applies to --loss squared only");
    }
    boolean squared = loss.equals("squared");
    LibSvmReader.Labels labels = squared ? LibSvmReader.Labels.REAL : LibSvmReader.Labels.BINARY;
    JobFlags.partitions(args);
    SparkSession spark = JobFlags.session(args, "glm");
    long wallStart = System.currentTimeMillis();
    JobData data = JobData.read(args, spark, "libsvm", labels);
    Dataset<Row> testData = data.test();

    FlexCodeParams<?> estimator = squared ? linearRegression(args) : linearSvc(args);
    Map<String, Object> params = args.asParams();
    params.put("num_features", data.numFeatures());
    params.put("master", spark.sparkContext().master());
    RunReport report = new RunReport("glm", estimator.aggregationStrategy().spec(), params);
    estimator.setIterationListener(JobOutput.progress(report, "loss %.6f"));
    long fitStart = System.currentTimeMillis();
    Model<?> model = ((org.apache.spark.ml.Estimator<?>) estimator).fit(data.train());
    report.putSummary("fit_ms", System.currentTimeMillis() - fitStart);
    report.summarizeIterations();
    summarize(report, model, testData);
    report.putSummary("wall_ms", System.currentTimeMillis() - wallStart);
    return JobOutput.finish(args, report, (MLWritable) model);
  }

  /** Final loss and the training (and test) rmse or accuracy. */
  private static void summarize(RunReport report, Model<?> model, Dataset<Row> testData) {
    double[] history;
    if (model instanceof LinearRegressionModel linear) {
      history = linear.summary().objectiveHistory();
      report.putSummary("train_rmse", linear.summary().rootMeanSquaredError());
      report.putSummary("train_r2", linear.summary().r2());
      if (testData != null) {
        report.putSummary(
            "test_rmse", new RegressionEvaluator().evaluate(linear.transform(testData)));
      }
    } else {
      LinearSVCModel svc = (LinearSVCModel) model;
      history = svc.summary().objectiveHistory();
      report.putSummary("train_accuracy", svc.summary().accuracy());
      if (testData != null) {
        Dataset<Row> predictions = svc.transform(testData).cache();
        long total = predictions.count();
        long correct = predictions.filter("prediction = label").count();
        report.putSummary("test_accuracy", total == 0 ? null : (double) correct / total);
      }
    }
    report.putSummary("final_loss", history.length == 0 ? null : history[history.length - 1]);
  }

  private static FlexCodeLinearRegression linearRegression(Args args) {
    FlexCodeLinearRegression estimator =
        JobFlags.apply(args, new FlexCodeLinearRegression())
            .setStepSize(args.number("step-size", 0.5));
    estimator
        .setMaxIter(args.integer("iterations", 100))
        .setRegParam(args.number("reg-param", 0.0))
        .setElasticNetParam(args.number("elastic-net", 0.0))
        .setTol(args.number("tol", 1e-6));
    return estimator;
  }

  private static FlexCodeLinearSVC linearSvc(Args args) {
    FlexCodeLinearSVC estimator =
        JobFlags.apply(args, new FlexCodeLinearSVC()).setStepSize(args.number("step-size", 1.0));
    estimator
        .setMaxIter(args.integer("iterations", 100))
        .setRegParam(args.number("reg-param", 0.0))
        .setTol(args.number("tol", 1e-6));
    return estimator;
  }
}
