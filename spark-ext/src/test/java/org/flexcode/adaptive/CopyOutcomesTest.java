package org.flexcode.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Early takeover by idle holders only while copies of running chunks win often enough. */
@Tag("unit")
class CopyOutcomesTest {

  @Test
  void takeoverPaysUntilEnoughCopiesHaveRun() {
    CopyOutcomes outcomes = new CopyOutcomes();
    assertTrue(outcomes.takeoverPays(), "no history");
    outcomes.observe(3, 0);
    assertTrue(outcomes.takeoverPays(), "3 copies are too few to judge");
    outcomes.observe(0, 0);
    assertTrue(outcomes.takeoverPays(), "an iteration without copies tells nothing");
  }

  @Test
  void copiesThatKeepLosingStopTheTakeoverAndWinningLateCopiesBringItBack() {
    CopyOutcomes outcomes = new CopyOutcomes();
    outcomes.observe(10, 2); // under a third won
    assertFalse(outcomes.takeoverPays());
    assertEquals("2 of 10 copies won over the last 1 iterations", outcomes.describe());
    outcomes.observe(2, 2); // late copies of a real straggler: 4 of 12
    assertTrue(outcomes.takeoverPays());
  }

  @Test
  void onlyTheLastWindowOfIterationsWithCopiesCounts() {
    CopyOutcomes outcomes = new CopyOutcomes();
    outcomes.observe(40, 40);
    for (int i = 0; i < CopyOutcomes.WINDOW - 1; i++) {
      outcomes.observe(4, 0);
    }
    assertTrue(outcomes.takeoverPays(), "40 of 56 won");
    outcomes.observe(4, 0); // the 40 wins leave the window
    assertFalse(outcomes.takeoverPays());
  }

  @Test
  void moreWinsThanCopiesIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> new CopyOutcomes().observe(2, 3));
  }
}
