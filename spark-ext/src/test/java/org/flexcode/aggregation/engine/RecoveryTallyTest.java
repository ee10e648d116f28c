package org.flexcode.aggregation.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Each lost executor is counted in exactly one record: the first taken after the loss, however many
 * times Spark reports it removed.
 */
@Tag("unit")
class RecoveryTallyTest {

  @Test
  void aLossBetweenIterationsCountsInTheNextRecordOnly() {
    RecoveryTally tally = new RecoveryTally();
    tally.recomputed(3, 40);
    assertEquals(new RecoveryTally.Figures(0, 0, 40), tally.take(3));
    tally.executorLost("1"); // after iteration 3's record was taken, before iteration 4 started
    tally.taskResubmitted(4);
    assertEquals(new RecoveryTally.Figures(1, 1, 0), tally.take(4));
    assertEquals(RecoveryTally.Figures.NONE, tally.take(5));
    tally.executorLost("2");
    tally.executorLost("3");
    assertEquals(2, tally.take(6).executorsLost());
    assertEquals(0, tally.take(6).executorsLost());
  }

  @Test
  void anExecutorReportedRemovedTwiceCountsOnce() {
    RecoveryTally tally = new RecoveryTally();
    tally.executorLost("4"); // decommissioned
    assertEquals(1, tally.take(0).executorsLost());
    tally.executorLost("4"); // its process exited
    tally.executorLost("5");
    assertEquals(1, tally.take(1).executorsLost());
  }
}
