package org.flexcode.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkException;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.ml.FlexCodeLogisticRegression;

/**
 * Many fits in one application, and what each leaves behind: {@link FlexCodeLogisticRegression}
 * fitted over a grid of strategies x regParam, as a CrossValidator would, each fit in its own job
 * group. Every tenth fit (the fifth of each ten) is cancelled by its user ({@code cancelJobGroup})
 * once its third aggregation's job starts, and every tenth (the tenth of each ten) fails (its
 * iteration listener throws at the second aggregation); the rest complete. After each fit a {@link
 * SoakSample} is taken; the run prints the first 20 fits' means against the last 20's and writes
 * every sample and the summary as JSON.
 *
 * <p>Usage: {@code submit-scripts/run-class org.flexcode.bench.FitSoak [fits] [data] [json]
 * [maxIter]} (defaults 200, datasets/a9a/a9a, fit-soak.json, 5; master from {@code -Dspark.master},
 * default local[2]).
 */
public final class FitSoak {

  /** The strategies the fits cycle through. */
  public static final List<String> STRATEGIES =
      List.of(
          "bsp",
          "cyclic:s=1",
          "frc:s=1",
          "steal",
          "auto:exact=true",
          "ssp:staleness=1,b=1",
          "ignore:b=1");

  /** The regParam values of the grid. */
  static final List<Double> REG_PARAMS = List.of(0.0, 0.01, 0.1);

  private static final int WINDOW = 20;
  private static final int CANCELLED_AGGREGATION = 3;
  private static final int FAILED_AGGREGATION = 2;
  private static final String FAILURE = "the soak's planned failure";

  private FitSoak() {}

  /** Runs the soak and prints its summary. */
  public static void main(String[] argv) throws Exception {
    int fits = argv.length > 0 ? Integer.parseInt(argv[0]) : 200;
    String data = argv.length > 1 ? argv[1] : "datasets/a9a/a9a";
    Path json = Path.of(argv.length > 2 ? argv[2] : "fit-soak.json");
    int maxIter = argv.length > 3 ? Integer.parseInt(argv[3]) : 5;
    SparkSession spark = LocalSpark.session("fit soak", "local[2]", "ERROR");
    try {
      Dataset<Row> frame = LocalSpark.cached(LocalSpark.binaryFrame(spark, data));
      List<SoakSample> samples =
          run(
              frame,
              fits,
              maxIter,
              s -> {
                if ((s.fit() + 1) % 10 == 0) {
                  System.out.printf(
                      "fit %d (%s, %s, %d ms): live heap %.1f MB, persisted RDDs %d, listeners"
                          + " %d, threads %d%n",
                      s.fit() + 1,
                      s.strategy(),
                      s.outcome(),
                      s.fitMs(),
                      s.liveHeapBytes() / 1e6,
                      s.persistedRdds(),
                      s.listeners(),
                      s.threads());
                }
              });
      SoakSummary summary = SoakSummary.of(samples, WINDOW);
      System.out.print(summary.table());
      write(json, samples, summary);
    } finally {
      spark.stop();
    }
  }

  /**
   * Runs {@code fits} fits of at most {@code maxIter} iterations on {@code frame}, sampling the
   * application after each; {@code progress} hears each sample as it is taken.
   */
  public static List<SoakSample> run(
      Dataset<Row> frame, int fits, int maxIter, Consumer<SoakSample> progress)
      throws InterruptedException {
    if (fits < 1 || maxIter < CANCELLED_AGGREGATION) {
      throw new IllegalArgumentException(
          "a soak needs fits >= 1 and maxIter >= "
              + CANCELLED_AGGREGATION
              + ", got "
              + fits
              + " and "
              + maxIter);
    }
    SparkContext sc = frame.sparkSession().sparkContext();
    UserCancel cancel = new UserCancel(sc);
    sc.addSparkListener(cancel);
    List<SoakSample> samples = new ArrayList<>();
    try {
      for (int fit = 0; fit < fits; fit++) {
        SoakSample sample = fitOnce(frame, fit, maxIter, cancel);
        samples.add(sample);
        progress.accept(sample);
      }
    } finally {
      sc.removeSparkListener(cancel);
    }
    return samples;
  }

  /** Fit {@code fit} of the grid, ended as its place in the cycle says, then the sample. */
  private static SoakSample fitOnce(Dataset<Row> frame, int fit, int maxIter, UserCancel cancel)
      throws InterruptedException {
    SparkContext sc = frame.sparkSession().sparkContext();
    String strategy = STRATEGIES.get(fit % STRATEGIES.size());
    double regParam = REG_PARAMS.get((fit / STRATEGIES.size()) % REG_PARAMS.size());
    boolean cancelled = fit % 10 == 4;
    boolean fails = fit % 10 == 9;
    List<IterationRecord> records = new ArrayList<>();
    FlexCodeLogisticRegression lr =
        new FlexCodeLogisticRegression()
            .setStrategy(strategy)
            .setIterationListener(
                (it, loss, record) -> {
                  records.add(record);
                  if (fails && records.size() == FAILED_AGGREGATION) {
                    throw new IllegalStateException(FAILURE);
                  }
                });
    lr.setMaxIter(maxIter).setTol(0.0).setRegParam(regParam);
    String group = "fit-soak-" + fit;
    sc.setJobGroup(group, "soak fit " + fit + ": " + strategy, true);
    cancel.arm(cancelled ? group : null);
    long start = System.currentTimeMillis();
    String outcome;
    try {
      lr.fit(frame);
      outcome = "completed";
    } catch (RuntimeException e) {
      outcome = outcomeOf(e, strategy);
    } finally {
      cancel.arm(null);
      sc.clearJobGroup();
    }
    long fitMs = System.currentTimeMillis() - start;
    return SoakSample.take(sc, fit, strategy, outcome, fitMs, records);
  }

  /** "cancelled" or "failed" for the planned endings; anything else is rethrown. */
  private static String outcomeOf(RuntimeException thrown, String strategy) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof SparkException && String.valueOf(t.getMessage()).contains("cancelled")) {
        return "cancelled";
      }
      if (FAILURE.equals(t.getMessage())) {
        return "failed";
      }
    }
    throw new IllegalStateException("soak fit of " + strategy + " failed unexpectedly", thrown);
  }

  private static void write(Path json, List<SoakSample> samples, SoakSummary summary)
      throws IOException {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("summary", summary);
    report.put("fits", samples);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), report);
    System.out.println("wrote " + json);
  }

  /**
   * Cancels the armed job group ({@code cancelJobGroup}, as a user would) when a FlexCode iteration
   * job of that group starts its aggregation {@link #CANCELLED_AGGREGATION}.
   */
  private static final class UserCancel extends SparkListener {
    private final SparkContext sc;
    private volatile String group;

    UserCancel(SparkContext sc) {
      this.sc = sc;
    }

    void arm(String jobGroup) {
      group = jobGroup;
    }

    @Override
    public void onJobStart(SparkListenerJobStart jobStart) {
      String armed = group;
      if (armed == null || jobStart.properties() == null) {
        return;
      }
      String jobGroup = jobStart.properties().getProperty("spark.jobGroup.id", "");
      String tags = jobStart.properties().getProperty("spark.job.tags", "");
      String description = jobStart.properties().getProperty("spark.job.description", "");
      if (armed.equals(jobGroup)
          && tags.contains("flexcode-")
          && description.matches(".* iteration " + CANCELLED_AGGREGATION + "[/ ].*")) {
        group = null;
        sc.cancelJobGroup(armed);
      }
    }
  }
}
