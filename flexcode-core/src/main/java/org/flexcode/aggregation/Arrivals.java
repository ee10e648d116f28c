package org.flexcode.aggregation;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * What has reached the driver in one iteration: the finished tasks in arrival order with their
 * results and arrival times, and the tasks whose latest attempt threw, with their errors. A task
 * counts once, at its first successful attempt.
 */
public final class Arrivals {

  private final LongSupplier clock;
  private final List<Integer> order = new ArrayList<>();
  private final Map<Integer, Long> arrivedMs = new HashMap<>();
  private final Map<Integer, PartialResult> results = new HashMap<>();
  private final Map<Integer, String> errors = new TreeMap<>();
  private final BitSet finished = new BitSet();
  private final BitSet failed = new BitSet();
  private int failedAttempts;

  /** Arrivals timed by the wall clock (epoch ms), as the driver sees them. */
  public Arrivals() {
    this(System::currentTimeMillis);
  }

  /** Arrivals timed by {@code clock} (ms): the model's simulated time. */
  public Arrivals(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * Records {@code result} as each task it covers ({@link PartialResult#covered}: a block task's
   * chunks), all before anyone decides on them; true if any is a task's first successful attempt.
   */
  public boolean recordCovered(PartialResult result) {
    boolean recorded = false;
    for (PartialResult part : result.covered()) {
      recorded |= record(part);
    }
    return recorded;
  }

  /** Records {@code result}; true if it is a task's first successful attempt. */
  public boolean record(PartialResult result) {
    int task = result.task();
    if (result.failed()) {
      failedAttempts++;
      failed.set(task);
      errors.put(task, result.error());
      return false;
    }
    if (finished.get(task)) {
      return false;
    }
    finished.set(task);
    failed.clear(task);
    order.add(task);
    arrivedMs.put(task, clock.getAsLong());
    results.put(task, result);
    return true;
  }

  /** The finished tasks in arrival order. */
  public List<Integer> order() {
    return Collections.unmodifiableList(order);
  }

  /** The finished tasks. */
  public BitSet finished() {
    return (BitSet) finished.clone();
  }

  public boolean isFinished(int task) {
    return finished.get(task);
  }

  /** The tasks whose latest attempt threw and that have not finished since. */
  public BitSet failed() {
    return (BitSet) failed.clone();
  }

  /** When task {@code task}'s result reached the driver, or -1 if it has not. */
  public long arrivedMs(int task) {
    Long ms = arrivedMs.get(task);
    return ms == null ? -1 : ms;
  }

  /** The results of the finished tasks, by task. */
  public Map<Integer, PartialResult> results() {
    return Collections.unmodifiableMap(results);
  }

  /** The last error of each failed task, by task. */
  public Map<Integer, String> errors() {
    return Collections.unmodifiableMap(errors);
  }

  /** How many task attempts threw. */
  public int failedAttempts() {
    return failedAttempts;
  }
}
