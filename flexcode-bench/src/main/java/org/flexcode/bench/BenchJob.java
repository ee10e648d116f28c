package org.flexcode.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.cli.Args;
import org.flexcode.spark.SparkInternals;
import org.flexcode.stragglers.StragglerPattern;

/**
 * {@code flexcode-submit bench}: one workload, every strategy x straggler pattern, side by side on
 * the same cluster and data. Every row runs gradient descent (LogisticGradient, SimpleUpdater, the
 * same step, partitions and iterations): {@code mllib} is MLlib's untouched {@code
 * GradientDescent.runMiniBatchSGD} on the straggler-wrapped input; {@code mllib+speculation} the
 * same in a second application started with {@code spark.speculation=true} ({@link
 * SpeculationApplication}); the others are FlexCode strategies. After a warm-up (every row, 5
 * iterations, no stragglers), each pattern runs its rows in an order rotated by the pattern's index
 * ({@link BenchRunner}). Writes a JSON report, a Markdown table and PNG plots next to it ({@link
 * BenchReport}).
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

  private BenchJob() {}

  /** Runs the bench on its options; returns the exit code. */
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
    List<String> strategies = strategies(args, workload);
    int repeats = args.integer("repeats", 1);
    if (repeats < 1) {
      throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
    }
    List<StragglerPattern> patterns = new ArrayList<>();
    for (String spec : args.all("pattern").isEmpty() ? List.of("ideal") : args.all("pattern")) {
      patterns.add(StragglerPattern.parse(spec));
    }
    boolean child = args.has(SpeculationApplication.CHILD_REPORT);
    List<Run> runs = new ArrayList<>();
    if (experiment == null && !child && strategies.contains(SPECULATION)) {
      runs.addAll(SpeculationApplication.run(argv));
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
      conf.setIfMissing("spark.executor.extraClassPath", SpeculationApplication.fullClassPath());
      Files.createDirectories(Path.of(System.getenv().getOrDefault("SPARK_HOME", "."), "jars"));
    }
    boolean ownContext = org.apache.spark.SparkContext$.MODULE$.getActive().isEmpty();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkContext.getOrCreate(conf));
    try {
      if (ownContext) {
        jsc.setLogLevel("ERROR");
      }
      waitForExecutors(jsc);
      if (experiment != null) {
        return ShadowQualityExperiment.run(jsc, args, Path.of(args.string("report", "bench.json")));
      }
      return compare(jsc, args, new Plan(workload, rows, patterns, repeats), runs);
    } finally {
      if (ownContext) {
        jsc.stop();
      }
    }
  }

  /** The rows of {@code --strategies}, checked against {@code --workload}. */
  private static List<String> strategies(Args args, String workload) {
    if (!List.of("ctr", "lr", "mf", "lda").contains(workload)) {
      throw new IllegalArgumentException(
          "--workload must be ctr, lr, mf or lda, got '" + workload + "'");
    }
    List<String> strategies =
        splitStrategies(args.string("strategies", "mllib,bsp,ignore,frc,cyclic"));
    Set<String> seen = new HashSet<>();
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
    for (String s : strategies) {
      if (!seen.add(s)) {
        throw new IllegalArgumentException(
            "--strategies lists '" + s + "' twice; use --repeats N to run every row N times");
      }
    }
    return strategies;
  }

  /** What a bench application runs: its rows under its patterns, for so many rounds. */
  private record Plan(
      String workload, List<String> rows, List<StragglerPattern> patterns, int repeats) {}

  /**
   * Runs the plan's rows under every pattern, round after round, and writes the reports (or, in the
   * speculation application, the child report); {@code runs} holds the runs made elsewhere.
   */
  private static int compare(JavaSparkContext jsc, Args args, Plan plan, List<Run> runs)
      throws Exception {
    String workload = plan.workload();
    List<String> rows = plan.rows();
    List<StragglerPattern> patterns = plan.patterns();
    int repeats = plan.repeats();
    BenchListener listener = new BenchListener();
    jsc.sc().addSparkListener(listener);
    int partitions = args.integer("partitions", 8);
    long seed = args.integer("seed", 7);
    Map<String, Object> sizes = new LinkedHashMap<>();
    sizes.put("workload", workload);
    sizes.put("partitions", partitions);
    Workload load = workload(jsc, args, workload, partitions, seed, sizes);
    sizes.put("objective", load.objective());
    sizes.put("master", jsc.master());
    BenchRunner runner = new BenchRunner(jsc, listener, load, args.integer("iterations", 30), seed);
    System.out.printf("bench: %s%n", sizes);
    for (String row : rows) {
      runner.run(row, StragglerPattern.ideal(), 5); // warm-up, not recorded
    }
    List<BenchRunner.Measured> measured = new ArrayList<>();
    for (int round = 0; round < repeats; round++) {
      for (int pi = 0; pi < patterns.size(); pi++) {
        for (int k = 0; k < rows.size(); k++) {
          String strategy = rows.get(Math.floorMod(k + pi + round, rows.size()));
          BenchRunner.Measured m = runner.run(strategy, patterns.get(pi), runner.iterations());
          measured.add(m);
          printRun(m.run(), round, repeats);
        }
      }
    }
    runs.addAll(runner.settle(measured));
    runs = BenchReport.pool(runs);
    jsc.sc().removeSparkListener(listener);
    load.close();
    if (!load.comparableLossHistory()) {
      sizes.put("time_to_target", "not comparable for this workload");
    }
    if (args.has(SpeculationApplication.CHILD_REPORT)) {
      SpeculationApplication.write(
          Path.of(args.required(SpeculationApplication.CHILD_REPORT)), runs);
      return 0;
    }
    Path report = Path.of(args.string("report", "bench.json"));
    BenchReport.write(report, sizes, runs, args.asParams(), !"lda".equals(workload));
    return 0;
  }

  private static void printRun(Run run, int round, int repeats) {
    System.out.printf(
        Locale.ROOT,
        "run %-18s %-36s %d ms, final loss %.6f%s%n",
        run.strategy(),
        run.pattern(),
        run.cost().wallMs(),
        run.loss().length == 0 ? Double.NaN : run.loss()[run.loss().length - 1],
        repeats > 1 ? " (round " + (round + 1) + "/" + repeats + ")" : "");
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

  /** The engine's spec for a bench strategy name, with the strategy grammar's defaults. */
  static String specOf(String name) {
    return AggregationStrategy.parse(name).spec();
  }

  /** The workload of {@code --workload}, with its sizes put into {@code sizes}. */
  private static Workload workload(
      JavaSparkContext jsc,
      Args args,
      String workload,
      int partitions,
      long seed,
      Map<String, Object> sizes) {
    return switch (workload) {
      case "mf" ->
          MfWorkload.load(
              SparkSession.builder().sparkContext(jsc.sc()).getOrCreate(),
              args,
              partitions,
              seed,
              sizes);
      case "lda" -> LdaWorkload.load(jsc, args, partitions, seed, sizes);
      default -> LogisticWorkload.load(jsc, args, workload.equals("ctr"), partitions, seed, sizes);
    };
  }

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
      int now = SparkInternals.executors(jsc.sc()).size();
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
}
