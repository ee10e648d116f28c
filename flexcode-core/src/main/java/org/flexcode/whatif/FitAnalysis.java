package org.flexcode.whatif;

import java.util.List;
import org.flexcode.metrics.StragglerReport;

/**
 * The what-if analysis of one fit: its shape as the model sees it, the straggler diagnosis of its
 * logged iterations, the model's replay of the log under bsp with the log's own costs (the check
 * against the measured time), and each strategy's prediction.
 *
 * @param fit the fit
 * @param executors the executors that ran its main stages
 * @param idleExecutors the executors registered while it ran that ran no task of its main stages
 *     (the scheduler avoided them, or they were slow at caching): the model leaves them out
 * @param tasks the main stage's task count
 * @param typicalTaskMs the typical task run time T, ms
 * @param launchMs the per-task launch cost, ms
 * @param dataBytes the data an iteration reads, as logged (-1 when the log does not show it)
 * @param stragglers the diagnosis per executor
 * @param replayedMeanMs the model's mean iteration replaying the log as it ran (bsp, every stage
 *     and the driver time as logged): close to the measured mean when the model fits the log
 * @param predictions each strategy's prediction, in {@link WhatIf#STRATEGIES} order
 */
public record FitAnalysis(
    Fit fit,
    List<String> executors,
    List<LoggedExecutor> idleExecutors,
    int tasks,
    double typicalTaskMs,
    double launchMs,
    long dataBytes,
    StragglerReport stragglers,
    double replayedMeanMs,
    List<Prediction> predictions) {

  /** Copies the lists. */
  public FitAnalysis {
    executors = List.copyOf(executors);
    idleExecutors = List.copyOf(idleExecutors);
    predictions = List.copyOf(predictions);
  }

  /** The measured mean iteration: the fit's time over its iterations, ms. */
  public double measuredMeanMs() {
    return (double) fit.measuredMs() / fit.iterations().size();
  }

  /** The prediction of {@code strategy}, which must be one of {@link WhatIf#STRATEGIES}. */
  public Prediction prediction(String strategy) {
    return predictions.stream()
        .filter(p -> p.strategy().equals(strategy))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no prediction for " + strategy));
  }
}
