package org.flexcode.aggregation.copies.internal;

import java.util.Set;
import org.flexcode.adaptive.internal.CopyThresholds;
import org.flexcode.adaptive.internal.SlowExecutors;
import org.slf4j.Logger;

/**
 * The lines {@link StealLaunches} log: each copy launched and why, and the executors avoided. One
 * line per decision, naming the iteration, the chunk and the executors by id.
 */
final class CopyLaunchLog {

  private final Logger log;
  private final String[] executorIds;

  /** Logs to {@code log}; {@code executorIds[e]}: the id of planned executor e. */
  CopyLaunchLog(Logger log, String[] executorIds) {
    this.log = log;
    this.executorIds = executorIds.clone();
  }

  /** An idle executor takes a chunk whose home copy has not started. */
  void pendingTaken(int it, int chunk, int home, int target, int copy) {
    log.info(
        "FlexCode iteration {}: chunk {} not started on its home executor {}; executor {} is"
            + " idle and takes it (task {})",
        it,
        chunk,
        executorIds[home],
        executorIds[target],
        copy);
  }

  /**
   * A copy launched of a running chunk: iteration {@code it}, {@code chunk} whose task {@code
   * running} has run {@code ranMs} on planned executor {@code on}; copy task {@code copy} on
   * planned executor {@code target}.
   */
  record Copy(int it, int chunk, int running, long ranMs, int on, int copy, int target) {}

  /** A running chunk's copy, due by {@code due} ({@code late} x the median). */
  void lateCopy(Copy c, CopyThresholds due, double late) {
    log.info(
        "FlexCode iteration {}: chunk {} (task {}) has run {} ms on executor {} (copies due on"
            + " an idle holder after {} ms, on any after {} ms: {} x the median); launching its"
            + " copy task {} on executor {}",
        c.it(),
        c.chunk(),
        c.running(),
        c.ranMs(),
        executorIds[c.on()],
        Math.round(due.idleHolderMs()),
        Math.round(due.anyHolderMs()),
        late,
        c.copy(),
        executorIds[c.target()]);
  }

  /** A running chunk's copy on an idle holder, which {@code race} expects to arrive first. */
  void racedCopy(Copy c, CopyRace race) {
    log.info(
        "FlexCode iteration {}: chunk {} (task {}) has run {} ms on executor {}, whose copies take"
            + " {} ms in this iteration against a median of {} ms: a copy on idle executor {}"
            + " arrives first; launching its copy task {}",
        c.it(),
        c.chunk(),
        c.running(),
        c.ranMs(),
        executorIds[c.on()],
        Math.round(race.expectedMs(c.on())),
        Math.round(race.medianMs()),
        executorIds[c.target()],
        c.copy());
  }

  /** The executors avoided from the next iteration on (planned indexes). */
  void avoiding(int it, Set<Integer> executors) {
    log.info(
        "FlexCode iteration {}: avoiding executors {} (median task over {} x all executors' in {}"
            + " iterations in a row): their chunks prefer other holders",
        it,
        executors.stream().map(e -> executorIds[e]).sorted().toList(),
        SlowExecutors.FACTOR,
        SlowExecutors.MEMORY);
  }
}
