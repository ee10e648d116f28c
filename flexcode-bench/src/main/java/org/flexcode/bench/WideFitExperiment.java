package org.flexcode.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.cli.Args;
import org.flexcode.metrics.SampleStats;
import org.flexcode.ml.FlexCodeLogisticRegression;
import org.flexcode.spark.internal.SparkInternals;

/**
 * {@code flexcode-submit bench --experiment wide-fit}: a wide spark.ml fit, what its driver
 * receives and how long it takes. On one cached DataFrame ({@link WideFitInput}: synthetic sparse
 * binary rows, or Avazu click logs hashed into {@code --features} buckets, with a test file for the
 * AUC), it fits spark.ml's {@code LogisticRegression} (aggregationDepth 2, its default) and {@link
 * FlexCodeLogisticRegression} under the default strategy ({@value StrategyDefaults#STRATEGY}, no
 * strategy param set) and under {@code bsp}, all with maxIter {@code --max-iter} (the input's
 * default), regParam {@code --reg-param}, tol 0 and Spark's other defaults, the drop-ins with one
 * task per partition (numTasks {@code --tasks}, as Spark's fit runs one per partition). After
 * {@value #WARM_UP_ROUNDS} unmeasured round, {@code --repeats} rounds each fit every estimator
 * once, in an order rotated by the round, each fit after a garbage collection.
 *
 * <p>The driver's bytes are those of {@link ScaleListener}: the sum of {@code
 * TaskMetrics.resultSize} over every successful task of every job the fit ran (the statistics pass,
 * caching, every loss and gradient evaluation), values and accumulator updates together. Each row
 * ({@link WideFitRow}) also holds the L-BFGS iterations and, as a check, the final loss and the
 * coefficients' distance to spark.ml's model. Writes a JSON report and the Markdown table beside
 * it.
 */
final class WideFitExperiment {

  /** Rounds of every estimator before the measured ones (class loading, JIT). */
  static final int WARM_UP_ROUNDS = 1;

  /** The name of spark.ml's estimator in the table (its first row). */
  static final String SPARK = "spark.ml LogisticRegression";

  /** The name of the drop-in under its default strategy. */
  static final String FLEXCODE_DEFAULT =
      "FlexCodeLogisticRegression " + StrategyDefaults.STRATEGY + " (default)";

  /** The name of the drop-in under bsp. */
  static final String FLEXCODE_BSP = "FlexCodeLogisticRegression bsp";

  /** An estimator measured, by its name in the table. */
  private record Contender(String name, Supplier<LogisticRegression> estimator) {}

  /**
   * One measured fit: its wall time, iterations, final loss, coefficients then intercept, and its
   * model's AUC on the test rows (NaN without them).
   */
  private record Fit(
      double wallMs, int iterations, double finalLoss, double[] parameters, double auc) {}

  /** The fits' shared settings. */
  private record Settings(int maxIter, double regParam, int repeats) {}

  private final JavaSparkContext jsc;
  private final Dataset<Row> training;
  private final Dataset<Row> test;
  private final Settings settings;

  private WideFitExperiment(
      JavaSparkContext jsc, Dataset<Row> training, Dataset<Row> test, Settings settings) {
    this.jsc = jsc;
    this.training = training;
    this.test = test;
    this.settings = settings;
  }

  /** Runs the experiment on the bench's options; writes its report to {@code report}. */
  static int run(JavaSparkContext jsc, Args args, Path report) throws IOException {
    SparkSession spark = SparkSession.builder().sparkContext(jsc.sc()).getOrCreate();
    WideFitInput input = WideFitInput.of(spark, args);
    Settings settings =
        new Settings(
            args.integer("max-iter", input.defaultMaxIter()),
            args.number("reg-param", 0.01),
            args.integer("repeats", 3));
    if (settings.maxIter() < 1 || settings.repeats() < 1 || !(settings.regParam() >= 0)) {
      throw new IllegalArgumentException(
          "wide-fit needs --max-iter >= 1, --repeats >= 1 and --reg-param >= 0, got " + settings);
    }
    Dataset<Row> training = input.training().cache();
    Dataset<Row> test = input.test() == null ? null : input.test().cache();
    long rows = training.count();
    System.out.printf(
        Locale.ROOT, "wide-fit: %d rows in %d partitions cached%n", rows, input.tasks());
    List<WideFitRow> table;
    try {
      table = new WideFitExperiment(jsc, training, test, settings).measure(input.tasks());
    } finally {
      training.unpersist(false);
      if (test != null) {
        test.unpersist(false);
      }
    }
    write(report, args, jsc.master(), input.description(), settings, table);
    return 0;
  }

  /** Every estimator's row, spark.ml's first, from rounds of fits tagged for the listener. */
  private List<WideFitRow> measure(int tasks) {
    List<Contender> contenders = contenders(tasks);
    ScaleListener listener = new ScaleListener();
    jsc.sc().addSparkListener(listener);
    List<List<Fit>> fits = new ArrayList<>();
    contenders.forEach(c -> fits.add(new ArrayList<>()));
    try {
      for (int round = -WARM_UP_ROUNDS; round < settings.repeats(); round++) {
        for (int k = 0; k < contenders.size(); k++) {
          int c = Math.floorMod(round + k, contenders.size());
          Fit fit = fit(contenders.get(c), round < 0 ? null : tag(contenders.get(c), round));
          if (round >= 0) {
            fits.get(c).add(fit);
          }
        }
      }
      SparkInternals.awaitListenerBus(jsc.sc(), 60_000);
    } finally {
      jsc.sc().removeSparkListener(listener);
    }
    return rows(contenders, fits, listener);
  }

  /** spark.ml's LogisticRegression, then the drop-in under the default strategy and bsp. */
  private List<Contender> contenders(int tasks) {
    return List.of(
        new Contender(SPARK, () -> configured(new LogisticRegression())),
        new Contender(
            FLEXCODE_DEFAULT,
            () -> configured(new FlexCodeLogisticRegression().setNumTasks(tasks))),
        new Contender(
            FLEXCODE_BSP,
            () ->
                configured(
                    new FlexCodeLogisticRegression().setStrategy("bsp").setNumTasks(tasks))));
  }

  /** {@code estimator} with the fits' shared params: maxIter, regParam, tol 0. */
  private LogisticRegression configured(LogisticRegression estimator) {
    return estimator.setMaxIter(settings.maxIter()).setRegParam(settings.regParam()).setTol(0.0);
  }

  /**
   * One fit of {@code contender} on the training data after a garbage collection, its jobs tagged
   * {@code tag} for the listener (null: not measured).
   */
  private Fit fit(Contender contender, String tag) {
    LogisticRegression estimator = contender.estimator().get();
    System.gc();
    jsc.setLocalProperty(ScaleListener.CONTENDER_PROPERTY, tag);
    long start = System.nanoTime();
    LogisticRegressionModel model;
    try {
      model = estimator.fit(training);
    } finally {
      jsc.setLocalProperty(ScaleListener.CONTENDER_PROPERTY, null);
    }
    double wallMs = (System.nanoTime() - start) / 1e6;
    double[] history = model.summary().objectiveHistory();
    double[] coefficients = model.coefficients().toArray();
    double[] parameters = java.util.Arrays.copyOf(coefficients, coefficients.length + 1);
    parameters[coefficients.length] = model.intercept();
    double auc =
        test == null
            ? Double.NaN
            : new BinaryClassificationEvaluator()
                .setMetricName("areaUnderROC")
                .evaluate(model.transform(test));
    Fit fit =
        new Fit(
            wallMs,
            model.summary().totalIterations(),
            history[history.length - 1],
            parameters,
            auc);
    System.out.printf(
        Locale.ROOT,
        "wide-fit: %-52s %s: %.0f ms, %d iterations, final loss %.10f, test AUC %.6f%n",
        contender.name(),
        tag == null ? "warm-up" : "measured",
        fit.wallMs(),
        fit.iterations(),
        fit.finalLoss(),
        fit.auc());
    return fit;
  }

  private static String tag(Contender contender, int round) {
    return contender.name() + "|" + round;
  }

  /** The rows from the fits and the listener's traffic, in contender order. */
  private List<WideFitRow> rows(
      List<Contender> contenders, List<List<Fit>> fits, ScaleListener listener) {
    int repeats = settings.repeats();
    List<double[]> perContender = new ArrayList<>();
    for (Contender contender : contenders) {
      long bytes = 0;
      long results = 0;
      for (int round = 0; round < repeats; round++) {
        ScaleListener.Traffic traffic = listener.traffic(tag(contender, round));
        bytes += traffic.resultBytes();
        results += traffic.taskResults();
      }
      perContender.add(new double[] {bytes / (double) repeats, results / (double) repeats});
    }
    List<Fit> sparkFits = fits.get(0);
    double sparkMs = SampleStats.mean(sparkFits.stream().mapToDouble(Fit::wallMs).toArray());
    double[] sparkParameters = sparkFits.get(repeats - 1).parameters();
    List<WideFitRow> rows = new ArrayList<>();
    for (int c = 0; c < contenders.size(); c++) {
      List<Fit> own = fits.get(c);
      Fit last = own.get(repeats - 1);
      double ms = SampleStats.mean(own.stream().mapToDouble(Fit::wallMs).toArray());
      double distance = distance(last.parameters(), sparkParameters);
      rows.add(
          new WideFitRow(
              contenders.get(c).name(),
              own.stream().mapToInt(Fit::iterations).min().orElse(0),
              own.stream().mapToInt(Fit::iterations).max().orElse(0),
              ms,
              ms / sparkMs,
              perContender.get(c)[0],
              perContender.get(c)[0] / perContender.get(0)[0],
              perContender.get(c)[1],
              perContender.get(c)[1] / perContender.get(0)[1],
              last.finalLoss(),
              distance,
              distance / distance(sparkParameters, new double[sparkParameters.length]),
              last.auc()));
    }
    return rows;
  }

  /** The L2 distance of {@code a} to {@code b}. */
  static double distance(double[] a, double[] b) {
    double sum = 0;
    for (int j = 0; j < a.length; j++) {
      double d = a[j] - b[j];
      sum += d * d;
    }
    return Math.sqrt(sum);
  }

  /** Writes the JSON report and the Markdown table beside it, and prints the table. */
  private static void write(
      Path report,
      Args args,
      String master,
      String description,
      Settings settings,
      List<WideFitRow> rows)
      throws IOException {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "wide-fit: master %s, %s, maxIter %d, regParam %s, tol 0; %d measured fits per"
                + " estimator after %d warm-up%n%n",
            master,
            description,
            settings.maxIter(),
            settings.regParam(),
            settings.repeats(),
            WARM_UP_ROUNDS));
    md.append(WideFitRow.markdownHeader());
    rows.forEach(r -> md.append(r.markdown()));
    ExperimentReport.write(
        report,
        "wide-fit",
        args,
        master,
        rows.stream().map(WideFitRow::toMap).toList(),
        md.toString());
  }
}
