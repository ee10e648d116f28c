package org.flexcode.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/**
 * Keeps the events at {@code level} or above that a log4j2 logger (and the loggers below it)
 * receives while attached: each as "LEVEL logger: message: thrown", the thrown exception's chain
 * included. Close it to detach.
 */
public final class CapturedLog extends AbstractAppender implements AutoCloseable {

  private final Logger logger;
  private final Level level;
  private final List<String> events = new CopyOnWriteArrayList<>();

  private CapturedLog(Logger logger, Level level) {
    super("captured-" + logger.getName(), null, null, true, Property.EMPTY_ARRAY);
    this.logger = logger;
    this.level = level;
  }

  /** Starts capturing the events at {@code level} or above that {@code loggerName} receives. */
  public static CapturedLog attach(String loggerName, Level level) {
    Logger logger = (Logger) LogManager.getLogger(loggerName);
    CapturedLog captured = new CapturedLog(logger, level);
    captured.start();
    logger.addAppender(captured);
    return captured;
  }

  /** Starts capturing the events at {@code level} or above that the root logger receives. */
  public static CapturedLog attachToRoot(Level level) {
    return attach(LogManager.ROOT_LOGGER_NAME, level);
  }

  @Override
  public void append(LogEvent event) {
    if (event.getLevel().isMoreSpecificThan(level)) {
      StringBuilder line =
          new StringBuilder(event.getLevel() + " " + event.getLoggerName() + ": ")
              .append(event.getMessage().getFormattedMessage());
      for (Throwable t = event.getThrown();
          t != null;
          t = t.getCause() == t ? null : t.getCause()) {
        line.append(": ").append(t);
      }
      events.add(line.toString());
    }
  }

  /** The events captured so far. */
  public List<String> events() {
    return List.copyOf(events);
  }

  @Override
  public void close() {
    logger.removeAppender(this);
    stop();
  }
}
