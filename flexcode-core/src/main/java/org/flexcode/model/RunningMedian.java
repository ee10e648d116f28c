package org.flexcode.model;

import java.util.Collections;
import java.util.PriorityQueue;

/**
 * The median of a growing set of values, as the engine takes it: the element at index size / 2 of
 * the values sorted ascending (the upper median). Two heaps: O(log n) per value.
 */
final class RunningMedian {

  private final PriorityQueue<Double> lower = new PriorityQueue<>(Collections.reverseOrder());
  private final PriorityQueue<Double> upper = new PriorityQueue<>();

  void add(double value) {
    if (upper.isEmpty() || value >= upper.peek()) {
      upper.add(value);
    } else {
      lower.add(value);
    }
    if (upper.size() > lower.size() + 1) {
      lower.add(upper.poll());
    } else if (lower.size() > upper.size()) {
      upper.add(lower.poll());
    }
  }

  /** How many values were added. */
  int size() {
    return lower.size() + upper.size();
  }

  boolean isEmpty() {
    return upper.isEmpty();
  }

  /** The upper median; NaN when empty. */
  double median() {
    return upper.isEmpty() ? Double.NaN : upper.peek();
  }

  void clear() {
    lower.clear();
    upper.clear();
  }
}
