package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Test;

class AggregationStrategyTest {

  @Test
  void parsesEverySpecAndRoundTrips() {
    for (String spec : List.of("bsp", "ignore:b=2", "frc:s=1", "cyclic:s=3")) {
      assertEquals(spec, AggregationStrategy.parse(spec).spec());
    }
    assertEquals("cyclic:s=1", AggregationStrategy.parse(" CYCLIC ").spec());
  }

  @Test
  void rejectsBadSpecsNamingThem() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("fast"));
    assertTrue(unknown.getMessage().contains("unknown strategy 'fast'"), unknown.getMessage());
    IllegalArgumentException badInt =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("frc:s=x"));
    assertTrue(badInt.getMessage().contains("s must be an integer, got 'x'"), badInt.getMessage());
    IllegalArgumentException badKey =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("ignore:s=1"));
    assertTrue(badKey.getMessage().contains("expected parameter 'b=<int>'"), badKey.getMessage());
    assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.ignore(-1));
    assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.ignore(4).code(4));
  }

  @Test
  void ignoreUsesTheFastestTasksAndRescalesByRecords() {
    AggregationStrategy ignore = AggregationStrategy.ignore(1);
    GradientCode code = ignore.code(4);
    long[] records = {10, 10, 20, 40};
    BitSet finished = new BitSet();
    finished.set(3);
    finished.set(0);
    assertTrue(ignore.decide(code, List.of(3, 0), finished, records).isEmpty());
    finished.set(2);
    Decision d = ignore.decide(code, List.of(3, 0, 2), finished, records).orElseThrow();
    assertEquals(finished, d.used());
    assertEquals(80.0 / 70.0, d.weights()[0], 1e-15);
    assertEquals(0.0, d.weights()[1]);
    assertFalse(d.exact());
  }

  @Test
  void codedStrategiesDecideExactlyWhenTheCodeDecodes() {
    AggregationStrategy frc = AggregationStrategy.frc(1);
    GradientCode code = frc.code(4);
    BitSet finished = new BitSet();
    finished.set(1);
    assertTrue(frc.decide(code, List.of(1), finished, new long[4]).isEmpty());
    finished.set(2);
    Decision d = frc.decide(code, List.of(1, 2), finished, new long[4]).orElseThrow();
    assertTrue(d.exact());
    assertEquals(finished, d.used());
  }
}
