package org.flexcode.whatif;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.StragglerReport;
import org.flexcode.metrics.StragglerTally;
import org.flexcode.metrics.TaskTiming;
import org.flexcode.model.Cluster;
import org.flexcode.model.IterationOutcome;
import org.flexcode.model.Rule;

/**
 * "Would FlexCode help this job?": replays the training iterations of an event log under each
 * strategy's model {@link Rule} (the decision code the bench's model column runs), with the
 * slowdown factors, task compute and launch cost measured from the log ({@link FitCalibration}). An
 * iteration's predicted time is the rule's compute span plus the iteration's logged driver time;
 * the stages of an iteration other than its main one ({@code treeAggregate}'s reduce stage) are
 * left out, as FlexCode sums the partial results on the driver. The check: the same replay under
 * bsp with those stages kept ({@link FitAnalysis#replayedMeanMs}) against the measured mean.
 */
public final class WhatIf {

  /** The strategies predicted, in the table's order. */
  public static final List<String> STRATEGIES =
      List.of("bsp", "steal", "frc", "ignore:b=auto", "auto:exact=true", "auto");

  /** What the prediction assumes, one line each. */
  public static final List<String> ASSUMPTIONS =
      List.of(
          "the iterations run again with the stragglers the log shows, executor by executor and"
              + " iteration by iteration; a pattern the log never shows is not predicted",
          "a task's whole run time is slowed by its executor's factor; a task's launch cost is"
              + " the log's median, a chunk task's (steal, auto) "
              + Math.round(100 * FitCalibration.CHUNK_LAUNCH_SHARE)
              + "% of it, as FlexCode's own logs show",
          "the driver time between and around the main stages is the log's; treeAggregate's"
              + " reduce stage is left out (FlexCode sums on the driver)",
          "steal and auto cache "
              + CopiesSpec.DEFAULT_COPIES
              + " copies of the data and assume they fit in memory; frc computes "
              + (StrategyDefaults.TOLERANCE + 1)
              + " blocks per task",
          "ignore:b=auto and auto may leave results out: their iterations are approximate and a"
              + " fit may need more of them",
          "the model runs on the executors that ran the fit's tasks; an executor the scheduler"
              + " avoided (it ran no iteration task) is not in it, though FlexCode's layout would"
              + " give it data");

  private WhatIf() {}

  /** Analyses every fit of {@code log}. */
  public static List<FitAnalysis> analyse(EventLog log) {
    return FitFinder.fits(log).stream().map(fit -> analyse(fit, log.executors())).toList();
  }

  /** Analyses one fit, with no executor known beyond those that ran its tasks. */
  public static FitAnalysis analyse(Fit fit) {
    return analyse(fit, List.of());
  }

  /**
   * Analyses one fit of an application whose registered executors were {@code registered}: those
   * registered while the fit ran that ran no task of its main stages are reported idle.
   */
  public static FitAnalysis analyse(Fit fit, List<LoggedExecutor> registered) {
    FitCalibration calibration = FitCalibration.of(fit);
    List<Prediction> predictions = new ArrayList<>();
    long data = dataBytes(fit);
    for (String spec : STRATEGIES) {
      predictions.add(predict(spec, fit, calibration, data, false));
    }
    double replayed = predict("bsp", fit, calibration, data, true).meanIterationMs();
    Cluster cluster = calibration.cluster();
    return new FitAnalysis(
        fit,
        calibration.executors(),
        idle(fit, registered),
        cluster.tasks(),
        calibration.typicalTaskMs(),
        cluster.costs().taskLaunchMs(),
        data,
        diagnose(fit),
        replayed,
        predictions);
  }

  /** The executors of {@code registered} present during the fit that ran none of its tasks. */
  static List<LoggedExecutor> idle(Fit fit, List<LoggedExecutor> registered) {
    Set<String> ran = new HashSet<>();
    fit.iterations().forEach(it -> it.stage().tasks().forEach(t -> ran.add(t.executor())));
    return registered.stream()
        .filter(e -> e.registeredDuring(fit.startMs(), fit.endMs()))
        .filter(e -> !ran.contains(e.id()))
        .toList();
  }

  private static Prediction predict(
      String spec, Fit fit, FitCalibration calibration, long data, boolean asLogged) {
    int copies = copies(spec);
    long memory = data < 0 ? -1 : copies * data;
    Rule.Simulation simulation;
    try {
      simulation = Rule.parse(spec).prepare(calibration.cluster());
    } catch (IllegalArgumentException e) {
      return new Prediction(spec, Double.NaN, Double.NaN, Double.NaN, copies, memory, message(e));
    }
    List<TrainingIteration> its = fit.iterations();
    double[] loads = new double[calibration.executors().size()];
    java.util.Arrays.fill(loads, 1.0);
    double total = 0;
    for (int i = 0; i < its.size(); i++) {
      IterationOutcome outcome = simulation.run(calibration.factors(i), loads);
      TrainingIteration it = its.get(i);
      double outside = asLogged ? it.outsideTasksMs() : it.driverMs();
      total += outcome.spanMs() + calibration.cluster().fixedMs() + outside;
    }
    double saved = fit.measuredMs() - total;
    return new Prediction(spec, total / its.size(), total, saved, copies, memory, "");
  }

  private static String message(IllegalArgumentException e) {
    return "not predicted: " + e.getMessage();
  }

  /** The copies of the data the strategy's layout caches. */
  static int copies(String spec) {
    if (spec.startsWith("steal") || spec.startsWith("auto")) {
      return CopiesSpec.DEFAULT_COPIES;
    }
    return spec.startsWith("frc") ? StrategyDefaults.TOLERANCE + 1 : 1;
  }

  private static long dataBytes(Fit fit) {
    long bytes = fit.iterations().stream().mapToLong(i -> i.stage().dataBytes()).max().orElse(0);
    return bytes > 0 ? bytes : -1;
  }

  /** The straggler diagnosis of the fit's logged iterations ({@link StragglerTally}). */
  static StragglerReport diagnose(Fit fit) {
    List<IterationRecord> records = new ArrayList<>();
    int index = 0;
    for (TrainingIteration it : fit.iterations()) {
      records.add(record(index++, it));
    }
    return StragglerTally.of(records);
  }

  private static IterationRecord record(int index, TrainingIteration it) {
    List<TaskTiming> finished = new ArrayList<>();
    for (LoggedTask t : it.stage().tasks()) {
      if (t.succeeded()) {
        finished.add(
            new TaskTiming(
                t.partition(),
                t.attempt(),
                t.executor(),
                t.launchMs(),
                t.finishMs(),
                0,
                t.partition()));
      }
    }
    return new IterationRecord(
        index,
        "bsp",
        it.startMs(),
        it.endMs(),
        it.endMs(),
        finished,
        List.of(),
        List.of(),
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0.0,
        true,
        Map.of(),
        "",
        Map.of(),
        1.0,
        0,
        0,
        0,
        List.of(),
        0);
  }
}
