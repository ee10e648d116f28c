package org.flexcode.bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.flexcode.spark.internal.SparkInternals;

/**
 * Counts what the driver received from the tasks of jobs tagged with the local property {@link
 * #CONTENDER_PROPERTY}: the bytes of their task results and how many results arrived. The bytes are
 * each task's {@code TaskMetrics.resultSize}, which the driver sets to the size of the serialized
 * {@code DirectTaskResult} it received (or, for a result fetched from the block manager, the size
 * the executor stored): the task's value together with its accumulator updates, Spark's own metrics
 * and any accumulator the job's code adds to. Every stage of a tagged job counts: a shuffle-map
 * task's result (its map status) goes to the driver too. Bytes that reach the driver outside task
 * results (a block fetched by driver code) are not seen here.
 */
public final class ScaleListener extends SparkListener {

  /** The local property naming the contender (and measurement) a job belongs to. */
  public static final String CONTENDER_PROPERTY = "flexcode.bench.scale.contender";

  /** What the driver received from one contender's tasks. */
  public record Traffic(long resultBytes, long taskResults) {}

  private final Map<Integer, String> contenderOfStage = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> bytes = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> results = new ConcurrentHashMap<>();

  @Override
  public void onJobStart(SparkListenerJobStart start) {
    String contender =
        start.properties() == null ? null : start.properties().getProperty(CONTENDER_PROPERTY);
    if (contender == null) {
      return;
    }
    for (int stage : SparkInternals.intList(start.stageIds())) {
      contenderOfStage.put(stage, contender);
    }
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd end) {
    String contender = contenderOfStage.get(end.stageId());
    if (contender == null || !(end.reason() instanceof Success$)) {
      return;
    }
    long size = end.taskMetrics() == null ? 0 : end.taskMetrics().resultSize();
    bytes.computeIfAbsent(contender, k -> new AtomicLong()).addAndGet(size);
    results.computeIfAbsent(contender, k -> new AtomicLong()).incrementAndGet();
  }

  /** What the tasks of {@code contender}'s jobs sent the driver so far. */
  public Traffic traffic(String contender) {
    AtomicLong b = bytes.get(contender);
    AtomicLong r = results.get(contender);
    return new Traffic(b == null ? 0 : b.get(), r == null ? 0 : r.get());
  }
}
