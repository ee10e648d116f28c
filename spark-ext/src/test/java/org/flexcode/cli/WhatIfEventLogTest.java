package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.ml.FlexCodeLogisticRegression;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkConfs;
import org.flexcode.testing.SparkExtension;
import org.flexcode.whatif.EventLog;
import org.flexcode.whatif.Fit;
import org.flexcode.whatif.FitAnalysis;
import org.flexcode.whatif.WhatIf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Reads the event log the running Spark (3.5 in the default build, 4.1 with -Pspark-4) writes for a
 * spark.ml {@code LogisticRegression} fit and a {@code FlexCodeLogisticRegression} fit.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
@SparkConfs({"spark.eventLog.enabled=true", "spark.eventLog.dir=target"})
class WhatIfEventLogTest {

  private static final int MAX_ITER = 8;

  private static EventLog log;
  private static Path file;
  private static String sparkVersion;

  @BeforeAll
  static void fitTwice(SparkSession spark) throws IOException {
    sparkVersion = spark.version();
    Dataset<Row> data =
        spark
            .read()
            .format("libsvm")
            .load(ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString())
            .repartition(4)
            .cache();
    new LogisticRegression().setMaxIter(MAX_ITER).setTol(0).fit(data);
    FlexCodeLogisticRegression flexcode = new FlexCodeLogisticRegression().setStrategy("bsp");
    flexcode.setMaxIter(MAX_ITER).setTol(0);
    flexcode.fit(data);
    String app = spark.sparkContext().applicationId();
    try (Stream<Path> listed = Files.list(Path.of("target"))) {
      // Spark 3.5 writes one file, <app>.inprogress; Spark 4 a rolling log, eventlog_v2_<app>/.
      file = listed.filter(p -> p.getFileName().toString().contains(app)).findFirst().get();
    }
    log = EventLogFiles.read(file.toString());
  }

  @Test
  void readsTheRunningSparksVersionAndItsJobs() {
    assertEquals(sparkVersion, log.sparkVersion());
    assertTrue(log.jobs().size() > 2 * MAX_ITER, "jobs: " + log.jobs().size());
  }

  @Test
  void findsSparksLbfgsIterationsAsOneFitOfRddLossFunction() {
    List<Fit> fits = fitsLabelled("RDDLossFunction");
    assertEquals(1, fits.size(), "fits: " + labels());
    int iterations = fits.get(0).iterations().size();
    assertTrue(iterations >= MAX_ITER && iterations <= 4 * MAX_ITER, "iterations " + iterations);
  }

  @Test
  void findsTheFlexCodeFitByItsEngineTags() {
    List<Fit> fits = fitsLabelled("FlexCode");
    assertEquals(1, fits.size(), "fits: " + labels());
    int iterations = fits.get(0).iterations().size();
    assertTrue(iterations >= MAX_ITER && iterations <= 4 * MAX_ITER, "iterations " + iterations);
    assertEquals(4, fits.get(0).iterations().get(0).stage().tasks().size());
  }

  @Test
  void predictsEveryStrategyAndReplaysTheLoggedIterations() {
    // how close the replay comes is checked on logs with known task times (WhatIfTest): a short
    // local fit's iterations last tens of ms, most of it driver time the machine's load decides
    for (FitAnalysis a : WhatIf.analyse(log)) {
      assertEquals(WhatIf.STRATEGIES.size(), a.predictions().size());
      assertTrue(a.prediction("bsp").predicted(), a.prediction("bsp").note());
      assertTrue(a.replayedMeanMs() > 0 && Double.isFinite(a.replayedMeanMs()), a.fit().label());
    }
  }

  @Test
  void theCommandPrintsEachFitAndExitsZero() {
    int code =
        FlexCodeSubmit.run(new String[] {"whatif", "--event-log", file.toString(), "--fit", "1"});
    assertEquals(0, code);
  }

  private static List<Fit> fitsLabelled(String part) {
    return WhatIf.analyse(log).stream()
        .map(FitAnalysis::fit)
        .filter(f -> f.label().contains(part))
        .toList();
  }

  private static List<String> labels() {
    return WhatIf.analyse(log).stream().map(a -> a.fit().label()).toList();
  }
}
