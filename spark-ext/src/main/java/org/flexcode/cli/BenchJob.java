package org.flexcode.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.data.LibSvmReader;
import org.flexcode.data.Lines;
import org.flexcode.metrics.BenchListener;
import org.flexcode.metrics.BenchPlots;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.RunReport;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.workloads.CtrWorkload;
import scala.Tuple2;

/**
 * {@code flexcode-submit bench}: one workload, every strategy x straggler pattern, side by side on
 * the same cluster and data. Every row runs gradient descent (LogisticGradient, SimpleUpdater, the
 * same step, partitions and iterations): {@code mllib} is MLlib's untouched {@code
 * GradientDescent.runMiniBatchSGD} on the straggler-wrapped input; {@code mllib+speculation} the
 * same in a second application started with {@code spark.speculation=true} (speculation is read
 * when the SparkContext starts); the others are FlexCode strategies. After a warm-up (every row, 5
 * iterations, no stragglers), each pattern runs its rows in an order rotated by the pattern's
 * index. Writes a JSON report, a Markdown table and PNG plots next to it.
 */
final class BenchJob {

  static final String USAGE =
      """
      usage: flexcode-submit bench [options]

        --workload W           ctr (generated, default), lr (LIBSVM, needs --train), mf (MovieLens
                               ratings, --ratings) or lda (UCI docword, --docword)
        --train PATH           LIBSVM data for --workload lr
        --ratings PATH         mf: MovieLens ratings CSV (default datasets/ml-latest-small/ratings.csv)
        --rank K               mf: factor rank (default 10)
        --reg-param L          mf: regParam (default 0.15)
        --docword PATH         lda: UCI docword file (default datasets/uci-kos/docword.kos.txt)
        --k K                  lda: topics (default 20)
        --mini-batch-fraction F  lda: documents per iteration (default 0.05)
        --strategies LIST      comma-separated: mllib, mllib+speculation, bsp, ignore, frc, cyclic,
                               shadow, hybrid (or specs such as cyclic:s=2, shadow:m=2,f=0.05);
                               default mllib,bsp,ignore,frc,cyclic
        --pattern SPEC         a straggler pattern; repeat for several (default ideal)
        --iterations N         gradient-descent iterations per run (default 30)
        --repeats N            rounds: every row runs N times, in a rotated order each round,
                               and its figures pool the rounds' iterations (default 1)
        --partitions P         tasks (default 8)
        --rows-per-partition R ctr: records per partition (default 16000)
        --num-features N       ctr: hashing buckets (default 4096)
        --classes K            ctr: classes, 2 = binary (default 5: each task computes longer)
        --step-size E          gradient-descent step (default 1.0; mf: 0.8 of the per-row
                               Gauss-Newton step)
        --seed S               data and straggler seed (default 7)
        --report FILE          JSON report (default bench.json); .md and .png files go beside it
        --experiment NAME      shadow-quality: entropy-rich vs random shadow subsets on --train
                               (LIBSVM) for each --fractions (default 0.02,0.05,0.1,0.2): gradient
                               cosine, and final loss, --test accuracy and time to target under the
                               first --pattern (default slow-worker:p=0.2,max=2)

      Runs on --master (default local-cluster[4,1,1024]: four one-core executor JVMs).
      """;

  private static final Set<String> OPTIONS =
      Set.of(
          "workload",
          "train",
          "strategies",
          "pattern",
          "iterations",
          "repeats",
          "partitions",
          "rows-per-partition",
          "num-features",
          "classes",
          "step-size",
          "seed",
          "report",
          "child-report",
          "experiment",
          "test",
          "fractions",
          "ratings",
          "rank",
          "reg-param",
          "docword",
          "k",
          "mini-batch-fraction");
  private static final String SPECULATION = "mllib+speculation";

  /** One strategy under one pattern. */
  record Run(
      String strategy,
      String pattern,
      double[] iterationMs,
      double[] endMs,
      double[] loss,
      double taskSeconds,
      long wasteMs,
      long wallMs) {
    /** Remembers the Spark local-property tag of this run (for the listener's figures). */
    Run withTag(String tag) {
      TAGS.put(this, tag);
      return this;
    }
  }

  private BenchJob() {}

  static int run(String[] argv) throws Exception {
    if (argv.length > 0 && (argv[0].equals("--help") || argv[0].equals("-h"))) {
      System.out.print(USAGE);
      return 0;
    }
    Args args = new Args("bench", argv, 0, OPTIONS);
    String experiment = args.string("experiment", null);
    if (experiment != null && !experiment.equals("shadow-quality")) {
      throw new IllegalArgumentException(
          "--experiment must be shadow-quality, got '" + experiment + "'");
    }
    String workload = args.string("workload", "ctr").toLowerCase(Locale.ROOT);
    if (!List.of("ctr", "lr", "mf", "lda").contains(workload)) {
      throw new IllegalArgumentException(
          "--workload must be ctr, lr, mf or lda, got '" + workload + "'");
    }
    List<String> strategies =
        splitStrategies(args.string("strategies", "mllib,bsp,ignore,frc,cyclic"));
    for (String s : strategies) {
      if (workload.equals("mf") && s.startsWith("mllib")) {
        throw new IllegalArgumentException(
            "--workload mf has no mllib rows (MLlib's ALS is another algorithm); got '" + s + "'");
      }
      if (!s.startsWith("mllib")) {
        specOf(s); // fails early on a bad name
      } else if (!s.equals("mllib") && !s.equals(SPECULATION)) {
        throw new IllegalArgumentException("unknown strategy '" + s + "'");
      }
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String s : strategies) {
      if (!seen.add(s)) {
        throw new IllegalArgumentException(
            "--strategies lists '" + s + "' twice; use --repeats N to run every row N times");
      }
    }
    int repeats = args.integer("repeats", 1);
    if (repeats < 1) {
      throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
    }
    List<StragglerPattern> patterns = new ArrayList<>();
    for (String spec : args.all("pattern").isEmpty() ? List.of("ideal") : args.all("pattern")) {
      patterns.add(StragglerPattern.parse(spec));
    }
    boolean child = args.has("child-report");
    Path report = Path.of(args.string("report", "bench.json"));

    List<Run> runs = new ArrayList<>();
    if (experiment == null && !child && strategies.contains(SPECULATION)) {
      runs.addAll(runSpeculationApplication(argv, report));
    }
    List<String> rows = new ArrayList<>();
    for (String s : strategies) {
      if (child ? s.equals(SPECULATION) : !s.equals(SPECULATION)) {
        rows.add(s);
      }
    }

    SparkConf conf =
        new SparkConf()
            .setAppName(child ? "FlexCode bench (speculation)" : "FlexCode bench")
            .setIfMissing("spark.master", "local-cluster[4,1,1024]");
    if (conf.get("spark.master").startsWith("local-cluster")) {
      conf.setIfMissing("spark.executor.extraClassPath", fullClassPath());
      Files.createDirectories(Path.of(System.getenv().getOrDefault("SPARK_HOME", "."), "jars"));
    }
    Map<String, Object> sizes = new LinkedHashMap<>();
    boolean ownContext = org.apache.spark.SparkContext$.MODULE$.getActive().isEmpty();
    JavaSparkContext jsc =
        JavaSparkContext.fromSparkContext(org.apache.spark.SparkContext.getOrCreate(conf));
    try {
      if (ownContext) {
        jsc.setLogLevel("ERROR");
      }
      waitForExecutors(jsc);
      if (experiment != null) {
        return ShadowQualityExperiment.run(jsc, args, report);
      }
      BenchListener listener = new BenchListener();
      jsc.sc().addSparkListener(listener);
      int partitions = args.integer("partitions", 8);
      long seed = args.integer("seed", 7);
      sizes.put("workload", workload);
      sizes.put("partitions", partitions);
      BenchWorkloads.Workload load = workload(jsc, args, workload, partitions, seed, sizes);
      sizes.put("objective", load.objective());
      sizes.put("master", jsc.master());
      Bench bench = new Bench(jsc, listener, load, args.integer("iterations", 30), seed);
      System.out.printf("bench: %s%n", sizes);
      for (String row : rows) {
        TAGS.remove(bench.run(row, StragglerPattern.ideal(), 5)); // warm-up, not recorded
      }
      for (int round = 0; round < repeats; round++) {
        for (int pi = 0; pi < patterns.size(); pi++) {
          for (int k = 0; k < rows.size(); k++) {
            String strategy = rows.get(Math.floorMod(k + pi + round, rows.size()));
            Run run = bench.run(strategy, patterns.get(pi), bench.iterations);
            runs.add(run);
            System.out.printf(
                Locale.ROOT,
                "run %-18s %-36s %d ms, final loss %.6f%s%n",
                run.strategy(),
                run.pattern(),
                run.wallMs(),
                run.loss().length == 0 ? Double.NaN : run.loss()[run.loss().length - 1],
                repeats > 1 ? " (round " + (round + 1) + "/" + repeats + ")" : "");
          }
        }
      }
      bench.settleListener(runs);
      runs = pool(runs);
      jsc.sc().removeSparkListener(listener);
      load.close();
      if (!load.comparableLossHistory()) {
        sizes.put("time_to_target", "not comparable for this workload");
      }
    } finally {
      if (ownContext) {
        jsc.stop();
      }
    }
    if (child) {
      write(Path.of(args.required("child-report")), Map.of("runs", runs));
      return 0;
    }
    writeReports(report, sizes, runs, args.asParams(), !"lda".equals(workload));
    return 0;
  }

  /**
   * Splits a comma-separated strategy list whose specs may hold commas themselves: a {@code
   * key=value} part without a strategy name joins the spec before it ({@code
   * mllib,shadow:m=2,f=0.05,bsp} is three rows).
   */
  static List<String> splitStrategies(String list) {
    List<String> rows = new ArrayList<>();
    for (String part : list.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      if (!rows.isEmpty() && p.contains("=") && !p.contains(":")) {
        rows.set(rows.size() - 1, rows.get(rows.size() - 1) + "," + p);
      } else {
        rows.add(p);
      }
    }
    return rows;
  }

  /**
   * The engine's spec for a bench strategy name (defaults: ignore b=1, frc and cyclic s=1, shadow
   * m=1 f=0.1, hybrid s=1 m=1 f=0.1).
   */
  static String specOf(String name) {
    return switch (name) {
      case "bsp" -> "bsp";
      case "ignore" -> "ignore:b=1";
      case "frc" -> "frc:s=1";
      case "cyclic" -> "cyclic:s=1";
      case "shadow" -> "shadow:m=1,f=0.1";
      case "hybrid" -> "hybrid:s=1,m=1,f=0.1";
      default -> AggregationStrategy.parse(name).spec();
    };
  }

  /** The workload of {@code --workload}, with its sizes put into {@code sizes}. */
  private static BenchWorkloads.Workload workload(
      JavaSparkContext jsc,
      Args args,
      String workload,
      int partitions,
      long seed,
      Map<String, Object> sizes) {
    switch (workload) {
      case "mf":
        return new BenchWorkloads.MatrixFactorization(
            org.apache.spark.sql.SparkSession.builder().sparkContext(jsc.sc()).getOrCreate(),
            args.string("ratings", "datasets/ml-latest-small/ratings.csv"),
            partitions,
            args.integer("rank", 10),
            args.number("reg-param", 0.15),
            args.number("step-size", 0.8),
            seed,
            sizes);
      case "lda":
        return new BenchWorkloads.Lda(
            jsc,
            args.string("docword", "datasets/uci-kos/docword.kos.txt"),
            partitions,
            args.integer("k", 20),
            args.number("mini-batch-fraction", 0.05),
            seed,
            sizes);
      default:
        break;
    }
    int classes = workload.equals("ctr") ? args.integer("classes", 5) : 2;
    JavaRDD<LabeledPoint> points;
    int numFeatures;
    if (workload.equals("ctr")) {
      CtrWorkload.Spec spec =
          new CtrWorkload.Spec(
              partitions,
              args.integer("rows-per-partition", 16_000),
              args.integer("num-features", 4_096),
              classes,
              seed);
      points = CtrWorkload.generate(jsc, spec);
      numFeatures = spec.numFeatures();
      sizes.put("rows_per_partition", spec.rowsPerPartition());
    } else {
      String train = args.required("train");
      numFeatures = LibSvmReader.maxFeatureIndex(jsc, train, partitions);
      points = Lines.validated(LibSvmReader.read(jsc, train, numFeatures, partitions));
    }
    JavaRDD<Tuple2<Object, Vector>> data =
        points
            .map(p -> new Tuple2<>((Object) p.label(), p.features()))
            .repartition(partitions)
            .cache();
    int dimension = (classes - 1) * numFeatures;
    sizes.put("rows", data.count());
    sizes.put("num_features", numFeatures);
    sizes.put("classes", classes);
    sizes.put("model_dimension", dimension);
    return new BenchWorkloads.Logistic(data, classes, dimension, args.number("step-size", 1.0));
  }

  /** Runs of one SparkContext. */
  private static final class Bench {
    final JavaSparkContext jsc;
    final BenchListener listener;
    final BenchWorkloads.Workload workload;
    final int iterations;
    final long seed;

    Bench(
        JavaSparkContext jsc,
        BenchListener listener,
        BenchWorkloads.Workload workload,
        int iterations,
        long seed) {
      this.jsc = jsc;
      this.listener = listener;
      this.workload = workload;
      this.iterations = iterations;
      this.seed = seed;
    }

    Run run(String strategy, StragglerPattern pattern, int iterations) {
      String tag = strategy + "|" + pattern.spec() + "|" + System.nanoTime();
      StragglerInjector injector = new StragglerInjector(pattern, seed);
      jsc.setLocalProperty(BenchListener.RUN_PROPERTY, tag);
      long start = System.currentTimeMillis();
      try {
        if (strategy.startsWith("mllib")) {
          double[] loss = workload.mllib(injector, iterations);
          long wall = System.currentTimeMillis() - start;
          return new Run(strategy, pattern.spec(), null, new double[] {start}, loss, 0, 0, wall)
              .withTag(tag);
        }
        AggregatorOptions options =
            AggregatorOptions.fromConf(jsc.getConf())
                .withInjector(injector)
                .withWorkload("bench " + strategy, iterations);
        BenchWorkloads.Trace trace =
            workload.flexcode(AggregationStrategy.parse(specOf(strategy)), options, iterations);
        long wall = System.currentTimeMillis() - start;
        List<IterationRecord> records = trace.records();
        double[] ms = records.stream().mapToDouble(IterationRecord::durationMs).toArray();
        double[] end = records.stream().mapToDouble(r -> r.endMs() - start).toArray();
        long waste = records.stream().mapToLong(IterationRecord::wasteMs).sum();
        TASK_MS.put(
            tag,
            records.stream()
                .flatMap(r -> r.finished().stream())
                .mapToDouble(t -> t.durationMs() - t.injectedDelayMs())
                .average()
                .orElse(Double.NaN));
        return new Run(strategy, pattern.spec(), ms, end, trace.loss(), 0, waste, wall)
            .withTag(tag);
      } finally {
        jsc.setLocalProperty(BenchListener.RUN_PROPERTY, null);
      }
    }

    /** Fills MLlib's iteration times and every run's task-seconds once listener events arrived. */
    void settleListener(List<Run> runs) throws InterruptedException {
      Thread.sleep(1_000);
      for (int i = 0; i < runs.size(); i++) {
        Run run = runs.get(i);
        String tag = TAGS.remove(run);
        if (tag == null) {
          continue; // from the speculation application
        }
        double taskSeconds = listener.taskSeconds(tag);
        if (run.iterationMs() == null) {
          long start = (long) run.endMs()[0];
          List<BenchListener.Job> jobs = listener.jobs(tag);
          List<BenchListener.Job> iterationJobs = workload.mllibIterationJobs(jobs, iterations);
          double[] ms = iterationJobs.stream().mapToDouble(j -> j.endMs() - j.startMs()).toArray();
          double[] end = iterationJobs.stream().mapToDouble(j -> j.endMs() - start).toArray();
          runs.set(
              i,
              new Run(
                  run.strategy(),
                  run.pattern(),
                  ms,
                  end,
                  run.loss(),
                  taskSeconds,
                  0,
                  run.wallMs()));
        } else {
          Run settled =
              new Run(
                  run.strategy(),
                  run.pattern(),
                  run.iterationMs(),
                  run.endMs(),
                  run.loss(),
                  taskSeconds,
                  run.wasteMs(),
                  run.wallMs());
          TASK_MS_BY_RUN.put(settled, TASK_MS.get(tag));
          runs.set(i, settled);
        }
      }
    }
  }

  private static final Map<Run, String> TAGS = new java.util.IdentityHashMap<>();

  /** Mean task compute time (injected delay excluded) of FlexCode runs, by run tag, then by run. */
  private static final Map<String, Double> TASK_MS = new java.util.HashMap<>();

  private static final Map<Run, Double> TASK_MS_BY_RUN = new java.util.IdentityHashMap<>();

  /** Waits until the executors have registered: all of a local-cluster, or until none joins. */
  private static void waitForExecutors(JavaSparkContext jsc) throws InterruptedException {
    String master = jsc.master();
    if (master.startsWith("local[") || master.equals("local")) {
      return;
    }
    int expected = Integer.MAX_VALUE;
    if (master.startsWith("local-cluster[")) {
      expected = Integer.parseInt(master.substring("local-cluster[".length()).split(",")[0].trim());
    }
    long deadline = System.currentTimeMillis() + 120_000;
    int seen = -1;
    long stableSince = System.currentTimeMillis();
    while (System.currentTimeMillis() < deadline) {
      int now = org.flexcode.spark.SparkInternals.executors(jsc.sc()).size();
      if (now >= expected) {
        return;
      }
      if (now != seen) {
        seen = now;
        stableSince = System.currentTimeMillis();
      } else if (now > 0 && System.currentTimeMillis() - stableSince > 5_000) {
        return;
      }
      Thread.sleep(200);
    }
  }

  private static List<Run> runSpeculationApplication(String[] argv, Path report) throws Exception {
    Path childReport = Files.createTempFile("flexcode-bench-speculation", ".json");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-Dspark.") && !arg.startsWith("-agentlib")) {
        command.add(arg);
      }
    }
    SparkConf parent = new SparkConf();
    String master = parent.get("spark.master", "local-cluster[4,1,1024]");
    command.add("-Dspark.master=" + master);
    command.add("-Dspark.speculation=true");
    if (master.startsWith("local-cluster")) {
      command.add("-Dspark.executor.extraClassPath=" + fullClassPath());
    }
    command.add("-cp");
    command.add(fullClassPath());
    command.add(FlexCodeSubmit.class.getName());
    command.add("bench");
    command.addAll(Arrays.asList(argv));
    command.add("--child-report");
    command.add(childReport.toString());
    System.out.println("bench: starting the speculation application (spark.speculation=true)");
    Process process = new ProcessBuilder(command).inheritIO().start();
    int code = process.waitFor();
    if (code != 0) {
      throw new IllegalStateException("the speculation application failed with exit code " + code);
    }
    JsonNode json = new ObjectMapper().readTree(childReport.toFile());
    List<Run> runs = new ArrayList<>();
    for (JsonNode r : json.get("runs")) {
      runs.add(
          new Run(
              r.get("strategy").asText(),
              r.get("pattern").asText(),
              doubles(r.get("iterationMs")),
              doubles(r.get("endMs")),
              doubles(r.get("loss")),
              r.get("taskSeconds").asDouble(),
              r.get("wasteMs").asLong(),
              r.get("wallMs").asLong()));
    }
    Files.deleteIfExists(childReport);
    return runs;
  }

  private static double[] doubles(JsonNode array) {
    double[] values = new double[array.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = array.get(i).asDouble();
    }
    return values;
  }

  /** This JVM's class path plus the application jar (which spark-submit keeps off it). */
  static String fullClassPath() {
    String classPath = System.getProperty("java.class.path");
    try {
      String location =
          new File(FlexCodeSubmit.class.getProtectionDomain().getCodeSource().getLocation().toURI())
              .getPath();
      if (!Arrays.asList(classPath.split(File.pathSeparator)).contains(location)) {
        classPath = location + File.pathSeparator + classPath;
      }
    } catch (Exception e) {
      // keep the class path as it is
    }
    return classPath;
  }

  private static void writeReports(
      Path report,
      Map<String, Object> sizes,
      List<Run> runs,
      Map<String, Object> params,
      boolean comparableLoss)
      throws IOException {
    Map<String, Run> byKey = new LinkedHashMap<>();
    for (Run r : runs) {
      byKey.put(r.strategy() + "|" + r.pattern(), r);
    }
    Run mllibIdeal = byKey.get("mllib|ideal");
    Double target =
        !comparableLoss || mllibIdeal == null || mllibIdeal.loss().length == 0
            ? null
            : mllibIdeal.loss()[mllibIdeal.loss().length - 1];
    List<Map<String, Object>> rows = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    md.append("# FlexCode bench\n\n").append(sizes).append("\n\n");
    md.append(
            "| strategy | pattern | mean ms | p95 ms | ideal ratio | mllib ratio | task-s ratio |")
        .append(" time to target ms | final loss |\n|---|---|---|---|---|---|---|---|---|\n");
    for (Run r : runs) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("strategy", r.strategy());
      row.put("pattern", r.pattern());
      double meanMs = mean(r.iterationMs());
      row.put("mean_iteration_ms", meanMs);
      row.put("p50_iteration_ms", RunReport.percentile(r.iterationMs(), 0.50));
      row.put("p95_iteration_ms", RunReport.percentile(r.iterationMs(), 0.95));
      row.put("p99_iteration_ms", RunReport.percentile(r.iterationMs(), 0.99));
      row.put("total_waste_ms", r.wasteMs());
      row.put("final_loss", r.loss().length == 0 ? null : r.loss()[r.loss().length - 1]);
      row.put("wall_ms", r.wallMs());
      row.put("task_seconds", r.taskSeconds());
      row.put("mean_task_compute_ms", TASK_MS_BY_RUN.get(r));
      Run ideal = byKey.get(r.strategy() + "|ideal");
      Run mllib = byKey.get("mllib|" + r.pattern());
      Double idealRatio = ideal == null ? null : meanMs / mean(ideal.iterationMs());
      Double mllibRatio = mllib == null ? null : meanMs / mean(mllib.iterationMs());
      Double taskRatio =
          mllib == null || mllib.taskSeconds() == 0 ? null : r.taskSeconds() / mllib.taskSeconds();
      Double toTarget = timeToTarget(r, target);
      row.put("ideal_ratio", idealRatio);
      row.put("mllib_ratio", mllibRatio);
      row.put("extra_task_seconds_ratio", taskRatio);
      row.put("time_to_target_ms", toTarget);
      row.put("iteration_ms", r.iterationMs());
      row.put("loss", r.loss());
      rows.add(row);
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %.1f | %.1f | %s | %s | %s | %s | %s |%n",
              r.strategy(),
              r.pattern(),
              meanMs,
              RunReport.percentile(r.iterationMs(), 0.95),
              format(idealRatio),
              format(mllibRatio),
              format(taskRatio),
              toTarget == null ? "not reached" : String.format(Locale.ROOT, "%.0f", toTarget),
              r.loss().length == 0
                  ? ""
                  : String.format(Locale.ROOT, "%.6f", r.loss()[r.loss().length - 1])));
    }
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("job", "bench");
    root.put("params", params);
    root.put("workload", sizes);
    root.put("target_loss", target);
    root.put("runs", rows);
    write(report, root);
    Path markdown = sibling(report, ".md");
    Files.writeString(markdown, md.toString());
    List<Path> plots = BenchPlots.draw(report, runs.stream().map(BenchJob::plotRun).toList());
    System.out.print(md);
    System.out.println("report: " + report.toAbsolutePath());
    System.out.println("table: " + markdown.toAbsolutePath());
    plots.forEach(p -> System.out.println("plot: " + p.toAbsolutePath()));
  }

  /**
   * One run per strategy and pattern: the rounds' iteration times pooled; task-seconds, waste and
   * wall time averaged per round; the loss curve and iteration end times of the first round.
   */
  static List<Run> pool(List<Run> runs) {
    Map<String, List<Run>> byKey = new LinkedHashMap<>();
    for (Run r : runs) {
      byKey.computeIfAbsent(r.strategy() + "|" + r.pattern(), k -> new ArrayList<>()).add(r);
    }
    List<Run> pooled = new ArrayList<>();
    for (List<Run> rounds : byKey.values()) {
      if (rounds.size() == 1) {
        pooled.add(rounds.get(0));
        continue;
      }
      Run first = rounds.get(0);
      double[] ms =
          rounds.stream().flatMapToDouble(r -> java.util.Arrays.stream(r.iterationMs())).toArray();
      int n = rounds.size();
      Run run =
          new Run(
              first.strategy(),
              first.pattern(),
              ms,
              first.endMs(),
              first.loss(),
              rounds.stream().mapToDouble(Run::taskSeconds).sum() / n,
              rounds.stream().mapToLong(Run::wasteMs).sum() / n,
              rounds.stream().mapToLong(Run::wallMs).sum() / n);
      double[] taskMs =
          rounds.stream()
              .map(TASK_MS_BY_RUN::get)
              .filter(java.util.Objects::nonNull)
              .mapToDouble(Double::doubleValue)
              .toArray();
      if (taskMs.length > 0) {
        TASK_MS_BY_RUN.put(run, mean(taskMs));
      }
      pooled.add(run);
    }
    return pooled;
  }

  private static BenchPlots.Series plotRun(Run r) {
    return new BenchPlots.Series(r.strategy(), r.pattern(), r.iterationMs(), r.endMs(), r.loss());
  }

  static Path sibling(Path report, String suffix) {
    String name = report.getFileName().toString();
    String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    return report.resolveSibling(base + suffix);
  }

  /** Wall time from the run's start to the end of the first iteration whose loss reaches target. */
  private static Double timeToTarget(Run r, Double target) {
    if (target == null) {
      return null;
    }
    int n = Math.min(r.loss().length, r.endMs().length);
    for (int i = 0; i < n; i++) {
      if (r.loss()[i] <= target * (1 + 1e-9)) {
        return r.endMs()[i];
      }
    }
    return null;
  }

  private static String format(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, "%.2f", v);
  }

  private static double mean(double[] xs) {
    return xs == null || xs.length == 0
        ? Double.NaN
        : Arrays.stream(xs).average().orElse(Double.NaN);
  }

  private static void write(Path file, Object value) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), value);
  }
}
