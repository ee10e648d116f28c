package org.flexcode.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.flexcode.cli.Args;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerPattern;

/**
 * {@code flexcode-submit bench}: one workload, every strategy x straggler pattern, side by side on
 * the same cluster and data. Every row runs gradient descent (LogisticGradient, SimpleUpdater, the
 * same step, partitions and iterations; on {@code --ctr-path estimator} spark.ml's multinomial
 * LogisticRegression, {@link EstimatorPath}): the {@code mllib...} rows are MLlib's untouched
 * {@code GradientDescent.runMiniBatchSGD} on the straggler-wrapped input ({@link MllibBaseline};
 * those whose confs are read at context start each in an application of their own, {@link
 * BaselineApplication}); {@code als} ({@code --workload mf}) is Spark's own ALS under the straggler
 * plugin ({@link SparkAls}); the others are FlexCode strategies. Every row's application runs with
 * {@code --compute} as {@value Compute#CONF_KEY}. After a warm-up (short jobs that bring new
 * executors to their steady task overhead, {@link ExecutorWarmUp}; then every row, {@value
 * BenchRunner#WARM_UP_ITERATIONS} iterations, at least {@value
 * BenchRunner#APPLICATION_WARM_UP_ITERATIONS} in all per application, no stragglers), each pattern
 * runs its rows in an order rotated by the pattern's index ({@link BenchRunner}). Writes a JSON
 * report, a Markdown table and PNG plots next to it ({@link BenchReport}).
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
        --max-items N          mf: the ratings of the N most-rated items only (default all; 1000
                               with emulated compute, so real compute stays a small share)
        --docword PATH         lda: UCI docword file (default datasets/uci-kos/docword.kos.txt)
        --k K                  lda: topics (default 20; 5 with emulated compute, so real
                               compute stays a small share)
        --mini-batch-fraction F  lda: documents per iteration (default 0.05)
        --strategies LIST      comma-separated: mllib, mllib+speculation (Spark's defaults),
                               mllib+speculation-tuned (multiplier 1.5, quantile 0.75,
                               minTaskRuntime 100ms), mllib-tuned (4 x partitions, cached
                               MEMORY_AND_DISK_2, spark.locality.wait=0; ctr and lr), als (mf:
                               Spark's ALS under StragglerPlugin with --pattern and --seed, an
                               application per pattern), bsp, ignore,
                               frc, cyclic, shadow, hybrid (or specs such as cyclic:s=2,
                               shadow:m=2,f=0.05); default mllib,bsp,ignore,frc,cyclic; a
                               bare ignore is ignore:b=C with --cores C (one executor's tasks
                               may be left out), else the grammar's b=1
        --pattern SPEC         a straggler pattern; repeat for several (default ideal)
        --iterations N         gradient-descent iterations per run (default 30)
        --repeats N            rounds: every row runs N times, in a rotated order each round,
                               and its figures pool the rounds' iterations (default 1)
        --executors M          executors (own cluster: M workers; default 4)
        --cores C              cores per executor (default 1)
        --compute MODE         real (default) or emulated:block-ms=T: every task of every row
                               also sleeps T ms per block's worth of records (set on every row's
                               application as spark.flexcode.compute)
        --partitions P         tasks (default M x C with --executors, else 8)
        --rows-per-partition R ctr: records per partition (default 16000; 2000 with
                               emulated compute, so real compute stays a small share)
        --num-features N       ctr: hashing buckets (default 4096; 1024 with emulated compute)
        --classes K            ctr: classes, 2 = binary (default 5: each task computes longer)
        --ctr-path P           ctr: gd (MLlib's LogisticGradient, default) or estimator: every
                               row fits spark.ml's multinomial objective (no intercept, no
                               standardization, regParam 0, maxIter --iterations, tol 0), the
                               mllib rows with Spark's LogisticRegression, the others with
                               FlexCodeLogisticRegression (solver auto: the same L-BFGS for exact
                               strategies, gd with --step-size for approximate ones); the loss is
                               the fit's objectiveHistory (start + one per L-BFGS iteration), a
                               timed "iteration" is one loss+gradient evaluation; only
                               --pattern ideal (Spark's fit caches its input)
        --step-size E          gradient-descent step (default 1.0; mf: 0.8 of the per-row
                               Gauss-Newton step)
        --seed S               data and straggler seed (default 7)
        --warm-up-jobs N       short jobs (one task per core, a new broadcast each) that bring
                               new executors to their steady task overhead before the rows'
                               warm-up (default 400; 0 for none)
        --event-log DIR        write every application's Spark event log into DIR
                               (spark.eventLog.enabled, spark.eventLog.dir), for whatif
        --report FILE          JSON report (default bench.json); .md and .png files go beside it
        EXPERIMENT_OPTIONS

      Runs on --master (default local-cluster[M,C,1024]: M executor JVMs of C cores; four
      one-core ones without --executors and --cores). Every row reports the machine's CPU
      utilization (cpu_bound above 60%), waste from task timings and time to target on the
      exact loss.
      """
          .replace("  EXPERIMENT_OPTIONS\n", BenchExperiments.USAGE);

  private static final Set<String> OPTIONS =
      Set.of(
          "workload",
          "train",
          "strategies",
          "pattern",
          "iterations",
          "warm-up-jobs",
          "repeats",
          "partitions",
          "rows-per-partition",
          "num-features",
          "classes",
          "ctr-path",
          "step-size",
          "seed",
          "report",
          "child-report",
          "child-baseline",
          "executors",
          "cores",
          "compute",
          "ratings",
          "rank",
          "reg-param",
          "max-items",
          "docword",
          "k",
          "mini-batch-fraction",
          "event-log");

  private BenchJob() {}

  /** Runs the bench on its options; returns the exit code. */
  static int run(String[] argv) throws Exception {
    if (argv.length > 0 && (argv[0].equals("--help") || argv[0].equals("-h"))) {
      System.out.print(USAGE);
      return 0;
    }
    Set<String> options = new java.util.HashSet<>(OPTIONS);
    options.addAll(BenchExperiments.OPTIONS);
    Args args = new Args("bench", argv, 0, options);
    String experiment = args.string("experiment", null);
    BenchExperiments.check(experiment);
    String workload = args.string("workload", "ctr").toLowerCase(Locale.ROOT);
    List<String> strategies = BenchRows.of(args, workload);
    int repeats = args.integer("repeats", 1);
    if (repeats < 1) {
      throw new IllegalArgumentException("--repeats must be >= 1, got " + repeats);
    }
    List<StragglerPattern> patterns = new ArrayList<>();
    for (String spec : args.all("pattern").isEmpty() ? List.of("ideal") : args.all("pattern")) {
      patterns.add(StragglerPattern.parse(spec));
    }
    EstimatorPath.checkPatterns(args.string("ctr-path", "gd"), patterns);
    Compute compute = Compute.parse(args.string("compute", "real"));
    Shape shape = Shape.of(args);
    MllibBaseline childBaseline = childBaseline(args);
    SparkConf conf = conf(shape, compute, childBaseline);
    eventLog(conf, args.string("event-log", null));
    scala.Option<SparkContext> active = org.apache.spark.SparkContext$.MODULE$.getActive();
    boolean ownContext = active.isEmpty();
    List<Run> runs = new ArrayList<>();
    if (experiment == null && childBaseline == null) {
      String master = ownContext ? conf.get("spark.master") : active.get().master();
      runs.addAll(childApplications(strategies, master, argv, patterns, args.integer("seed", 7)));
    }
    List<String> rows = BenchRows.ofThisApplication(strategies, childBaseline);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkContext.getOrCreate(conf));
    try {
      if (ownContext) {
        jsc.setLogLevel("ERROR");
      }
      checkCompute(jsc, compute);
      waitForExecutors(jsc, shape);
      Path report = Path.of(args.string("report", "bench.json"));
      if (experiment != null) {
        return BenchExperiments.run(experiment, jsc, args, report);
      }
      return compare(jsc, args, new Plan(workload, rows, patterns, repeats, shape), runs);
    } finally {
      if (ownContext) {
        jsc.stop();
      }
    }
  }

  /** The application's conf: its name, the default master and the compute mode. */
  private static SparkConf conf(Shape shape, Compute compute, MllibBaseline childBaseline)
      throws java.io.IOException {
    SparkConf conf =
        new SparkConf()
            .setAppName(
                childBaseline == null ? "FlexCode bench" : "FlexCode bench " + childBaseline.row())
            .setIfMissing("spark.master", shape.localCluster())
            .set(Compute.CONF_KEY, compute.spec());
    if (conf.get("spark.master").startsWith("local-cluster")) {
      conf.setIfMissing("spark.executor.extraClassPath", BaselineApplication.fullClassPath());
      Files.createDirectories(Path.of(System.getenv().getOrDefault("SPARK_HOME", "."), "jars"));
    }
    return conf;
  }

  /**
   * Makes the application write Spark's event log into {@code dir} (created if missing), when it is
   * not null; child applications get the same option.
   */
  private static void eventLog(SparkConf conf, String dir) throws java.io.IOException {
    if (dir == null) {
      return;
    }
    Path path = Files.createDirectories(Path.of(dir)).toAbsolutePath();
    conf.set("spark.eventLog.enabled", "true").set("spark.eventLog.dir", path.toUri().toString());
  }

  /**
   * Runs the child applications of every listed baseline that needs them (under {@code patterns},
   * straggler {@code seed}); returns their runs.
   */
  private static List<Run> childApplications(
      List<String> strategies,
      String master,
      String[] argv,
      List<StragglerPattern> patterns,
      long seed)
      throws java.io.IOException, InterruptedException {
    List<Run> runs = new ArrayList<>();
    for (String s : strategies) {
      MllibBaseline b = MllibBaseline.of(s);
      if (b != null && b.ownApplication()) {
        runs.addAll(BaselineApplication.run(b, master, argv, patterns, seed));
      }
    }
    return runs;
  }

  /**
   * The child application's baseline ({@code --child-baseline}), or null in the bench's own
   * application.
   */
  private static MllibBaseline childBaseline(Args args) {
    if (!args.has(BaselineApplication.CHILD_REPORT)) {
      return null;
    }
    String row = args.required(BaselineApplication.CHILD_BASELINE);
    MllibBaseline baseline = MllibBaseline.of(row);
    if (baseline == null || !baseline.ownApplication()) {
      throw new IllegalArgumentException("--child-baseline names no child application: " + row);
    }
    return baseline;
  }

  /**
   * Fails when the context was started before the bench with another compute mode than {@code
   * --compute} asks (the library reads it from the conf, which cannot change after the start).
   */
  private static void checkCompute(JavaSparkContext jsc, Compute compute) {
    String running = jsc.getConf().get(Compute.CONF_KEY, "real");
    if (!Compute.parse(running).equals(compute)) {
      throw new IllegalStateException(
          "--compute "
              + compute.spec()
              + " but the running SparkContext has "
              + Compute.CONF_KEY
              + "="
              + running
              + "; set it when the context starts");
    }
  }

  /**
   * This host's cores when every executor (and the driver) runs on it, as the bench's own cluster
   * does (the model's {@code hostCores}: the tasks share them), else 0 (machines of their own).
   */
  private static int oneHostCores(JavaSparkContext jsc) {
    for (org.apache.spark.SparkExecutorInfo info : jsc.sc().statusTracker().getExecutorInfos()) {
      if (!isThisHost(info.host())) {
        return 0;
      }
    }
    return Runtime.getRuntime().availableProcessors();
  }

  /** Whether {@code host} names this machine (a loopback address or one of its interfaces). */
  private static boolean isThisHost(String host) {
    try {
      java.net.InetAddress address = java.net.InetAddress.getByName(host);
      return address.isLoopbackAddress()
          || address.isAnyLocalAddress()
          || java.net.NetworkInterface.getByInetAddress(address) != null;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /** What a bench application runs: its rows under its patterns, for so many rounds. */
  private record Plan(
      String workload,
      List<String> rows,
      List<StragglerPattern> patterns,
      int repeats,
      Shape shape) {}

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
    int partitions = args.integer("partitions", plan.shape().defaultPartitions());
    if (partitions < 1) {
      throw new IllegalArgumentException("--partitions must be >= 1, got " + partitions);
    }
    long seed = args.integer("seed", 7);
    Map<String, Object> sizes = new LinkedHashMap<>();
    sizes.put("workload", workload);
    sizes.put("partitions", partitions);
    sizes.put("executors", plan.shape().executors());
    sizes.put("cores", plan.shape().cores());
    sizes.put("compute", jsc.getConf().get(Compute.CONF_KEY, "real"));
    Workload load = workload(jsc, args, workload, partitions, seed, sizes);
    sizes.put("objective", load.objective());
    sizes.put("master", jsc.master());
    sizes.put("host_cores", oneHostCores(jsc));
    BenchRunner runner = new BenchRunner(jsc, listener, load, args.integer("iterations", 30), seed);
    System.out.printf("bench: %s%n", sizes);
    ExecutorWarmUp.run(
        jsc,
        plan.shape().executors() * plan.shape().cores(),
        args.integer("warm-up-jobs", ExecutorWarmUp.DEFAULT_JOBS));
    for (String row : rows) {
      runner.warmUp(row, BenchRunner.warmUpIterations(rows.size()));
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
    if (args.has(BaselineApplication.CHILD_REPORT)) {
      BaselineApplication.write(Path.of(args.required(BaselineApplication.CHILD_REPORT)), runs);
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

  /**
   * Waits until the executors have registered: all of a local-cluster, the shape's executors when
   * it was given, or until none joins.
   */
  private static void waitForExecutors(JavaSparkContext jsc, Shape shape)
      throws InterruptedException {
    String master = jsc.master();
    if (master.startsWith("local[") || master.equals("local")) {
      return;
    }
    int expected = shape.given() ? shape.executors() : Integer.MAX_VALUE;
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
