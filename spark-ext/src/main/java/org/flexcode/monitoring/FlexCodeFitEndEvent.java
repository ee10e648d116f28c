package org.flexcode.monitoring;

import org.apache.spark.scheduler.SparkListenerEvent;
import org.flexcode.metrics.StragglerReport;

/**
 * The end of a FlexCode fit, posted to Spark's listener bus on the driver after its last iteration:
 * a {@code SparkListener} receives it in {@code onOtherEvent}, and with {@code
 * spark.eventLog.enabled} it is written to the event log (as JSON of these fields). {@code
 * workload} is the engine's label (lr, mf, lda, ...); {@code report} is the fit's {@link
 * StragglerReport}: which executors straggled and what FlexCode did about it.
 */
public record FlexCodeFitEndEvent(String workload, StragglerReport report)
    implements SparkListenerEvent {}
