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

  /** The first iteration's start to the last one's end. */
  public long measuredMs() {
    TrainingIteration last = iterations.get(iterations.size() - 1);
    return Math.max(0, last.endMs() - iterations.get(0).startMs());
  }

  /** The time in the main stages' tasks (first launch to last finish of each). */
  public long inStagesMs() {
    return iterations.stream().mapToLong(i -> i.stage().taskSpanMs()).sum();
  }
}
