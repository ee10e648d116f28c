package org.flexcode.monitoring;

import org.apache.spark.scheduler.SparkListenerEvent;
import org.flexcode.metrics.IterationRecord;

/**
 * One FlexCode iteration, posted to Spark's listener bus on the driver when its aggregate is ready:
 * a {@code SparkListener} receives it in {@code onOtherEvent}, and with {@code
 * spark.eventLog.enabled} it is written to the event log (as JSON of these fields) for the history
 * server. {@code workload} is the engine's label (lr, mf, lda, ...); {@code record} is the
 * iteration's {@link IterationRecord} (timings, used and cancelled tasks, decode time, residual);
 * {@code chunksMoved} counts the chunks work stealing moved in this iteration (0 for the other
 * strategies).
 */
public record FlexCodeIterationEvent(String workload, IterationRecord record, int chunksMoved)
    implements SparkListenerEvent {}
