package org.flexcode.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flexcode.metrics.ExecutorSlowness.Verdict;
import org.flexcode.stragglers.TaskSlot;

/**
 * Builds a fit's {@link StragglerReport} from its iteration records, one at a time. The rules:
 *
 * <ul>
 *   <li>an executor's time in an iteration is the median over its Spark tasks of the task's time
 *       per data chunk ({@code steal}'s block tasks compute several): a finished task's run time, a
 *       cancelled task's time run until the iteration ended (a lower bound);
 *   <li>it is slow in an iteration when that time is at least {@value #SLOW_FACTOR} x the median
 *       executor's and {@value #MIN_EXCESS_MS} ms more (iterations with two executors or more,
 *       after the first record added, in which executors warm up: loading classes, compiling);
 *   <li>lost: it ran no task after an iteration whose record counts lost executors; persistent:
 *       slow in at least {@value #PERSISTENT_MIN} iterations and in half of those it ran in;
 *       transient: slow in some; none otherwise.
 * </ul>
 *
 * <p>Executors are keyed as straggler patterns key them ({@link TaskSlot#of}): in local mode every
 * task runs on {@code driver}, so the task of Spark partition i ({@link TaskTiming#partition})
 * counts as executor {@code local-i}, the slot a pattern such as {@code persistent:k=1} slows.
 */
public final class StragglerTally {

  /** How many times the median executor's time makes an executor slow in an iteration. */
  public static final double SLOW_FACTOR = 1.5;

  /** How many ms above the median executor's time a slow executor's time must also be. */
  public static final long MIN_EXCESS_MS = 50;

  /** The fewest slow iterations of a persistent straggler. */
  public static final int PERSISTENT_MIN = 3;

  private final Map<String, Track> executors = new HashMap<>();
  private final Map<String, Integer> modes = new LinkedHashMap<>();
  private final List<Replay> replays = new ArrayList<>();
  private int tasksCancelled;
  private int chunksMoved;
  private int resultsLeftOut;
  private int lastLoss = -1;

  /** One executor's history over the fit. */
  private static final class Track {
    private double[] slowdowns = new double[8];
    private int compared;
    private int ran;
    private int slow;
    private int lastSeen;

    void note(int index, double slowdown, boolean isSlow) {
      lastSeen = index;
      ran++;
      if (Double.isNaN(slowdown)) {
        return;
      }
      if (compared == slowdowns.length) {
        slowdowns = Arrays.copyOf(slowdowns, 2 * compared);
      }
      slowdowns[compared++] = slowdown;
      slow += isSlow ? 1 : 0;
    }

    double medianSlowdown() {
      return SampleStats.median(Arrays.copyOf(slowdowns, compared));
    }
  }

  /**
   * One Spark task: its executor (null: a cancelled task never launched), its run time (until the
   * cancel for a cancelled one) and the data chunks it computed ({@code steal}'s block tasks
   * compute several).
   */
  private record Run(String executor, long ms, int chunks) {
    Run plusChunk(Run other) {
      return new Run(executor, ms, chunks + other.chunks);
    }

    double perChunkMs() {
      return (double) ms / chunks;
    }
  }

  /** One iteration as the bsp replay needs it: the median is of finished tasks' ms per chunk. */
  private record Replay(
      long observedMs, long maxFinishedMs, double medianPerChunkMs, List<Run> cuts) {}

  /** The report of {@code records}, in iteration order. */
  public static StragglerReport of(List<IterationRecord> records) {
    StragglerTally tally = new StragglerTally();
    records.forEach(tally::add);
    return tally.report();
  }

  /** Adds the next iteration. */
  public synchronized void add(IterationRecord record) {
    int index = replays.size();
    modes.merge(modeOf(record), 1, Integer::sum);
    tasksCancelled += record.cancelledTasks().size();
    chunksMoved += record.chunksMoved();
    resultsLeftOut += leftOut(record);
    if (record.executorsLost() > 0) {
      lastLoss = index;
    }
    Map<List<Object>, Run> finished = new LinkedHashMap<>();
    for (TaskTiming t : record.finished()) {
      List<Object> key = List.of(t.executorId(), t.partition(), t.attempt(), t.startMs());
      String executor = executorOf(t.executorId(), t.partition());
      finished.merge(key, new Run(executor, Math.max(0, t.durationMs()), 1), Run::plusChunk);
    }
    Map<Integer, CancelledTask> launched = new HashMap<>();
    record.cancelledRuns().forEach(c -> launched.put(c.task(), c));
    Map<List<Object>, Run> cut = new LinkedHashMap<>();
    for (int task : record.cancelledTasks()) {
      CancelledTask c = launched.get(task);
      if (c == null) {
        cut.put(List.of(task), new Run(null, 0, 1));
        continue;
      }
      long ran = Math.max(0, record.decodeStartMs() - c.launchMs());
      String executor = executorOf(c.executorId(), c.partition());
      cut.merge(
          List.of(c.executorId(), c.partition(), c.launchMs()),
          new Run(executor, ran, 1),
          Run::plusChunk);
    }
    Map<String, List<Double>> perChunk = new HashMap<>();
    for (Run run : finished.values()) {
      perChunk.computeIfAbsent(run.executor(), k -> new ArrayList<>()).add(run.perChunkMs());
    }
    for (Run run : cut.values()) {
      if (run.executor() != null) {
        perChunk.computeIfAbsent(run.executor(), k -> new ArrayList<>()).add(run.perChunkMs());
      }
    }
    compare(index, perChunk);
    long longest = finished.values().stream().mapToLong(Run::ms).max().orElse(0);
    double median =
        SampleStats.median(finished.values().stream().mapToDouble(Run::perChunkMs).toArray());
    replays.add(new Replay(record.durationMs(), longest, median, List.copyOf(cut.values())));
  }

  /** Notes each executor's slowdown in iteration {@code index} against the median executor. */
  private void compare(int index, Map<String, List<Double>> times) {
    Map<String, Double> own = new HashMap<>();
    times.forEach(
        (executor, ms) ->
            own.put(executor, SampleStats.median(ms.stream().mapToDouble(x -> x).toArray())));
    double median = SampleStats.median(own.values().stream().mapToDouble(x -> x).toArray());
    boolean comparable = index > 0 && own.size() >= 2 && median > 0;
    own.forEach(
        (executor, ms) -> {
          double slowdown = comparable ? ms / median : Double.NaN;
          boolean slow = comparable && slowdown >= SLOW_FACTOR && ms - median >= MIN_EXCESS_MS;
          executors.computeIfAbsent(executor, k -> new Track()).note(index, slowdown, slow);
        });
  }

  /** The report of the iterations added so far. */
  public synchronized StragglerReport report() {
    List<ExecutorSlowness> lines = new ArrayList<>();
    executors.forEach(
        (executor, track) ->
            lines.add(
                new ExecutorSlowness(
                    executor, track.ran, track.slow, track.medianSlowdown(), verdictOf(track))));
    lines.sort(
        Comparator.comparingInt((ExecutorSlowness e) -> numberOf(e.executor()))
            .thenComparing(ExecutorSlowness::executor));
    long observed = 0;
    long bsp = 0;
    int guessed = 0;
    for (Replay replay : replays) {
      long longestCut = 0;
      for (Run cut : replay.cuts()) {
        double slowdown =
            cut.executor() == null ? 1.0 : executors.get(cut.executor()).medianSlowdown();
        if (Double.isNaN(slowdown) || Double.isNaN(replay.medianPerChunkMs())) {
          guessed++;
          slowdown = Double.isNaN(slowdown) ? 0 : slowdown;
        }
        double median = Double.isNaN(replay.medianPerChunkMs()) ? 0 : replay.medianPerChunkMs();
        long estimate = Math.round(slowdown * median * cut.chunks());
        longestCut = Math.max(longestCut, Math.max(cut.ms(), estimate));
      }
      observed += replay.observedMs();
      bsp +=
          replay.observedMs()
              - replay.maxFinishedMs()
              + Math.max(replay.maxFinishedMs(), longestCut);
    }
    return new StragglerReport(
        replays.size(),
        lines,
        modes,
        tasksCancelled,
        chunksMoved,
        resultsLeftOut,
        observed,
        bsp,
        basis(guessed));
  }

  private String basis(int guessed) {
    if (tasksCancelled == 0) {
      return "nothing was cancelled, so bsp would have waited for the same tasks";
    }
    String text =
        "the run's task times replayed under bsp's rule (each iteration waits for every task):"
            + " finished tasks at their measured time, each cancelled task at the larger of the"
            + " time it had run and its executor's median slowdown x the iteration's median task"
            + " (per chunk, times the task's chunks)";
    return guessed == 0
        ? text
        : text
            + "; "
            + guessed
            + " cancelled tasks had no observed slowdown and count at the time"
            + " they had run (a lower bound)";
  }

  private Verdict verdictOf(Track track) {
    if (lastLoss >= track.lastSeen && track.lastSeen < replays.size() - 1) {
      return Verdict.LOST;
    }
    if (track.slow >= PERSISTENT_MIN && 2 * track.slow >= track.ran) {
      return Verdict.PERSISTENT;
    }
    return track.slow > 0 ? Verdict.TRANSIENT : Verdict.NONE;
  }

  /** The executor a pattern slows for Spark partition {@code partition} on executor {@code id}. */
  static String executorOf(String id, int partition) {
    return TaskSlot.of(id == null || id.isBlank() ? "unknown" : id, partition, 0, 0).executor();
  }

  private static int numberOf(String executor) {
    int number = new TaskSlot(executor, 0, 0, 0).executorNumber();
    return number < 0 ? Integer.MAX_VALUE : number;
  }

  /**
   * The mode the iteration ran: {@code auto}'s choice ({@code mode=steal; ...}), {@code
   * ignore:b=auto}'s ({@code b=2: ...} as {@code ignore:b=2}), else the strategy.
   */
  static String modeOf(IterationRecord record) {
    String choice = record.choice();
    int end = choice.indexOf(';');
    if (choice.startsWith("mode=") && end > 0) {
      return choice.substring("mode=".length(), end);
    }
    int colon = choice.indexOf(':');
    if (choice.startsWith("b=") && colon > 0) {
      return "ignore:" + choice.substring(0, colon);
    }
    return record.strategy();
  }

  /** For an inexact iteration, the tasks it ran or cancelled whose result it did not use. */
  private static int leftOut(IterationRecord record) {
    if (record.exact()) {
      return 0;
    }
    java.util.Set<Integer> tasks = new java.util.HashSet<>(record.cancelledTasks());
    record.finished().forEach(t -> tasks.add(t.task()));
    record.usedTasks().forEach(tasks::remove);
    return tasks.size();
  }
}
