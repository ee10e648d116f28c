package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.SimpleMessage;
import org.flexcode.testing.ProjectPaths;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The bundled submit-scripts/log4j2.properties keeps Spark's WARN lines for lost tasks (recovery is
 * visible) and hides only the stragglers FlexCode cancels (TaskKilled).
 */
@Tag("unit")
class SubmitLoggingTest {

  private static final String TSM = "org.apache.spark.scheduler.TaskSetManager";

  @Test
  void keepsLostTaskWarningsAndHidesOnlyKilledStragglers() {
    LoggerContext context = new LoggerContext("submit-logging-test");
    try {
      context.setConfigLocation(
          ProjectPaths.root().resolve("submit-scripts/log4j2.properties").toUri());
      LoggerConfig config = context.getConfiguration().getLoggerConfig(TSM);
      assertEquals(TSM, config.getName());
      assertEquals(Level.WARN, config.getLevel());
      assertFalse(
          config.isFiltered(
              warn(
                  "Lost task 1.0 in stage 3.0 (TID 7) (host executor 2): ExecutorLostFailure"
                      + " (executor 2 exited caused by one of the running tasks)")));
      assertTrue(
          config.isFiltered(
              warn(
                  "Lost task 2.0 in stage 3.0 (TID 8) (host executor 1): TaskKilled (cancelled)")));
    } finally {
      context.stop();
    }
  }

  @Test
  void dropsSparksCopiesOfADataErrorWithTheirStackTrace() {
    LoggerContext context = new LoggerContext("submit-logging-data-test");
    try {
      context.setConfigLocation(
          ProjectPaths.root().resolve("submit-scripts/log4j2.properties").toUri());
      LoggerConfig config = context.getConfiguration().getLoggerConfig(TSM);
      assertTrue(
          config.isFiltered(
              warn(
                  "Lost task 0.0 in stage 4.0 (TID 4) (host executor driver):"
                      + " org.flexcode.data.DataFormatException: bad.libsvm:3: token 1 '4:oops'"
                      + " is not index:value\n\tat org.flexcode.data.LibSvmReader.parse("
                      + "LibSvmReader.java:66)\n\tat org.apache.spark.rdd.RDD.iterator")));
      assertFalse(
          config.isFiltered(
              warn(
                  "Lost task 0.0 in stage 4.0 (TID 4) (host executor 1):"
                      + " java.lang.IllegalStateException: a bug\n\tat x.y(Z.java:1)")));
      LoggerConfig executor =
          context.getConfiguration().getLoggerConfig("org.apache.spark.executor.Executor");
      assertEquals(Level.OFF, executor.getLevel());
    } finally {
      context.stop();
    }
  }

  private static LogEvent warn(String text) {
    return Log4jLogEvent.newBuilder()
        .setLoggerName(TSM)
        .setLevel(Level.WARN)
        .setMessage(new SimpleMessage(text))
        .build();
  }
}
