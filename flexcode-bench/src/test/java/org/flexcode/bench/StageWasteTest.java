package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.flexcode.bench.StageWaste.Attempt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Barrier waste and discarded time of a stage from its attempts' timings. */
@Tag("unit")
class StageWasteTest {

  @Test
  void oneTaskPerSlotWastesEachTasksWaitForTheLast() {
    List<Attempt> stage =
        List.of(
            new Attempt("1", 0, 100, true),
            new Attempt("1", 0, 300, true),
            new Attempt("2", 0, 250, true),
            new Attempt("2", 0, 400, true));
    assertEquals(300 + 100 + 150, StageWaste.barrierMs(stage));
    assertEquals(0, StageWaste.discardedMs(stage));
  }

  @Test
  void aSlotThatRanAnotherTaskIsIdleOnlyAfterItsLastTask() {
    // One slot on executor 1 runs two tasks in a row; executor 2's single task ends last.
    List<Attempt> stage =
        List.of(
            new Attempt("1", 0, 100, true),
            new Attempt("1", 100, 250, true),
            new Attempt("2", 0, 400, true));
    assertEquals(150, StageWaste.barrierMs(stage), "only 250 -> 400 idles, not 100 -> 400");
  }

  @Test
  void attemptsBeatenByASpeculativeCopyAreDiscarded() {
    List<Attempt> stage =
        List.of(
            new Attempt("1", 0, 100, true),
            new Attempt("2", 0, 500, false), // killed original
            new Attempt("1", 100, 300, true)); // the speculative copy that won
    assertEquals(500, StageWaste.discardedMs(stage));
    // Executor 1's slot idles 0 ms (its copy is the last success); executor 2's slot is free
    // from the kill at 500, after the stage's last success at 300.
    assertEquals(0, StageWaste.barrierMs(stage));
  }
}
