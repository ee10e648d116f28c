package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.engine.CodedAggregator;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.testing.ProjectPaths;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * start-local-cluster starts a standalone master and two workers (separate JVMs), a job runs on
 * them, and stop-local-cluster leaves no process behind.
 */
@Tag("cluster")
class LocalClusterScriptsTest {

  @TempDir Path runDir;

  @Test
  void startsRunsAJobAndStopsEverything() throws Exception {
    Path scripts = ProjectPaths.root().resolve("submit-scripts");
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    int port = 17_000 + (int) (ProcessHandle.current().pid() % 2_000);
    Process start =
        script(
            scripts.resolve("start-local-cluster"),
            classPath,
            "--workers",
            "2",
            "--memory",
            "768m",
            "--port",
            Integer.toString(port),
            "--run-dir",
            runDir.toString());
    assertTrue(start.waitFor(180, TimeUnit.SECONDS), "start-local-cluster finished");
    String out = new String(start.getInputStream().readAllBytes());
    assertEquals(0, start.exitValue(), out);
    assertTrue(out.contains("spark://127.0.0.1:" + port), out);
    List<Long> pids = new ArrayList<>();
    for (String name : List.of("master.pid", "worker-1.pid", "worker-2.pid")) {
      pids.add(Long.parseLong(Files.readString(runDir.resolve(name)).trim()));
    }
    try {
      SparkConf conf =
          new SparkConf()
              .setMaster("spark://127.0.0.1:" + port)
              .setAppName("local cluster scripts test")
              .set("spark.ui.enabled", "false")
              .set("spark.driver.host", "127.0.0.1")
              .set("spark.executor.memory", "512m")
              .set("spark.executor.extraClassPath", classPath.replace(File.pathSeparator, ":"));
      try (JavaSparkContext jsc = new JavaSparkContext(conf)) {
        List<Integer> values = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
          values.add(i);
        }
        assertEquals(5050, (int) jsc.parallelize(values, 4).reduce(Integer::sum));
        try (CodedAggregator<Integer> engine =
            CodedAggregator.create(
                jsc.parallelize(values, 4),
                AggregationStrategy.frc(1),
                EngineTestSupport.options())) {
          double[] sum =
              engine
                  .aggregate(
                      1.0,
                      (Double model, int it, int block, List<Integer> records, double[] acc) -> {
                        for (int v : records) {
                          acc[0] += model * v;
                        }
                      },
                      1)
                  .values();
          assertEquals(5050.0, sum[0], 1e-9);
        }
      }
    } finally {
      Process stop =
          script(scripts.resolve("stop-local-cluster"), classPath, "--run-dir", runDir.toString());
      assertTrue(stop.waitFor(60, TimeUnit.SECONDS));
      String stopOut = new String(stop.getInputStream().readAllBytes());
      assertEquals(0, stop.exitValue(), stopOut);
    }
    for (long pid : pids) {
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid);
    }
    Process pgrep = new ProcessBuilder("pgrep", "-f", "java.*" + runDir).start();
    pgrep.waitFor(10, TimeUnit.SECONDS);
    assertEquals("", new String(pgrep.getInputStream().readAllBytes()).trim(), "no process left");
  }

  private static Process script(Path script, String classPath, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("FLEXCODE_CLASSPATH", classPath);
    builder.environment().remove("SPARK_HOME");
    return builder.start();
  }
}
