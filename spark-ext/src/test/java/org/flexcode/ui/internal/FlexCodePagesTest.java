package org.flexcode.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.TaskTiming;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class FlexCodePagesTest {

  /**
   * Eight iterations of fit "3" on executors 0-3 (one task each, 100 ms), executor 1 four times
   * slower: waited for in the first four iterations (auto's bsp), cancelled on in the last four
   * (steal, two chunks moved each).
   */
  private static List<FitIteration> slowExecutorOne() {
    List<FitIteration> fit = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      boolean steal = i >= 4;
      List<TaskTiming> finished = new ArrayList<>();
      for (int e = 0; e < 4; e++) {
        if (!(steal && e == 1)) {
          long start = 1000L * i;
          finished.add(
              new TaskTiming(e, 0, Integer.toString(e), start, start + (e == 1 ? 400 : 100), 0, e));
        }
      }
      String choice = (steal ? "mode=steal" : "mode=bsp") + "; predicted ms per pass ...";
      IterationRecord record =
          record(
              i,
              "auto:exact=true",
              steal ? 150 : 420,
              finished,
              steal ? List.of(1) : List.of(),
              choice,
              true);
      fit.add(
          new FitIteration("3", "lr", record, steal ? 2 : 0, steal ? Map.of(1, "1") : Map.of()));
    }
    return fit;
  }

  static IterationRecord record(
      int iteration,
      String strategy,
      long ms,
      List<TaskTiming> finished,
      List<Integer> cancelled,
      String choice,
      boolean exact) {
    long submit = 10_000L * iteration;
    return IterationRecord.builder(iteration, strategy)
        .times(submit, submit + ms, submit + ms)
        .finished(finished)
        .used(finished.stream().map(TaskTiming::task).toList())
        .cancelled(cancelled)
        .ids(1, 2)
        .decoding(0.0, exact)
        .choice(choice)
        .build();
  }

  private static int count(String html, String regex) {
    Matcher m = Pattern.compile(regex).matcher(html);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  private static String rowOf(String html, String executor) {
    Matcher m =
        Pattern.compile("<tr data-executor=\"" + executor + "\" data-slow-iterations=\"(\\d+)\"")
            .matcher(html);
    assertTrue(m.find(), "no heatmap row for executor " + executor);
    return m.group(1);
  }

  @Test
  void fitsPageListsEachFitWithItsIterationsModesAndTotals() {
    List<FitIteration> all = new ArrayList<>(slowExecutorOne());
    all.add(
        new FitIteration(
            "4", "mf", record(0, "ignore:b=1", 50, List.of(), List.of(2), "", false), 0, Map.of()));
    String html = FlexCodePages.fits(all);
    assertTrue(html.contains("<tr data-fit=\"3\" data-iterations=\"8\">"), html);
    assertTrue(html.contains("<tr data-fit=\"4\" data-iterations=\"1\">"), html);
    assertTrue(html.contains("href=\"fit/?id=3\""), html);
    assertTrue(html.contains("bsp x4, steal x4"), html);
    assertTrue(html.contains("<td>0 of 1</td>"), "fit 4 is inexact: " + html);
    // fit 3: 4 x 420 + 4 x 150 ms of iterations, 4 tasks cancelled, 8 chunks moved
    assertTrue(html.contains("<td>2280 ms</td>"), html);
    assertTrue(html.contains("<td>4</td><td>8</td>"), html);
  }

  @Test
  void fitPageChartsEveryIterationColouredByAutosMode() {
    String html = FlexCodePages.fit("3", slowExecutorOne(), ExecutorVerdicts.NONE);
    assertEquals(8, count(html, "<rect class=\"fc-bar\""));
    assertEquals(4, count(html, "data-mode=\"bsp\"[^>]*fill=\"" + IterationModes.colour("bsp")));
    assertEquals(
        4, count(html, "data-mode=\"steal\"[^>]*fill=\"" + IterationModes.colour("steal")));
    assertTrue(html.contains("data-iterations=\"8\""), html);
    // The tallest bar (420 ms, a bsp iteration) spans the whole plot.
    assertTrue(html.contains("height=\"" + IterationChart.PLOT_HEIGHT + ".0\""), html);
  }

  @Test
  void heatmapNamesTheSlowExecutorAndMarksItsCancelledTasks() {
    String html = FlexCodePages.fit("3", slowExecutorOne(), ExecutorVerdicts.NONE);
    assertEquals("8", rowOf(html, "1"));
    for (String fast : List.of("0", "2", "3")) {
      assertEquals("0", rowOf(html, fast), "executor " + fast);
    }
    assertEquals(4, count(html, "✕1</td>"));
    assertTrue(
        html.contains("data-executor=\"1\" data-slow-iterations=\"8\" data-median-ratio=\"4.00\""));
    // 400 ms against a median executor of 100 ms: 4x, the full shade.
    assertTrue(html.contains("background:rgba(220,53,69,1.00)"), html);
    assertTrue(html.contains("task 1 on executor 1"), html);
    assertTrue(html.contains("moved 2 chunks"), html);
    assertTrue(html.contains("4 of 8 iterations waited for every task"), html);
    assertFalse(html.contains("<th>Verdict</th>"), "no verdict column without verdicts");
  }

  @Test
  void verdictHookAddsAColumnWithEachExecutorsVerdict() {
    ExecutorVerdicts verdicts =
        records -> {
          assertEquals(8, records.size());
          return Map.of("1", "persistent", "0", "none");
        };
    String html = FlexCodePages.fit("3", slowExecutorOne(), verdicts);
    assertTrue(html.contains("<th>Verdict</th>"), html);
    assertTrue(
        html.matches("(?s).*data-executor=\"1\".*?<td class=\"fc-verdict\">persistent</td>.*"));
  }

  @Test
  void unknownFitAndMarkupInNamesAreShownSafely() {
    String missing = FlexCodePages.fit("<9>", slowExecutorOne(), ExecutorVerdicts.NONE);
    assertTrue(missing.contains("No fit '&lt;9&gt;' in this application"), missing);
    List<FitIteration> odd =
        List.of(
            new FitIteration(
                "1",
                "<script>",
                record(0, "bsp", 10, List.of(), List.of(), "", true),
                0,
                Map.of()));
    String html = FlexCodePages.fits(odd);
    assertFalse(html.contains("<script>"), html);
    assertTrue(html.contains("&lt;script&gt;"), html);
    assertTrue(FlexCodePages.fits(List.of()).contains("No FlexCode fit"));
  }

  @Test
  void fitsWhoseFirstIterationsWereDroppedSayHowManyAreKept() {
    List<FitIteration> kept = new ArrayList<>();
    for (int i = 10; i < 15; i++) {
      kept.add(
          new FitIteration(
              "5", "lr", record(i, "bsp", 10, List.of(), List.of(), "", true), 0, Map.of()));
    }
    String html = FlexCodePages.fits(kept);
    assertTrue(html.contains("<tr data-fit=\"5\" data-iterations=\"15\">"), html);
    assertTrue(html.contains("15 (the last 5 kept)"), html);
    assertEquals(5, count(FlexCodePages.fit("5", kept, ExecutorVerdicts.NONE), "<rect class="));
  }

  @Test
  void executorsSortNumericallyAfterNamedOnes() {
    List<String> ids = new ArrayList<>(List.of("10", "2", "driver", "1"));
    ids.sort(ExecutorHeatmap::compareExecutors);
    assertEquals(List.of("driver", "1", "2", "10"), ids);
  }
}
