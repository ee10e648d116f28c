package org.flexcode.monitoring;

import java.util.Map;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.flexcode.metrics.IterationRecord;

/**
 * One FlexCode iteration, posted to Spark's listener bus on the driver when its aggregate is ready:
 * a {@code SparkListener} receives it in {@code onOtherEvent}, and with {@code
 * spark.eventLog.enabled} it is written to the event log (as JSON of these fields) for the history
 * server. {@code workload} is the engine's label (lr, mf, lda, ...); {@code record} is the
 * iteration's {@link IterationRecord} (timings, used and cancelled tasks, decode time, residual);
 * {@code chunksMoved} counts the chunks work stealing moved in this iteration (0 for the other
 * strategies); {@code fit} numbers the engine that ran it (one per fit, the {@code <engine>} of its
 * job tags {@code flexcode-<engine>-...}; 0 when unknown, as in event logs written before the field
 * existed); {@code cancelledOn} maps each cancelled task that had launched to the executor it ran
 * on.
 */
public record FlexCodeIterationEvent(
    String workload,
    IterationRecord record,
    int chunksMoved,
    int fit,
    Map<Integer, String> cancelledOn)
    implements SparkListenerEvent {

  /** Copies the map; a missing one (older event logs) is empty. */
  public FlexCodeIterationEvent {
    cancelledOn = cancelledOn == null ? Map.of() : Map.copyOf(cancelledOn);
  }

  /** An iteration of an unnumbered fit, with no executors known for its cancelled tasks. */
  public FlexCodeIterationEvent(String workload, IterationRecord record, int chunksMoved) {
    this(workload, record, chunksMoved, 0, Map.of());
  }
}
