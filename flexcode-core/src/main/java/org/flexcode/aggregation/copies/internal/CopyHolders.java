package org.flexcode.aggregation.copies.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.flexcode.adaptive.internal.CopyThresholds;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.PartialResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which holder of a chunk takes {@code steal}'s next copy of it: an idle one, not avoided, with CPU
 * to spare when the copy is early; else, for a late copy, one still computing whose host has CPU to
 * spare ({@link CopyThresholds#spareCpu}). Keeps what that needs: the other processes' load each
 * executor's results last reported ({@link OthersCpuLoads}) and the executors {@code steal} avoids.
 * Logs, once per iteration each, a copy held back because a host is busy.
 */
final class CopyHolders {

  private static final Logger LOG = LoggerFactory.getLogger(CopyHolders.class);

  private final StealPlan plan;
  private final String[] executorIds;
  private final Map<String, Integer> plannedIndex = new HashMap<>();
  private final OthersCpuLoads othersLoads;
  private Set<Integer> avoided = Set.of();
  private int loadsNoted;
  private int noEarlyCopyLogged = -1;
  private int busyHolderLogged = -1;

  /** {@code executorIds[e]}: the id of planned executor e. */
  CopyHolders(StealPlan plan, String[] executorIds) {
    this.plan = plan;
    this.executorIds = executorIds.clone();
    for (int e = executorIds.length - 1; e >= 0; e--) {
      plannedIndex.put(executorIds[e], e);
    }
    this.othersLoads = new OthersCpuLoads(plan.executors());
  }

  /** A new iteration: its results' loads are noted from its first arrival on. */
  void startIteration() {
    loadsNoted = 0;
  }

  /** Notes the other processes' CPU load each result arrived since the last call reports. */
  void noteLoads(Arrivals arrivals) {
    List<Integer> order = arrivals.order();
    Map<Integer, PartialResult> results = arrivals.results();
    for (; loadsNoted < order.size(); loadsNoted++) {
      PartialResult r = results.get(order.get(loadsNoted));
      othersLoads.note(plannedIndexOf(r.executorId()), r.finishMs(), r.othersCpuLoad());
    }
  }

  /** Whether most executors have CPU to spare ({@link OthersCpuLoads#mostSpare}). */
  boolean mostSpare() {
    return othersLoads.mostSpare();
  }

  /** Avoids planned executors {@code executors} (none: an empty set). */
  void avoid(Set<Integer> executors) {
    avoided = Set.copyOf(executors);
  }

  /** The planned executors avoided. */
  Set<Integer> avoided() {
    return avoided;
  }

  /** Whether any executor is avoided. */
  boolean avoiding() {
    return !avoided.isEmpty();
  }

  /** The planned executor (0 .. M-1) with id {@code executorId}, or -1 if none (or null). */
  int plannedIndexOf(String executorId) {
    return executorId == null ? -1 : plannedIndex.getOrDefault(executorId, -1);
  }

  /**
   * An idle, not avoided executor holding a copy of {@code chunk}, other than {@code busy}; {@code
   * spareCpu}: only one with CPU to spare ({@link CopyThresholds#spareCpu}: other processes do not
   * keep its host busy).
   */
  int idle(int chunk, boolean[] idle, int busy, boolean spareCpu) {
    for (int k = 0; k < plan.copies(); k++) {
      int e = plan.executorOf(plan.taskOf(chunk, k));
      boolean free = !spareCpu || CopyThresholds.spareCpu(othersLoads.of(e));
      if (idle[e] && e != busy && !avoided.contains(e) && free) {
        return e;
      }
    }
    return -1;
  }

  /**
   * An executor holding a copy of {@code chunk}, other than {@code busy}, whose host has CPU to
   * spare ({@link CopyThresholds#spareCpu}; one that has not reported yet is taken to be as loaded
   * as the others: {@link OthersCpuLoads#ofOrTypical}); or -1. On a host other processes keep busy,
   * a copy on a holder still computing its own work takes CPU from that work and from the copy it
   * relieves: the chunk waits for an idle holder instead (logged once per iteration). With one
   * executor (local mode), its other cores: the only place a copy can run.
   */
  int busyWithSpareCpu(int it, int chunk, int busy) {
    // With one executor (local mode) no holder is ever idle while a chunk runs: its other cores
    // take the copy whatever the load, or a straggler would never get one.
    boolean oneExecutor = plan.executors() == 1;
    int saturated = -1;
    for (int k = 0; k < plan.copies(); k++) {
      int e = plan.executorOf(plan.taskOf(chunk, k));
      if (e != busy && (oneExecutor || CopyThresholds.spareCpu(othersLoads.ofOrTypical(e)))) {
        return e;
      }
      saturated = e != busy ? e : saturated;
    }
    if (saturated >= 0 && busyHolderLogged != it) {
      busyHolderLogged = it;
      LOG.info(
          "FlexCode iteration {}: chunk {} is late, but its holder {} is still computing and other"
              + " processes keep its host {}% busy (over {}%): no copy there, which would take CPU"
              + " from the work it relieves; the chunk waits for an idle holder",
          it,
          chunk,
          executorIds[saturated],
          Math.round(100 * othersLoads.ofOrTypical(saturated)),
          Math.round(100 * CopyThresholds.BUSY_WITH_OTHERS));
    }
    return -1;
  }

  /**
   * Logs (once per iteration) that idle holder {@code holder} (if >= 0) takes no early copy of
   * {@code chunk}, run {@code ranMs}, because other processes keep its host's CPU busy.
   */
  void logNoEarlyCopy(int it, int chunk, int holder, long ranMs, CopyThresholds due) {
    if (holder < 0 || noEarlyCopyLogged == it) {
      return;
    }
    noEarlyCopyLogged = it;
    LOG.info(
        "FlexCode iteration {}: chunk {} has run {} ms; other processes keep idle holder {}'s host"
            + " {}% busy (over {}%): no early copy, which would take CPU from the work it"
            + " relieves; a copy is due after {} ms",
        it,
        chunk,
        ranMs,
        executorIds[holder],
        Math.round(100 * othersLoads.of(holder)),
        Math.round(100 * CopyThresholds.BUSY_WITH_OTHERS),
        Math.round(due.anyHolderMs()));
  }
}
