package org.flexcode.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flexcode.metrics.ExecutorSlowness.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class StragglerTallyTest {

  private static final long SUBMIT = 10_000;

  /**
   * An iteration whose finished tasks ran {@code ms[task]} on {@code executors[task]}; the tasks in
   * {@code cancelled} were launched at submission and cancelled at decoding, {@code decodeAfter} ms
   * after submission.
   */
  private static IterationRecord record(
      int iteration,
      String[] executors,
      long[] ms,
      List<Integer> cancelled,
      long decodeAfter,
      boolean exact,
      String choice,
      int lost,
      int moved) {
    List<TaskTiming> finished = new ArrayList<>();
    List<Integer> used = new ArrayList<>();
    List<CancelledTask> runs = new ArrayList<>();
    for (int task = 0; task < executors.length; task++) {
      if (cancelled.contains(task)) {
        runs.add(new CancelledTask(task, executors[task], SUBMIT, task));
      } else {
        finished.add(new TaskTiming(task, 0, executors[task], SUBMIT, SUBMIT + ms[task], 0, task));
        used.add(task);
      }
    }
    return IterationRecord.builder(iteration, "steal")
        .times(SUBMIT, SUBMIT + decodeAfter, SUBMIT + decodeAfter + 5)
        .finished(finished)
        .used(used)
        .cancelled(cancelled)
        .ids(1, 2)
        .decoding(0.0, exact)
        .choice(choice)
        .recovery(lost, 0, 0)
        .cancelledRuns(runs)
        .chunksMoved(moved)
        .build();
  }

  private static IterationRecord plain(int iteration, String[] executors, long... ms) {
    long longest = java.util.Arrays.stream(ms).max().orElse(0);
    return record(iteration, executors, ms, List.of(), longest, true, "", 0, 0);
  }

  private static final String[] FOUR = {"1", "2", "3", "4"};

  @Test
  void anExecutorSlowInEveryIterationIsPersistentAndTheOthersNone() {
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 6; it++) {
      records.add(plain(it, FOUR, 400, 100, 110, 95));
    }
    StragglerReport report = StragglerTally.of(records);
    ExecutorSlowness slow = report.executor("1").orElseThrow();
    assertEquals(Verdict.PERSISTENT, slow.verdict());
    assertEquals(5, slow.slowIterations(), "the first iteration, a warm-up, is not compared");
    assertEquals(6, slow.iterations());
    // median executor: (100 + 110) / 2 = 105 ms
    assertEquals(400 / 105.0, slow.medianSlowdown(), 1e-9);
    for (String other : List.of("2", "3", "4")) {
      assertEquals(Verdict.NONE, report.executor(other).orElseThrow().verdict(), other);
    }
    assertTrue(report.anyStraggled());
    assertTrue(report.text().contains("executor 1: persistent, slow in 5 of 6"), report.text());
  }

  @Test
  void anExecutorSlowInFewIterationsIsTransient() {
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 10; it++) {
      records.add(
          it == 4 || it == 7
              ? plain(it, FOUR, 100, 100, 300, 100)
              : plain(it, FOUR, 100, 100, 100, 100));
    }
    StragglerReport report = StragglerTally.of(records);
    ExecutorSlowness three = report.executor("3").orElseThrow();
    assertEquals(Verdict.TRANSIENT, three.verdict());
    assertEquals(2, three.slowIterations());
    assertEquals(List.of(three), report.stragglers());
  }

  @Test
  void slowInHalfButFewerThanThreeIterationsIsTransient() {
    List<IterationRecord> records =
        List.of(plain(1, FOUR, 500, 100, 100, 100), plain(2, FOUR, 500, 100, 100, 100));
    assertEquals(
        Verdict.TRANSIENT, StragglerTally.of(records).executor("1").orElseThrow().verdict());
  }

  @Test
  void evenTimesSayInOneLineThatNothingStraggled() {
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 5; it++) {
      records.add(plain(it, FOUR, 100, 120, 90, 140));
    }
    StragglerReport report = StragglerTally.of(records);
    assertFalse(report.anyStraggled());
    assertTrue(report.executors().stream().allMatch(e -> e.verdict() == Verdict.NONE));
    assertFalse(report.text().contains("\n"), report.text());
    assertTrue(report.text().contains("no executor straggled"), report.text());
    assertEquals(0, report.savedMs(), "nothing cancelled: bsp waits for the same tasks");
    assertTrue(report.bspBasis().startsWith("nothing was cancelled"), report.bspBasis());
  }

  @Test
  void aSlowFirstIterationIsAWarmUpNotAStraggler() {
    List<IterationRecord> records = new ArrayList<>();
    records.add(plain(1, FOUR, 100, 100, 100, 300));
    for (int it = 2; it <= 5; it++) {
      records.add(plain(it, FOUR, 100, 100, 100, 100));
    }
    StragglerReport report = StragglerTally.of(records);
    assertFalse(report.anyStraggled(), report.text());
    assertEquals(5, report.executor("4").orElseThrow().iterations());
  }

  @Test
  void aBlockTaskIsComparedPerChunkItComputed() {
    // Partition 0's block task computes chunks 0-3 in 400 ms; partitions 4-7 one chunk in 100 ms.
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 5; it++) {
      List<TaskTiming> finished = new ArrayList<>();
      for (int chunk = 0; chunk < 4; chunk++) {
        finished.add(new TaskTiming(chunk, 0, "1", SUBMIT, SUBMIT + 400, 0, 0));
      }
      for (int task = 4; task < 8; task++) {
        String executor = Integer.toString(task / 2);
        finished.add(new TaskTiming(task, 0, executor, SUBMIT, SUBMIT + 100, 0, task));
      }
      records.add(
          IterationRecord.builder(it, "steal")
              .times(SUBMIT, SUBMIT + 400, SUBMIT + 405)
              .finished(finished)
              .used(List.of(0, 1, 2, 3, 4, 5, 6, 7))
              .ids(1, 2)
              .build());
    }
    StragglerReport report = StragglerTally.of(records);
    assertFalse(report.anyStraggled(), report.text());
    assertEquals(1.0, report.executor("1").orElseThrow().medianSlowdown(), 1e-9);
  }

  @Test
  void aRatioOnTinyTasksIsNotAStraggler() {
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 5; it++) {
      records.add(plain(it, FOUR, 60, 20, 20, 20)); // 3x, but 40 ms more: below the 50 ms floor
    }
    assertFalse(StragglerTally.of(records).anyStraggled());
  }

  @Test
  void localModeCountsEachTaskAsItsOwnSlot() {
    String[] driver = {"driver", "driver", "driver", "driver"};
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 4; it++) {
      records.add(plain(it, driver, 100, 100, 100, 400));
    }
    StragglerReport report = StragglerTally.of(records);
    assertEquals(
        List.of("local-0", "local-1", "local-2", "local-3"),
        report.executors().stream().map(ExecutorSlowness::executor).toList());
    assertEquals(Verdict.PERSISTENT, report.executor("local-3").orElseThrow().verdict());
  }

  @Test
  void anExecutorGoneAfterAnIterationThatLostExecutorsIsLost() {
    List<IterationRecord> records = new ArrayList<>();
    records.add(plain(1, FOUR, 100, 100, 100, 100));
    records.add(record(2, FOUR, new long[] {100, 100, 100, 100}, List.of(), 100, true, "", 1, 0));
    String[] three = {"1", "2", "3"};
    records.add(plain(3, three, 100, 100, 100));
    records.add(plain(4, three, 100, 100, 100));
    StragglerReport report = StragglerTally.of(records);
    assertEquals(Verdict.LOST, report.executor("4").orElseThrow().verdict());
    assertEquals(Verdict.NONE, report.executor("3").orElseThrow().verdict());
  }

  @Test
  void countsModesCancellationsMovesAndResultsLeftOut() {
    List<IterationRecord> records = new ArrayList<>();
    long[] ms = {100, 100, 100, 100};
    records.add(record(1, FOUR, ms, List.of(), 100, true, "mode=bsp; no history yet", 0, 0));
    records.add(record(2, FOUR, ms, List.of(3), 100, true, "mode=steal; keep steal", 0, 2));
    records.add(record(3, FOUR, ms, List.of(3), 100, false, "mode=ignore:b=1; switch", 0, 0));
    records.add(record(4, FOUR, ms, List.of(2, 3), 100, false, "b=2: 4000 records/s", 0, 0));
    StragglerReport report = StragglerTally.of(records);
    Map<String, Integer> modes = new LinkedHashMap<>();
    modes.put("bsp", 1);
    modes.put("steal", 1);
    modes.put("ignore:b=1", 1);
    modes.put("ignore:b=2", 1);
    assertEquals(modes, report.modes());
    assertEquals(4, report.tasksCancelled());
    assertEquals(2, report.chunksMoved());
    assertEquals(3, report.resultsLeftOut(), "only the inexact iterations' unused results");
  }

  @Test
  void replaysCancelledTasksAtTheirExecutorsSlowdownUnderBsp() {
    // Executor 4 finishes iterations 1-4 at 4x the others, then is cancelled 150 ms into each of
    // iterations 5 and 6: its median slowdown after the first iteration (4.0, 4.0, 4.0, 1.5, 1.5)
    // is 4, so bsp would have waited 4 x the median task (100 ms) for it there.
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 4; it++) {
      records.add(plain(it, FOUR, 100, 100, 100, 400));
    }
    long[] ms = {100, 100, 100, 0};
    records.add(record(5, FOUR, ms, List.of(3), 150, true, "", 0, 1));
    records.add(record(6, FOUR, ms, List.of(3), 150, true, "", 0, 1));
    StragglerReport report = StragglerTally.of(records);
    // observed: 4 x (400 + 5) + 2 x (150 + 5)
    assertEquals(4 * 405 + 2 * 155, report.observedMs());
    // bsp: the same where nothing was cancelled, else 155 - 100 + max(100, max(150, 4 x 100))
    assertEquals(4 * 405 + 2 * (155 - 100 + 400), report.bspEstimateMs());
    assertEquals(report.bspEstimateMs() - report.observedMs(), report.savedMs());
    assertTrue(report.bspBasis().contains("median slowdown"), report.bspBasis());
    assertEquals(Verdict.PERSISTENT, report.executor("4").orElseThrow().verdict());
  }

  @Test
  void jsonNamesEachExecutorsVerdictAndTheSavings() {
    List<IterationRecord> records = new ArrayList<>();
    for (int it = 1; it <= 4; it++) {
      records.add(plain(it, FOUR, 400, 100, 100, 100));
    }
    Map<String, Object> json = StragglerTally.of(records).toJson();
    assertEquals(4, json.get("iterations"));
    assertEquals(true, json.get("any_straggled"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rows = (List<Map<String, Object>>) json.get("executors");
    assertEquals("persistent", rows.get(0).get("verdict"));
    assertEquals("none", rows.get(1).get("verdict"));
    assertEquals(0L, json.get("saved_ms"));
  }

  @Test
  void anEmptyFitReportsNothing() {
    StragglerReport report = StragglerReport.empty();
    assertEquals(0, report.iterations());
    assertFalse(report.anyStraggled());
    assertTrue(report.text().contains("0 iterations"), report.text());
  }
}
