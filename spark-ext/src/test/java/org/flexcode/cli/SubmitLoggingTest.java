package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.flexcode.testing.ProjectPaths;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The bundled submit-scripts/log4j2.properties keeps Spark's WARN lines for lost tasks (recovery is
 * visible) and hides only the stragglers FlexCode cancels (TaskKilled).
 */
@Tag("unit")
class SubmitLoggingTest {

  @Test
  void keepsLostTaskWarningsAndHidesOnlyKilledStragglers() {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    LoggerContext context = new LoggerContext("submit-logging-test");
    try {
      System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
      context.setConfigLocation(
          ProjectPaths.root().resolve("submit-scripts/log4j2.properties").toUri());
      Logger tsm = context.getLogger("org.apache.spark.scheduler.TaskSetManager");
      tsm.warn(
          "Lost task 1.0 in stage 3.0 (TID 7) (host executor 2): ExecutorLostFailure (executor 2"
              + " exited caused by one of the running tasks)");
      tsm.warn(
          "Lost task 2.0 in stage 3.0 (TID 8) (host executor 1): TaskKilled (Stage cancelled)");
      tsm.info("Starting task 3.0 in stage 3.0");
    } finally {
      context.stop();
      System.setErr(err);
    }
    String out = captured.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("ExecutorLostFailure"), out);
    assertFalse(out.contains("TaskKilled"), out);
    assertFalse(out.contains("Starting task"), out);
  }
}
