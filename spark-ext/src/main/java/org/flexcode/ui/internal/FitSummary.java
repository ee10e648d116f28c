package org.flexcode.ui.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One fit as the tab's first page lists it: its key, workload and strategy, how many iterations it
 * ran ({@code lastNumber}, the number of its last) and, over the {@code iterations} kept from
 * {@code firstNumber} on: how many were exact, the sum of their times and the wall time from the
 * first submission to the last aggregate, the tasks cancelled, the chunks moved, how many ran in
 * each mode, and when the first was submitted (epoch ms).
 */
record FitSummary(
    String fit,
    String workload,
    String strategy,
    int firstNumber,
    int lastNumber,
    int iterations,
    int exactIterations,
    long iterationMs,
    long wallMs,
    int tasksCancelled,
    int chunksMoved,
    Map<String, Integer> modes,
    long firstSubmitMs) {

  /** Copies the map, keeping its order. */
  public FitSummary {
    modes = Collections.unmodifiableMap(new LinkedHashMap<>(modes));
  }

  /** Whether iterations before the kept ones were dropped (only the last ones are kept). */
  public boolean truncated() {
    return firstNumber > 1;
  }

  /** Whether every iteration's aggregate was the exact full sum. */
  public boolean exact() {
    return exactIterations == iterations;
  }

  /** The fits of {@code iterations}, in the order they started. */
  public static List<FitSummary> of(List<FitIteration> iterations) {
    Map<String, List<FitIteration>> byFit = new LinkedHashMap<>();
    for (FitIteration it : iterations) {
      byFit.computeIfAbsent(it.fit(), k -> new ArrayList<>()).add(it);
    }
    List<FitSummary> fits = new ArrayList<>();
    for (List<FitIteration> fit : byFit.values()) {
      fits.add(summarise(fit));
    }
    fits.sort(Comparator.comparingLong(FitSummary::firstSubmitMs).thenComparing(FitSummary::fit));
    return fits;
  }

  /** The iterations of fit {@code key} among {@code iterations}, in iteration order. */
  public static List<FitIteration> iterationsOf(String key, List<FitIteration> iterations) {
    return iterations.stream()
        .filter(it -> it.fit().equals(key))
        .sorted(Comparator.comparingInt(it -> it.record().iteration()))
        .toList();
  }

  private static FitSummary summarise(List<FitIteration> fit) {
    FitIteration first = fit.get(0);
    long firstSubmit = Long.MAX_VALUE;
    long lastEnd = Long.MIN_VALUE;
    long iterationMs = 0;
    int exact = 0;
    int cancelled = 0;
    int moved = 0;
    Map<String, Integer> modes = new LinkedHashMap<>();
    int firstNumber = Integer.MAX_VALUE;
    int lastNumber = 0;
    for (FitIteration it : fit) {
      firstNumber = Math.min(firstNumber, it.number());
      lastNumber = Math.max(lastNumber, it.number());
      firstSubmit = Math.min(firstSubmit, it.record().submitMs());
      lastEnd = Math.max(lastEnd, it.record().endMs());
      iterationMs += it.record().durationMs();
      exact += it.record().exact() ? 1 : 0;
      cancelled += it.record().cancelledTasks().size();
      moved += it.chunksMoved();
      modes.merge(it.mode(), 1, Integer::sum);
    }
    return new FitSummary(
        first.fit(),
        first.workload(),
        first.record().strategy(),
        firstNumber,
        lastNumber,
        fit.size(),
        exact,
        iterationMs,
        lastEnd - firstSubmit,
        cancelled,
        moved,
        modes,
        firstSubmit);
  }
}
