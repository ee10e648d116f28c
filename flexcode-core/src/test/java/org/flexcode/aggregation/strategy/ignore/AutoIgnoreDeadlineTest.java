package org.flexcode.aggregation.strategy.ignore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.adaptive.internal.BackupChooser;
import org.flexcode.adaptive.internal.TaskTimes;
import org.flexcode.aggregation.Decision;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code ignore:b=auto}'s deadline in the engine's decoder: after a healthy iteration it waits for
 * every task, but once the floor's quorum is in it ends at 1.5 x the time the quorum took, with the
 * tasks arrived by then.
 */
@Tag("unit")
class AutoIgnoreDeadlineTest {

  @Test
  void waitsPastTheQuorumUntilTheDeadlineThenEndsWithTheArrivals() throws InterruptedException {
    long[] records = {10, 10, 10, 10, 10, 10, 10, 10};
    AutoIgnore strategy = new AutoIgnore(0.75, 5);
    AutoIgnoreDecoder decoder = (AutoIgnoreDecoder) strategy.bind(GradientCode.uncoded(8), records);
    decoder.beforeIteration(0);
    assertEquals(2, decoder.b(), "no history: the most the floor allows are left out");
    decoder.afterIteration(
        new TaskTimes(new double[] {100, 100, 100, 100, 100, 100, 100, 100}, null, 10));
    decoder.beforeIteration(1);
    assertEquals(0, decoder.b(), "healthy: every task is waited for");
    List<Integer> arrivals = new ArrayList<>();
    BitSet finished = new BitSet();
    for (int task = 1; task <= 5; task++) {
      assertEquals(Optional.empty(), arrive(decoder, arrivals, finished, task));
    }
    assertEquals(
        Optional.empty(), decoder.decideOnWait(arrivals, finished), "no deadline before quorum");
    Thread.sleep(200); // time between arrivals is what the deadline is learned from
    assertEquals(Optional.empty(), arrive(decoder, arrivals, finished, 6)); // quorum: 6 of 8
    long quorumAt = System.currentTimeMillis();
    assertEquals(Optional.empty(), decoder.decideOnWait(arrivals, finished), "before the deadline");
    assertEquals(Optional.empty(), arrive(decoder, arrivals, finished, 7));
    Optional<Decision> decision = Optional.empty();
    while (decision.isEmpty() && System.currentTimeMillis() - quorumAt < 5_000) {
      Thread.sleep(5); // the engine asks the decoder on a timer too: the deadline is wall time
      decision = decoder.decideOnWait(arrivals, finished);
    }
    long waited = System.currentTimeMillis() - quorumAt;
    assertTrue(decision.isPresent(), "the deadline ends the iteration");
    assertTrue(waited >= 100 * (BackupChooser.DEADLINE_FACTOR - 1) - 5, "waited " + waited);
    assertEquals(BitSet.valueOf(new long[] {0b1111_1110}), decision.get().used());
  }

  private static Optional<Decision> arrive(
      AutoIgnoreDecoder decoder, List<Integer> arrivals, BitSet finished, int task) {
    arrivals.add(task);
    finished.set(task);
    return decoder.decide(arrivals, finished);
  }
}
