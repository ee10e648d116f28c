package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class StalenessLedgerTest {

  private static BitSet of(int... blocks) {
    BitSet set = new BitSet();
    for (int b : blocks) {
      set.set(b);
    }
    return set;
  }

  @Test
  void aLaggingBlockGetsNoNewTaskAndIsWaitedForAtItsKthIteration() {
    StalenessLedger ledger = new StalenessLedger(4, 2, 1);
    assertEquals(of(0, 1, 2, 3), ledger.submitNew(0));
    assertTrue(ledger.mayEnd(0, of(0, 1, 2)), "one block missing, 0 iterations old");
    assertFalse(ledger.mayEnd(0, of(0, 1)), "two missing: more than b");
    for (int block : new int[] {0, 1, 2}) {
      ledger.applied(block, 0);
    }
    assertEquals(of(0, 1, 2), ledger.submitNew(1), "block 3 still runs: no new task");
    assertTrue(ledger.mayEnd(1, of(0, 1, 2)), "block 3's task is 1 < k old");
    for (int block : new int[] {0, 1, 2}) {
      ledger.applied(block, 1);
    }
    ledger.submitNew(2);
    assertFalse(ledger.mayEnd(2, of(0, 1, 2)), "block 3's task is k old: wait for it");
    assertTrue(ledger.accepts(3, 0, 2));
    assertFalse(ledger.accepts(3, 0, 3), "older than k");
    assertFalse(ledger.accepts(2, 0, 2), "block 2's task in flight is iteration 2's");
    assertTrue(ledger.mayEnd(2, of(0, 1, 3)), "block 3 arrived (stale); block 2 is fresh");
  }

  @Test
  void stalenessZeroIsBsp() {
    StalenessLedger ledger = new StalenessLedger(3, 0, 2);
    ledger.submitNew(0);
    assertFalse(ledger.mayEnd(0, of(0, 1)));
    assertTrue(ledger.mayEnd(0, of(0, 1, 2)));
  }

  @Test
  void anAbandonedTaskIsResubmitted() {
    StalenessLedger ledger = new StalenessLedger(2, 3, 1);
    ledger.submitNew(0);
    ledger.applied(0, 0);
    ledger.abandon(0);
    assertEquals(of(0, 1), ledger.submitNew(1));
    assertThrows(IllegalArgumentException.class, () -> new StalenessLedger(2, -1, 1));
  }
}
