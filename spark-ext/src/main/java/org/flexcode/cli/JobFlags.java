package org.flexcode.cli;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.ml.FlexCodeParams;

/**
 * The options every job takes: the strategy options, with one usage text, {@code --strategy} (a
 * name or a full spec such as {@code shadow:m=1,f=0.1,late=1.5}) and the params a bare name takes.
 * A param flag is set on the Estimator only when given, so a full spec is used as written. Also
 * {@code --iterations}, {@code --partitions}, {@code --tasks}, {@code --report} and {@code
 * --model-out}, which each job documents itself.
 */
final class JobFlags {

  /** The usage lines, indented as the jobs' usage texts. */
  static final String USAGE =
      """
        --strategy S         bsp, ignore, frc, cyclic, shadow, hybrid, steal, ssp, auto, flexrr, or
                             a full spec such as shadow:m=1,f=0.1,late=1.5, cyclic:s=2,
                             ignore:b=auto, ssp:staleness=2 or auto:exact=true (default:
                             spark.flexcode.strategy, else auto:exact=true)
        --tolerance S        stragglers tolerated by frc, cyclic and hybrid (default 1)
        --ignore B           slowest tasks ignore drops, blocks ssp may miss (default 1)
        --shadows M          shadow tasks of shadow and hybrid (default 1)
        --shadow-fraction F  fraction of each block a shadow holds (default 0.1)
        --selector X         how shadows pick records: entropy or random (default entropy)
        --shadow-late X      launch shadows only once a primary has run X (>= 1) times the
                             median of the finished ones (default 0: with the primaries)
        --stragglers SPEC    inject a straggler pattern into every task, e.g.
                             slow-worker:p=0.2,max=2 (default none; sets spark.flexcode.stragglers)
        --partitions P       partitions the input is read into (default 8)
        --tasks N            primary tasks, one data block each (default: one per executor
                             core, at least s+2; sets the numTasks param)
        --report FILE        write the JSON report there
        --verbose            print the stack trace of an error (errors are one line otherwise)
      """;

  /** The option names above, and the other options every job takes. */
  static final Set<String> OPTIONS =
      Set.of(
          "iterations",
          "partitions",
          "tasks",
          "report",
          "model-out",
          "strategy",
          "tolerance",
          "ignore",
          "shadows",
          "shadow-fraction",
          "selector",
          "shadow-late",
          "stragglers");

  private JobFlags() {}

  /** Sets the strategy and each param flag given on {@code estimator}. */
  static <T extends FlexCodeParams<T>> T apply(Args args, T estimator) {
    if (args.has("strategy")) {
      estimator.setStrategy(args.string("strategy", StrategyDefaults.STRATEGY));
    }
    if (args.has("tasks")) {
      int tasks = args.integer("tasks", 0);
      if (tasks < 1) {
        throw new IllegalArgumentException("--tasks must be >= 1, got " + tasks);
      }
      estimator.setNumTasks(tasks);
    }
    if (args.has("tolerance")) {
      estimator.setStragglerTolerance(args.integer("tolerance", StrategyDefaults.TOLERANCE));
    }
    if (args.has("ignore")) {
      estimator.setIgnoreCount(args.integer("ignore", StrategyDefaults.IGNORED));
    }
    if (args.has("shadows")) {
      estimator.setShadowTasks(args.integer("shadows", StrategyDefaults.SHADOW_TASKS));
    }
    if (args.has("shadow-fraction")) {
      estimator.setShadowFraction(args.number("shadow-fraction", StrategyDefaults.SHADOW_FRACTION));
    }
    if (args.has("selector")) {
      estimator.setShadowSelector(args.string("selector", StrategyDefaults.SELECTOR.toString()));
    }
    if (args.has("shadow-late")) {
      estimator.setShadowLate(args.number("shadow-late", StrategyDefaults.SHADOW_LATE));
    }
    return estimator;
  }

  /** {@link #OPTIONS} and the job's own, {@code own} names separated by spaces. */
  static Set<String> with(String own) {
    Set<String> all = new HashSet<>(OPTIONS);
    all.addAll(List.of(own.trim().split("\\s+")));
    return Set.copyOf(all);
  }

  /** The arguments of {@code command}, or null once {@code usage} is printed for {@code --help}. */
  static Args parse(String command, String[] argv, Set<String> options, String usage) {
    if (argv.length > 0 && (argv[0].equals("--help") || argv[0].equals("-h"))) {
      System.out.print(usage);
      return null;
    }
    return new Args(command, argv, 0, options);
  }

  /** {@code --partitions}: tasks, one data block each (default 8, at least 1). */
  static int partitions(Args args) {
    int partitions = args.integer("partitions", 8);
    if (partitions < 1) {
      throw new IllegalArgumentException("--partitions must be >= 1, got " + partitions);
    }
    return partitions;
  }

  /**
   * The job's SparkSession ({@code local[*]} unless a master is set), logging at WARN, with the
   * {@code --stragglers} pattern applied.
   */
  static SparkSession session(Args args, String job) {
    SparkConf conf =
        new SparkConf().setAppName("FlexCode " + job).setIfMissing("spark.master", "local[*]");
    SparkSession spark = SparkSession.builder().config(conf).getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    SessionStragglers.apply(args, spark);
    return spark;
  }
}
