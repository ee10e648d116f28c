package org.flexcode.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.LibSvmReader;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.ml.FlexCodeLogisticRegression;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class IterationMonitorTest {

  /** Collects FlexCode's iteration events from the listener bus. */
  static final class Events extends SparkListener {
    final List<FlexCodeIterationEvent> seen = new CopyOnWriteArrayList<>();

    @Override
    public void onOtherEvent(SparkListenerEvent event) {
      if (event instanceof FlexCodeIterationEvent e) {
        seen.add(e);
      }
    }
  }

  private static Dataset<Row> agaricus(JavaSparkContext jsc, SparkSession spark) {
    String path = ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString();
    return spark.createDataFrame(
        LibSvmReader.read(jsc, path, 126, 4)
            .map(p -> new LabeledPoint(p.label(), p.features().asML())),
        LabeledPoint.class);
  }

  @Test
  void postsOneEventPerIterationAndCountsMatchTheTrainingReport(
      JavaSparkContext jsc, SparkSession spark) throws TimeoutException, java.io.IOException {
    Events events = new Events();
    jsc.sc().addSparkListener(events);
    FlexCodeMetricsSource metrics = IterationMonitor.metrics(jsc.sc());
    long iterationsBefore = metrics.iterations();
    long cancelledBefore = metrics.tasksCancelled();
    long decodeBefore = metrics.decodeNanos();
    long movedBefore = metrics.chunksMoved();
    FlexCodeLogisticRegression lr =
        new FlexCodeLogisticRegression().setStrategy("ignore").setIgnoreCount(1);
    lr.setMaxIter(15).setRegParam(0.01);
    lr.fit(agaricus(jsc, spark));
    jsc.sc().listenerBus().waitUntilEmpty();
    jsc.sc().removeSparkListener(events);

    List<IterationRecord> report = lr.lastTrainingReport();
    assertFalse(report.isEmpty(), "the fit recorded no iteration");
    assertEquals(report, events.seen.stream().map(FlexCodeIterationEvent::record).toList());
    events.seen.forEach(e -> assertEquals("lr", e.workload()));
    events.seen.forEach(e -> assertEquals(0, e.chunksMoved()));
    int fit = events.seen.get(0).fit();
    assertTrue(fit > 0, "the events carry their engine's number, got " + fit);
    events.seen.forEach(e -> assertEquals(fit, e.fit()));
    for (FlexCodeIterationEvent e : events.seen) {
      assertTrue(e.record().cancelledTasks().containsAll(e.cancelledOn().keySet()), e.toString());
      e.cancelledOn().values().forEach(executor -> assertEquals("driver", executor));
    }
    // The event log writes events as JSON with Jackson, as here.
    JsonNode json =
        new ObjectMapper().readTree(new ObjectMapper().writeValueAsString(events.seen.get(0)));
    assertEquals("lr", json.get("workload").asText());
    assertEquals(report.get(0).usedTasks().size(), json.get("record").get("usedTasks").size());

    assertEquals(report.size(), metrics.iterations() - iterationsBefore);
    assertEquals(
        report.stream().mapToLong(r -> r.cancelledTasks().size()).sum(),
        metrics.tasksCancelled() - cancelledBefore);
    assertEquals(
        report.stream().mapToLong(IterationRecord::decodeNanos).sum(),
        metrics.decodeNanos() - decodeBefore);
    assertEquals(0, metrics.chunksMoved() - movedBefore);
    assertEquals(
        metrics.iterations(), metrics.metricRegistry().getCounters().get("iterations").getCount());
    assertEquals(
        1, jsc.sc().env().metricsSystem().getSourcesByName(FlexCodeMetricsSource.NAME).size());
  }
}
