package org.flexcode.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class EventLogParserTest {

  @Test
  void readsJobsStagesAndTasksWithTheirExecutorsAndTimes() {
    EventLog log =
        new SyntheticEventLog("3.5.7")
            .iterations(2, 2, 4, SyntheticEventLog.SITE, (k, i) -> 100 + i)
            .parse("app.log");
    assertEquals("3.5.7", log.sparkVersion());
    assertEquals(2, log.jobs().size());
    LoggedStage stage = log.jobs().get(1).stages().get(0);
    assertEquals(SyntheticEventLog.SITE, stage.name());
    assertEquals(4, stage.tasks().size());
    LoggedTask third = stage.tasks().get(2);
    assertEquals("0", third.executor());
    assertEquals(102, third.runMs());
    assertEquals(2, third.launchCostMs());
    assertEquals(4000, stage.cachedBytes());
    assertTrue(log.warnings().isEmpty());
  }

  @Test
  void rejectsAFileThatIsNotAnEventLogNamingIt() {
    EventLogException e =
        assertThrows(
            EventLogException.class,
            () -> EventLogParser.parse("notes.txt", new StringReader("hello\nworld\n")));
    assertEquals(
        "notes.txt: not a Spark event log (line 1 is not a Spark listener event)", e.getMessage());
  }

  @Test
  void rejectsJsonWhoseFirstEventIsNotTheLogStart() {
    EventLogException e =
        assertThrows(
            EventLogException.class,
            () ->
                EventLogParser.parse(
                    "other.json", new StringReader("{\"Event\":\"SparkListenerJobStart\"}\n")));
    assertTrue(e.getMessage().startsWith("other.json: not a Spark event log (line 1 is"));
  }

  @Test
  void warnsOfATruncatedLastLineAndKeepsTheRest() {
    SyntheticEventLog synthetic =
        new SyntheticEventLog("3.5.7")
            .iterations(3, 2, 4, SyntheticEventLog.SITE, (k, i) -> 100)
            .raw("{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":3,\"Task In");
    EventLog log = synthetic.parse("running.inprogress");
    assertEquals(3, log.jobs().size());
    int lastLine = synthetic.text().split("\n").length;
    assertEquals(
        List.of(
            "running.inprogress line "
                + lastLine
                + ": truncated last line (the application was still writing it), ignored"),
        log.warnings());
  }

  @Test
  void rejectsABrokenLineBeforeTheLastNamingFileAndLine() {
    String text =
        new SyntheticEventLog("3.5.7")
            .raw("{broken")
            .iterations(1, 2, 2, SyntheticEventLog.SITE, (k, i) -> 100)
            .text();
    EventLogException e =
        assertThrows(
            EventLogException.class, () -> EventLogParser.parse("app.log", new StringReader(text)));
    assertEquals("app.log line 2: not a Spark listener event", e.getMessage());
  }

  @Test
  void rejectsAnUnknownSparkVersionNamingIt() {
    EventLogException e =
        assertThrows(
            EventLogException.class, () -> new SyntheticEventLog("2.4.8").parse("old.log"));
    assertEquals(
        "old.log: written by Spark version '2.4.8', not supported (3.x and 4.x are)",
        e.getMessage());
  }

  @Test
  void rejectsAnApplicationWithNoIterativeStages() {
    EventLog log = new SyntheticEventLog("4.1.0").otherJob().otherJob().parse("etl.log");
    EventLogException e = assertThrows(EventLogException.class, () -> FitFinder.fits(log));
    assertEquals(
        "etl.log: no training iterations (no FlexCode aggregation and no treeAggregate of"
            + " RDDLossFunction, GradientDescent, LBFGS, LDAOptimizer among its 2 jobs)",
        e.getMessage());
  }
}
