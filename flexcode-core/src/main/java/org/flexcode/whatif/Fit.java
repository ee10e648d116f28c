package org.flexcode.whatif;

import java.util.List;

/**
 * One fit found in an event log: consecutive training iterations of one call site (or one FlexCode
 * engine).
 *
 * @param number the fit's number in the application, from 1
 * @param label what runs its iterations ({@code treeAggregate at GradientDescent.scala:239}, or a
 *     FlexCode iteration's description)
 * @param iterations its iterations, in order
 */
public record Fit(int number, String label, List<TrainingIteration> iterations) {

  /** Copies the list. */
  public Fit {
    iterations = List.copyOf(iterations);
  }

  /** The first iteration's start (epoch ms). */
  public long startMs() {
    return iterations.get(0).startMs();
  }

  /** The last iteration's end (epoch ms). */
  public long endMs() {
    return iterations.get(iterations.size() - 1).endMs();
  }

  /** The first iteration's start to the last one's end: the sum of the iterations' windows. */
  public long measuredMs() {
    return iterations.stream().mapToLong(TrainingIteration::measuredMs).sum();
  }

  /**
   * The time in the main stages' tasks: per iteration, first launch to last finish inside its
   * window ({@link TrainingIteration#inStageMs}).
   */
  public long inStagesMs() {
    return iterations.stream().mapToLong(TrainingIteration::inStageMs).sum();
  }

  /** The time outside the main stages' tasks: measured minus in stages, never negative. */
  public long outsideStagesMs() {
    return iterations.stream().mapToLong(TrainingIteration::outsideTasksMs).sum();
  }
}
