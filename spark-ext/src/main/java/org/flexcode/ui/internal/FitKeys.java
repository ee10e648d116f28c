package org.flexcode.ui.internal;

import java.util.HashMap;
import java.util.Map;
import org.flexcode.monitoring.FlexCodeIterationEvent;

/**
 * Assigns each iteration event, in listener-bus order, the key of its fit: the engine's number when
 * the event carries one; otherwise (event logs written before events were numbered) {@code u1},
 * {@code u2}, ...: a new unnumbered fit of a workload starts when its iteration number does not
 * grow. Not thread-safe: the listener bus delivers one event at a time.
 */
final class FitKeys {

  private final Map<String, Integer> lastIteration = new HashMap<>();
  private final Map<String, String> openFit = new HashMap<>();
  private int unnumbered;

  /** The key of {@code event}'s fit. */
  String keyOf(FlexCodeIterationEvent event) {
    if (event.fit() > 0) {
      return Integer.toString(event.fit());
    }
    String workload = event.workload();
    int iteration = event.record().iteration();
    Integer last = lastIteration.put(workload, iteration);
    if (last == null || iteration <= last) {
      openFit.put(workload, "u" + ++unnumbered);
    }
    return openFit.get(workload);
  }
}
