package org.flexcode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class TimeToTargetTest {

  @Test
  void isTheElapsedTimeOfTheFirstIterationAtOrBelowTheTarget() {
    double[] loss = {0.9, 0.5, 0.4, 0.3};
    double[] elapsed = {100, 200, 300, 400};
    assertEquals(300.0, TimeToTarget.of(loss, elapsed, 0.4));
    assertEquals(100.0, TimeToTarget.of(loss, elapsed, 1.0));
    assertNull(TimeToTarget.of(loss, elapsed, 0.1), "never reached");
    assertNull(TimeToTarget.of(loss, new double[] {100, 200}, 0.4), "beyond the shorter array");
  }
}
