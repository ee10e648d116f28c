package org.flexcode.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The waste of one stage from its task attempts' timings. Barrier waste is the time task slots sat
 * idle waiting for the stage's last successful task: a slot is idle from the finish of the last
 * task it ran, so on each executor an attempt counts only when no later attempt reused its slot
 * (attempts launched after it finished are matched, earliest finish first, to the slots they
 * reused); with one task per slot this is the sum over tasks of (last finish - finish), the study's
 * waste. Discarded time is the run time of attempts whose results were thrown away (killed, failed,
 * or beaten by a speculative copy).
 */
final class StageWaste {

  /** One task attempt: its executor, launch and finish (epoch ms), and whether it succeeded. */
  record Attempt(String executor, long launchMs, long finishMs, boolean successful) {}

  private StageWaste() {}

  /** The stage's barrier waste in ms. */
  static long barrierMs(List<Attempt> attempts) {
    long last =
        attempts.stream()
            .filter(Attempt::successful)
            .mapToLong(Attempt::finishMs)
            .max()
            .orElse(Long.MIN_VALUE);
    if (last == Long.MIN_VALUE) {
      return 0;
    }
    Map<String, List<Attempt>> byExecutor =
        attempts.stream().collect(Collectors.groupingBy(Attempt::executor));
    long waste = 0;
    for (List<Attempt> onExecutor : byExecutor.values()) {
      for (Attempt a : slotLast(onExecutor)) {
        waste += Math.max(0, last - a.finishMs());
      }
    }
    return waste;
  }

  /** The stage's discarded attempt time in ms. */
  static long discardedMs(List<Attempt> attempts) {
    return attempts.stream()
        .filter(a -> !a.successful())
        .mapToLong(a -> Math.max(0, a.finishMs() - a.launchMs()))
        .sum();
  }

  /** The attempts of one executor whose slot no later attempt reused. */
  private static List<Attempt> slotLast(List<Attempt> onExecutor) {
    List<Attempt> open = new ArrayList<>(onExecutor);
    open.sort(Comparator.comparingLong(Attempt::finishMs));
    List<Attempt> byLaunch = new ArrayList<>(onExecutor);
    byLaunch.sort(Comparator.comparingLong(Attempt::launchMs));
    for (Attempt next : byLaunch) {
      // The earliest-finished attempt whose slot was free when `next` launched.
      for (int i = 0; i < open.size(); i++) {
        Attempt freed = open.get(i);
        if (freed.finishMs() > next.launchMs()) {
          break;
        }
        if (freed != next) {
          open.remove(i);
          break;
        }
      }
    }
    return open;
  }
}
