package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.RunReport;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.ProjectPaths;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chaos on the standalone cluster of start-local-cluster (three workers, one executor JVM each): an
 * {@code frc} and a {@code bsp} gradient-descent fit of logistic regression on agaricus, each run
 * undisturbed and then with one executor JVM killed by SIGKILL after iteration 3. The disturbed
 * fits end with the undisturbed loss and coefficients (1e-9), and their records and report count
 * the lost executor.
 */
@Tag("cluster")
class ExecutorLossChaosTest {

  private static final int ITERATIONS = 8;
  private static final int KILL_AFTER = 3;
  private static final String EXECUTOR_MAIN = "CoarseGrainedExecutorBackend";

  @TempDir Path runDir;

  @Test
  void frcAndBspFinishExactlyAfterAnExecutorIsKilled() throws Exception {
    Path scripts = ProjectPaths.root().resolve("submit-scripts");
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    int port = 19_000 + (int) (ProcessHandle.current().pid() % 2_000);
    Process start =
        script(
            scripts.resolve("start-local-cluster"),
            classPath,
            "--workers",
            "3",
            "--memory",
            "768m",
            "--port",
            Integer.toString(port),
            "--run-dir",
            runDir.toString());
    assertTrue(start.waitFor(180, TimeUnit.SECONDS), "start-local-cluster finished");
    String out = new String(start.getInputStream().readAllBytes());
    assertEquals(0, start.exitValue(), out);
    try {
      SparkSession spark = session("spark://127.0.0.1:" + port, classPath);
      try {
        Dataset<Row> frame =
            spark
                .read()
                .format("libsvm")
                .load(ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString())
                .cache();
        frame.count();
        for (String strategy : List.of("frc", "bsp")) {
          checkRecovers(spark, frame, strategy);
        }
      } finally {
        spark.stop();
      }
    } finally {
      Process stop =
          script(scripts.resolve("stop-local-cluster"), classPath, "--run-dir", runDir.toString());
      assertTrue(stop.waitFor(60, TimeUnit.SECONDS), "stop-local-cluster finished");
      assertEquals(0, stop.exitValue(), new String(stop.getInputStream().readAllBytes()));
    }
  }

  /** One undisturbed and one disturbed fit of {@code strategy}, compared. */
  private void checkRecovers(SparkSession spark, Dataset<Row> frame, String strategy)
      throws Exception {
    awaitExecutors(spark, 3);
    Fit clean = fit(frame, strategy, it -> {});
    assertEquals(0, clean.executorsLost(), strategy + " undisturbed: " + clean.summary);
    awaitExecutors(spark, 3);
    List<Long> killed = new ArrayList<>();
    Fit chaos =
        fit(
            frame,
            strategy,
            it -> {
              if (it == KILL_AFTER) {
                killed.add(killOneExecutor());
              }
            });
    assertEquals(1, killed.size(), strategy + ": one executor JVM killed");
    assertEquals(ITERATIONS, chaos.losses.size(), strategy + " disturbed: every iteration ran");
    double cleanLoss = clean.losses.get(clean.losses.size() - 1);
    double chaosLoss = chaos.losses.get(chaos.losses.size() - 1);
    assertEquals(cleanLoss, chaosLoss, 1e-9, strategy + ": final loss");
    double[] a = clean.model.coefficients().toArray();
    double[] b = chaos.model.coefficients().toArray();
    for (int i = 0; i < a.length; i++) {
      assertEquals(a[i], b[i], 1e-9, strategy + ": coefficient " + i);
    }
    assertEquals(clean.model.intercept(), chaos.model.intercept(), 1e-9, strategy + ": intercept");
    int lostInRecords = chaos.records.stream().mapToInt(IterationRecord::executorsLost).sum();
    assertTrue(
        lostInRecords >= 1 && chaos.executorsLost() >= 1,
        strategy
            + " disturbed: the executor loss is in the records ("
            + lostInRecords
            + ") and the report's summary: "
            + chaos.summary);
    assertEquals(lostInRecords, chaos.executorsLost(), strategy + ": the summary totals the rows");
    System.out.printf(
        "%s: executor JVM %d killed after iteration %d; final loss %.12f (undisturbed %.12f);"
            + " disturbed summary %s%n",
        strategy, killed.get(0), KILL_AFTER, chaosLoss, cleanLoss, chaos.summary);
  }

  /** A fit of {@code strategy}; {@code afterIteration} gets each iteration's 1-based number. */
  private static Fit fit(Dataset<Row> frame, String strategy, IntConsumer afterIteration) {
    List<Double> losses = new ArrayList<>();
    List<IterationRecord> records = new ArrayList<>();
    RunReport report = new RunReport("lr", strategy, Map.of());
    FlexCodeLogisticRegression lr =
        new FlexCodeLogisticRegression()
            .setStrategy(strategy)
            .setStragglerTolerance(strategy.equals("frc") ? 1 : 0)
            .setSolver("gd")
            .setNumTasks(6)
            .setIterationListener(
                (it, loss, record) -> {
                  losses.add(loss);
                  records.add(record);
                  report.addIteration(record, loss);
                  afterIteration.accept(it + 1);
                });
    lr.setMaxIter(ITERATIONS).setTol(0.0).setRegParam(0.01);
    LogisticRegressionModel model = lr.fit(frame);
    report.summarizeIterations();
    return new Fit(model, losses, records, report.summary());
  }

  /**
   * Kills (SIGKILL) the first executor JVM found among the descendants of the workers, waits until
   * it is gone and returns its pid.
   */
  private long killOneExecutor() {
    List<ProcessHandle> executors = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      long worker;
      try {
        worker = Long.parseLong(Files.readString(runDir.resolve("worker-" + i + ".pid")).trim());
      } catch (java.io.IOException e) {
        throw new IllegalStateException("worker " + i + "'s pid file", e);
      }
      ProcessHandle.of(worker)
          .ifPresent(
              w ->
                  w.descendants()
                      .filter(p -> commandLine(p).contains(EXECUTOR_MAIN))
                      .forEach(executors::add));
    }
    assertTrue(!executors.isEmpty(), "an executor JVM under the workers");
    ProcessHandle victim = executors.get(0);
    assertTrue(victim.destroyForcibly(), "SIGKILL sent to " + victim.pid());
    try {
      victim.onExit().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("executor " + victim.pid() + " did not exit", e);
    }
    return victim.pid();
  }

  /**
   * The process's command line from /proc ({@code ProcessHandle.Info} truncates long ones, and an
   * executor's class path is long).
   */
  private static String commandLine(ProcessHandle process) {
    try {
      return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"))
          .replace('\0', ' ');
    } catch (java.io.IOException e) {
      return ""; // the process has gone
    }
  }

  /** Waits (up to 3 minutes) until {@code count} executors are registered. */
  private static void awaitExecutors(SparkSession spark, int count) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 180_000;
    while (SparkInternals.executors(spark.sparkContext()).size() < count
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(100); // executor JVMs register when they have started: polled
    }
    assertEquals(
        count,
        SparkInternals.executors(spark.sparkContext()).size(),
        "executors registered: " + SparkInternals.executors(spark.sparkContext()));
  }

  private static SparkSession session(String master, String classPath) {
    SparkSession spark =
        SparkSession.builder()
            .master(master)
            .appName("executor loss chaos test")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.executor.memory", "512m")
            .config("spark.sql.shuffle.partitions", "6")
            .config("spark.executor.extraClassPath", classPath.replace(File.pathSeparator, ":"))
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }

  private static Process script(Path script, String classPath, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("FLEXCODE_CLASSPATH", classPath);
    builder.environment().remove("SPARK_HOME");
    return builder.start();
  }

  /** A fit's model, loss history, records and report summary. */
  private record Fit(
      LogisticRegressionModel model,
      List<Double> losses,
      List<IterationRecord> records,
      Map<String, Object> summary) {

    int executorsLost() {
      return ((Number) summary.get("total_executors_lost")).intValue();
    }
  }
}
