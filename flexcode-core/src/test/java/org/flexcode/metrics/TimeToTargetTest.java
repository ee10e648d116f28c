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

  @Test
  void aRunCutOffWithinOneIterationOfTheTargetIsExtrapolatedAtItsLastPace() {
    double[] loss = {1.0, 0.9, 0.8, 0.7, 0.6};
    double[] elapsed = {100, 200, 300, 400, 500};
    assertEquals(300.0, TimeToTarget.extrapolated(loss, elapsed, 0.8), "reached: as of()");
    assertEquals(550.0, TimeToTarget.extrapolated(loss, elapsed, 0.55), 1e-9);
    assertEquals(600.0, TimeToTarget.extrapolated(loss, elapsed, 0.5), 1e-9);
    assertNull(TimeToTarget.extrapolated(loss, elapsed, 0.49), "more than one iteration short");
    assertNull(
        TimeToTarget.extrapolated(new double[] {1, 1, 1, 1, 1}, elapsed, 0.9), "no progress");
    assertNull(TimeToTarget.extrapolated(new double[] {1, 0.9}, elapsed, 0.5), "too short");
  }
}
