package org.flexcode.adaptive.internal;

import java.util.Arrays;
import java.util.BitSet;

/**
 * What one iteration showed of its n primary tasks: each task's response time in ms from the
 * iteration's submission (for a task that had not finished when the iteration ended, the time it
 * had run by then, a lower bound: {@code censored}), and the iteration's fixed cost in ms (model
 * broadcast, decode, combining: what every choice pays on top of the tasks), and where each task
 * ran ({@code executors[i]}: an executor id, or null where unknown, e.g. a task that had not
 * finished).
 */
public record TaskTimes(
    double[] responseMs, BitSet censored, double overheadMs, String[] executors) {

  /** Times without the tasks' executors. */
  public TaskTimes(double[] responseMs, BitSet censored, double overheadMs) {
    this(responseMs, censored, overheadMs, null);
  }

  /** Validates and copies. */
  public TaskTimes {
    if (responseMs == null || responseMs.length == 0) {
      throw new IllegalArgumentException("task times: at least one task's time is needed");
    }
    for (int i = 0; i < responseMs.length; i++) {
      if (!(responseMs[i] >= 0) || Double.isInfinite(responseMs[i])) {
        throw new IllegalArgumentException(
            "task times: task " + i + "'s time must be a finite ms >= 0, got " + responseMs[i]);
      }
    }
    if (!(overheadMs >= 0) || Double.isInfinite(overheadMs)) {
      throw new IllegalArgumentException("task times: overhead must be >= 0 ms, got " + overheadMs);
    }
    responseMs = responseMs.clone();
    censored = censored == null ? new BitSet() : (BitSet) censored.clone();
    executors =
        executors == null
            ? new String[responseMs.length]
            : Arrays.copyOf(executors, responseMs.length);
  }

  /** The number of tasks. */
  public int tasks() {
    return responseMs.length;
  }

  @Override
  public double[] responseMs() {
    return responseMs.clone();
  }

  @Override
  public String[] executors() {
    return executors.clone();
  }

  @Override
  public BitSet censored() {
    return (BitSet) censored.clone();
  }
}
