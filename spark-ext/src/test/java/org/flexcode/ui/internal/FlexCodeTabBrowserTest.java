package org.flexcode.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.deploy.history.LocalHistoryServer;
import org.apache.spark.ml.feature.LabeledPoint;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.data.LibSvmReader;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.ml.FlexCodeLogisticRegression;
import org.flexcode.testing.HeadlessChromium;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The FlexCode tab in a real browser: a fit on three executor JVMs with executor 0 four times
 * slower ({@code persistent:k=1,factor=4}), its pages loaded in headless Chromium from the live
 * Spark UI and, after the application ends, from a History Server replaying its event log. Both
 * show the fit with as many iterations as the fit's records, and name executor 0 as the slow one.
 * The test starts its own SparkContext (UI on, event log on) because it stops it half way.
 * Screenshots go to {@code target/ui-screenshots/}.
 */
@Tag("ui")
@Tag("cluster")
class FlexCodeTabBrowserTest {

  private static final Path SCREENSHOTS = Path.of("target", "ui-screenshots");
  private static final Pattern FIT_ROW =
      Pattern.compile("<tr data-fit=\"([^\"]+)\" data-iterations=\"(\\d+)\">");
  private static final Pattern EXECUTOR_ROW =
      Pattern.compile(
          "<tr data-executor=\"([^\"]+)\" data-slow-iterations=\"(\\d+)\" data-median-ratio=\"([^\"]+)\">");

  @Test
  void liveUiAndHistoryServerShowTheFitAndItsSlowExecutor(@TempDir Path dir) throws Exception {
    Path eventLogs = Files.createDirectories(dir.resolve("events"));
    HeadlessChromium chromium =
        new HeadlessChromium(Files.createDirectories(dir.resolve("chromium")));
    SparkConf conf =
        SparkExtension.conf("local-cluster[3,1,1024]", "FlexCodeTabBrowserTest")
            .set("spark.ui.enabled", "true")
            .set("spark.ui.port", "0")
            .set("spark.eventLog.enabled", "true")
            .set("spark.eventLog.dir", eventLogs.toUri().toString())
            .set("spark.flexcode.stragglers", "persistent:k=1,factor=4")
            .set("spark.flexcode.compute", "emulated:block-ms=150")
            .set("spark.locality.wait", "3s");
    JavaSparkContext jsc = new JavaSparkContext(conf);
    String appId = jsc.sc().applicationId();
    List<IterationRecord> records;
    try {
      jsc.setLogLevel("WARN");
      records = fit(jsc);
      jsc.sc().listenerBus().waitUntilEmpty();
      String ui = jsc.sc().uiWebUrl().get();
      checkPages(chromium, ui + "/flexcode/", records, "live");
    } finally {
      jsc.stop();
    }
    try (LocalHistoryServer history = new LocalHistoryServer(eventLogs.toUri().toString())) {
      awaitListed(history.url(), appId);
      checkPages(chromium, history.url() + "/history/" + appId + "/flexcode/", records, "history");
    }
  }

  private static List<IterationRecord> fit(JavaSparkContext jsc) {
    SparkSession spark = SparkSession.builder().config(jsc.getConf()).getOrCreate();
    String path = ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString();
    Dataset<Row> data =
        spark.createDataFrame(
            LibSvmReader.read(jsc, path, 126, 3)
                .map(p -> new LabeledPoint(p.label(), p.features().asML())),
            LabeledPoint.class);
    FlexCodeLogisticRegression lr = new FlexCodeLogisticRegression().setStrategy("auto:exact=true");
    lr.setMaxIter(8).setTol(0).setRegParam(0.01);
    lr.fit(data);
    List<IterationRecord> records = lr.lastTrainingReport();
    assertTrue(records.size() >= 8, "the fit ran " + records.size() + " iterations");
    return records;
  }

  /** The fits page lists the fit; its page charts every record and names executor 0 slow. */
  private static void checkPages(
      HeadlessChromium chromium, String tab, List<IterationRecord> records, String name)
      throws Exception {
    String fits = chromium.dom(tab);
    Matcher fitRow = FIT_ROW.matcher(fits);
    assertTrue(fitRow.find(), name + ": no fit listed in\n" + fits);
    assertEquals(records.size(), Integer.parseInt(fitRow.group(2)), name + ": iterations listed");
    assertTrue(fits.contains(">FlexCode</a>"), name + ": no FlexCode tab in the navigation bar");
    chromium.screenshot(tab, SCREENSHOTS.resolve(name + "-fits.png"));

    String fitPage = tab + "fit/?id=" + fitRow.group(1);
    String fit = chromium.dom(fitPage);
    assertEquals(
        records.size(),
        Pattern.compile("<rect class=\"fc-bar\"").matcher(fit).results().count(),
        name + ": bars in the chart");
    Map<String, Integer> slow = new HashMap<>();
    Map<String, Double> ratio = new HashMap<>();
    Matcher row = EXECUTOR_ROW.matcher(fit);
    while (row.find()) {
      slow.put(row.group(1), Integer.parseInt(row.group(2)));
      ratio.put(row.group(1), Double.parseDouble(row.group(3)));
    }
    assertEquals(List.of("0", "1", "2"), slow.keySet().stream().sorted().toList(), name);
    // Executor 0 is the slow one: slow in the most iterations (a third at least: real compute adds
    // noise to the emulated 4x) and its median ratio at least the slow ratio, the others' below it.
    // The others may count slow iterations too: a copy cancelled on them counts, as auto moves the
    // slowed executor's chunks.
    int shown = Math.min(records.size(), ExecutorHeatmap.MAX_COLUMNS);
    String seen = name + ": slow iterations " + slow + ", median ratios " + ratio;
    assertTrue(slow.get("0") >= shown / 3, seen);
    assertTrue(slow.get("0") >= slow.get("1") && slow.get("0") >= slow.get("2"), seen);
    assertTrue(ratio.get("0") >= ExecutorHeatmap.SLOW_RATIO, seen);
    assertTrue(
        ratio.get("1") < ExecutorHeatmap.SLOW_RATIO && ratio.get("2") < ExecutorHeatmap.SLOW_RATIO,
        seen);
    chromium.screenshot(fitPage, SCREENSHOTS.resolve(name + "-fit.png"));
  }

  /** Waits until the History Server lists {@code appId} (it scans the folder every second). */
  private static void awaitListed(String server, String appId) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server + "/api/v1/applications")).build();
    long deadline = System.currentTimeMillis() + 60_000;
    String body = "";
    while (System.currentTimeMillis() < deadline) {
      body = client.send(request, HttpResponse.BodyHandlers.ofString()).body();
      if (body.contains(appId)) {
        return;
      }
      Thread.sleep(250); // the History Server rescans its log folder on its own clock, no hook
    }
    throw new AssertionError("the History Server did not list " + appId + ": " + body);
  }
}
