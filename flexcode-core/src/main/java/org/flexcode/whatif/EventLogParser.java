package org.flexcode.whatif;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON lines Spark's event logging writes (one {@code SparkListener...} event a line, the
 * first {@code SparkListenerLogStart}) into an {@link EventLog}: jobs with their description and
 * tags, stages with their call sites, tasks with executor, launch, finish and run time, executors
 * with their host and registration and removal times. Events the analysis does not need are
 * skipped. A line that is not JSON fails the reading, except the very last one, which Spark leaves
 * incomplete while the application runs: it is dropped with a warning. Spark 3.x and 4.x logs are
 * read; any other version fails.
 */
public final class EventLogParser {

  /** One file of a log (a rolling log has several), read in order. */
  public record Part(String name, Reader reader) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String source;
  private final List<String> warnings = new ArrayList<>();
  private final Map<Integer, JobState> jobs = new LinkedHashMap<>();
  private final Map<Integer, Integer> jobOfStage = new LinkedHashMap<>();
  private final Map<List<Integer>, StageState> stages = new LinkedHashMap<>();
  private final Map<String, LoggedExecutor> executors = new LinkedHashMap<>();
  private String version;

  private EventLogParser(String source) {
    this.source = source;
  }

  /** Reads a one-file log. */
  public static EventLog parse(String name, Reader reader) {
    return parse(name, List.of(new Part(name, reader)));
  }

  /**
   * Reads the parts of the log {@code source}, in order.
   *
   * @throws EventLogException when a part is not an event log, a line before the last is not JSON,
   *     or the Spark version is not 3.x or 4.x
   */
  public static EventLog parse(String source, List<Part> parts) {
    EventLogParser parser = new EventLogParser(source);
    for (int i = 0; i < parts.size(); i++) {
      parser.read(parts.get(i), i == parts.size() - 1);
    }
    if (parser.version == null) {
      throw new EventLogException(source + ": not a Spark event log (it has no event)");
    }
    return new EventLog(
        source,
        parser.version,
        parser.jobs(),
        List.copyOf(parser.executors.values()),
        parser.warnings);
  }

  private void read(Part part, boolean lastPart) {
    try (BufferedReader in = new BufferedReader(part.reader())) {
      String line = lineOf(in, part.name());
      int number = 0;
      while (line != null) {
        number++;
        String next = lineOf(in, part.name());
        if (!line.isBlank()) {
          JsonNode event = event(part.name(), number, line, lastPart && next == null);
          if (event != null) {
            accept(part.name(), number, event);
          }
        }
        line = next;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(part.name() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The next line, or null at the end; a compressed stream that ends early (Spark was still writing
   * it) ends the part with a warning.
   */
  private String lineOf(BufferedReader in, String name) throws IOException {
    try {
      return in.readLine();
    } catch (java.io.EOFException e) {
      warnings.add(
          name + ": the compressed stream ends early (still being written), read to there");
      return null;
    }
  }

  private JsonNode event(String name, int number, String line, boolean last) {
    try {
      JsonNode node = JSON.readTree(line);
      if (node != null && node.hasNonNull("Event")) {
        return node;
      }
    } catch (JsonProcessingException e) {
      if (last && version != null) {
        warnings.add(
            name
                + " line "
                + number
                + ": truncated last line (the application was still writing it), ignored");
        return null;
      }
    }
    if (version == null) {
      throw new EventLogException(
          name + ": not a Spark event log (line " + number + " is not a Spark listener event)");
    }
    throw new EventLogException(name + " line " + number + ": not a Spark listener event");
  }

  private void accept(String name, int number, JsonNode event) {
    String type = event.get("Event").asText();
    if (version == null && !type.equals("SparkListenerLogStart")) {
      throw new EventLogException(
          name + ": not a Spark event log (line " + number + " is " + type + ", not LogStart)");
    }
    switch (type) {
      case "SparkListenerLogStart" -> logStart(name, event);
      case "SparkListenerJobStart" -> jobStart(event);
      case "SparkListenerJobEnd" -> jobEnd(event);
      case "SparkListenerStageSubmitted" -> stage(event.path("Stage Info")).submitted(event);
      case "SparkListenerStageCompleted" -> stage(event.path("Stage Info")).completed(event);
      case "SparkListenerTaskEnd" -> taskEnd(event);
      case "SparkListenerExecutorAdded" -> executorAdded(event);
      case "SparkListenerExecutorRemoved" -> executorRemoved(event);
      default -> {}
    }
  }

  private void logStart(String name, JsonNode event) {
    String v = event.path("Spark Version").asText("");
    String major = v.contains(".") ? v.substring(0, v.indexOf('.')) : v;
    if (!major.equals("3") && !major.equals("4")) {
      throw new EventLogException(
          name + ": written by Spark version '" + v + "', not supported (3.x and 4.x are)");
    }
    if (version == null) {
      version = v;
    }
  }

  private void jobStart(JsonNode event) {
    int id = event.path("Job ID").asInt();
    JsonNode props = event.path("Properties");
    List<String> tags = new ArrayList<>();
    for (String tag : props.path("spark.job.tags").asText("").split(",")) {
      if (!tag.isBlank()) {
        tags.add(tag.trim());
      }
    }
    JobState job =
        new JobState(
            id,
            event.path("Submission Time").asLong(),
            props.path("spark.job.description").asText(""),
            tags);
    jobs.put(id, job);
    for (JsonNode stageId : event.path("Stage IDs")) {
      jobOfStage.put(stageId.asInt(), id);
    }
  }

  private void jobEnd(JsonNode event) {
    JobState job = jobs.get(event.path("Job ID").asInt());
    if (job != null) {
      job.endMs = event.path("Completion Time").asLong(job.submitMs);
    }
  }

  private void taskEnd(JsonNode event) {
    JsonNode info = event.path("Task Info");
    StageState stage =
        stages.computeIfAbsent(
            List.of(event.path("Stage ID").asInt(), event.path("Stage Attempt ID").asInt()),
            k -> new StageState(k.get(0), k.get(1)));
    String reason = event.path("Task End Reason").path("Reason").asText("");
    stage.tasks.add(
        new LoggedTask(
            info.path("Executor ID").asText(""),
            info.path("Partition ID").asInt(info.path("Index").asInt()),
            info.path("Attempt").asInt(),
            info.path("Launch Time").asLong(),
            info.path("Finish Time").asLong(),
            event.path("Task Metrics").path("Executor Run Time").asLong(),
            reason.equals("Success") && !info.path("Failed").asBoolean(false),
            event.path("Task Metrics").path("Input Metrics").path("Bytes Read").asLong()));
  }

  private void executorAdded(JsonNode event) {
    String id = event.path("Executor ID").asText("");
    String host = event.path("Executor Info").path("Host").asText("");
    executors.put(
        id, new LoggedExecutor(id, host, event.path("Timestamp").asLong(), Long.MAX_VALUE));
  }

  private void executorRemoved(JsonNode event) {
    LoggedExecutor e = executors.get(event.path("Executor ID").asText(""));
    if (e != null) {
      executors.put(
          e.id(),
          new LoggedExecutor(
              e.id(), e.host(), e.addedMs(), event.path("Timestamp").asLong(Long.MAX_VALUE)));
    }
  }

  private StageState stage(JsonNode info) {
    return stages.computeIfAbsent(
        List.of(info.path("Stage ID").asInt(), info.path("Stage Attempt ID").asInt()),
        k -> new StageState(k.get(0), k.get(1)));
  }

  private List<LoggedJob> jobs() {
    Map<Integer, List<LoggedStage>> byJob = new LinkedHashMap<>();
    for (StageState s : stages.values()) {
      int job = jobOfStage.getOrDefault(s.id, -1);
      byJob.computeIfAbsent(job, k -> new ArrayList<>()).add(s.toStage(job));
    }
    List<LoggedJob> out = new ArrayList<>();
    for (JobState j : jobs.values()) {
      List<LoggedStage> own = byJob.getOrDefault(j.id, List.of());
      long end = j.endMs == Long.MIN_VALUE ? lastFinish(own, j.submitMs) : j.endMs;
      out.add(new LoggedJob(j.id, j.submitMs, end, j.description, j.tags, own));
    }
    return out;
  }

  private static long lastFinish(List<LoggedStage> own, long otherwise) {
    long last = otherwise;
    for (LoggedStage s : own) {
      for (LoggedTask t : s.tasks()) {
        last = Math.max(last, t.finishMs());
      }
    }
    return last;
  }

  /** A job while the log is read. */
  private static final class JobState {
    final int id;
    final long submitMs;
    final String description;
    final List<String> tags;
    long endMs = Long.MIN_VALUE;

    JobState(int id, long submitMs, String description, List<String> tags) {
      this.id = id;
      this.submitMs = submitMs;
      this.description = description;
      this.tags = tags;
    }
  }

  /** A stage attempt while the log is read. */
  private static final class StageState {
    final int id;
    final int attempt;
    final List<LoggedTask> tasks = new ArrayList<>();
    String name = "";
    String details = "";
    int numTasks;
    long submitMs;
    long completeMs;
    long cachedBytes;

    StageState(int id, int attempt) {
      this.id = id;
      this.attempt = attempt;
    }

    void submitted(JsonNode event) {
      JsonNode info = event.path("Stage Info");
      name = info.path("Stage Name").asText("");
      details = info.path("Details").asText("");
      numTasks = info.path("Number of Tasks").asInt();
      submitMs = info.path("Submission Time").asLong();
    }

    void completed(JsonNode event) {
      JsonNode info = event.path("Stage Info");
      if (name.isEmpty()) {
        name = info.path("Stage Name").asText("");
        details = info.path("Details").asText("");
        numTasks = info.path("Number of Tasks").asInt();
      }
      submitMs = info.path("Submission Time").asLong(submitMs);
      completeMs = info.path("Completion Time").asLong();
      long bytes = 0;
      for (JsonNode rdd : info.path("RDD Info")) {
        if (rdd.path("Number of Cached Partitions").asInt() > 0) {
          bytes += rdd.path("Memory Size").asLong() + rdd.path("Disk Size").asLong();
        }
      }
      cachedBytes = bytes;
    }

    LoggedStage toStage(int job) {
      return new LoggedStage(
          id, attempt, name, details, job, numTasks, submitMs, completeMs, cachedBytes, tasks);
    }
  }
}
