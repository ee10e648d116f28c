package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class DataShareTest {

  private static IterationRecord record(
      boolean exact, List<Integer> finished, List<Integer> used, List<Integer> cancelled) {
    List<TaskTiming> timings =
        finished.stream().map(t -> new TaskTiming(t, 0, "1", 0, 100, 0, t)).toList();
    return IterationRecord.builder(0, "ignore")
        .times(0, 100, 100)
        .finished(timings)
        .used(used)
        .cancelled(cancelled)
        .ids(1, 2)
        .decoding(0.0, exact)
        .build();
  }

  @Test
  void anApproximateIterationAggregatesTheTasksItUsedOutOfAllItLaunched() {
    // ignore:b=2 over 8 tasks: 6 used, 1 finished too late to be used, 1 cancelled
    IterationRecord ignored =
        record(false, List.of(0, 1, 2, 3, 4, 5, 6), List.of(0, 1, 2, 3, 4, 5), List.of(7));
    assertEquals(0.75, DataShare.of(ignored), 1e-12);
    // an exact iteration aggregated all the data, whichever tasks its decode used
    assertEquals(1.0, DataShare.of(record(true, List.of(0, 1, 2), List.of(0, 2), List.of(3))));
  }

  @Test
  void labelsAChoiceByItsTextUpToTheReason() {
    assertEquals("b=2", DataShare.label("b=2: 41667 records/s predicted (b=0 1; b <= 4 keeps)"));
    assertEquals("mode=ignore:b=1", DataShare.label("mode=ignore:b=1; keep ignore: no mode"));
    assertEquals("", DataShare.label(""));
    assertEquals(Map.of("b=0", 1, "b=2", 2), DataShare.counts(List.of("b=2", "b=0", "b=2", "")));
  }

  @Test
  void theGradientSpreadIsTheMedianAutosChoicesReport() {
    String reason =
        "mode=ignore:b=4; keep ignore; ignore:b=4 705 (progress 0.975 by the gradients'";
    assertEquals(
        0.2,
        DataShare.gradientSpread(
            List.of(
                "mode=bsp; no history yet",
                reason + " spread rho=0.1)",
                reason + " spread rho=0.2)",
                reason + " spread rho=0.4)")),
        1e-12);
    assertTrue(Double.isNaN(DataShare.gradientSpread(List.of("b=2: 41667 records/s"))));
  }
}
