package org.flexcode.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;
import org.flexcode.cli.Args;
import org.flexcode.metrics.SampleStats;

/**
 * What a round trip from a running task to the driver costs (not a test): the figure the chunk
 * queue's model takes as its {@code ask} (docs/strategies/queue.md). On {@code
 * local-cluster[M,C,1024]}, every core's task asks the driver {@code --asks} times in a row through
 * Spark's plugin RPC ({@link PluginContext#ask}, answered at once by this class's driver plugin),
 * first with nothing else running, then with each task computing between its asks for as long as
 * {@code --busy-ms} (so that the executors' cores are as busy as a queue's tasks keep them; with
 * {@code --work sleep}, sleeping as the bench's emulated compute does). Prints the milliseconds per
 * ask: median, 95th percentile, mean. Run: {@code submit-scripts/run-class
 * org.flexcode.bench.AskLatency [--executors 2] [--cores 1] [--asks 500] [--busy-ms 5] [--work
 * spin|sleep] [--rounds 2]}.
 */
public final class AskLatency {

  private AskLatency() {}

  public static void main(String[] argv) {
    Args args =
        new Args(
            "AskLatency",
            argv,
            0,
            Set.of("executors", "cores", "asks", "busy-ms", "work", "rounds"));
    Shape shape =
        new Shape(args.integer("executors", 2), args.integer("cores", 1), /* given= */ true);
    int asks = args.integer("asks", 500);
    double busyMs = args.number("busy-ms", 5);
    String work = args.string("work", "spin");
    if (!work.equals("spin") && !work.equals("sleep")) {
      throw new IllegalArgumentException("AskLatency: --work must be spin or sleep, got " + work);
    }
    boolean sleep = work.equals("sleep");
    SparkConf conf =
        new SparkConf()
            .setAppName("ask latency")
            .setMaster(shape.localCluster())
            .set("spark.ui.enabled", "false")
            .set("spark.plugins", Plugin.class.getName())
            .set("spark.executor.extraClassPath", BaselineApplication.fullClassPath());
    try (JavaSparkContext jsc = new JavaSparkContext(conf)) {
      int tasks = shape.executors() * shape.cores();
      List<String> lines = new ArrayList<>();
      lines.add(
          "| tasks asking at once | "
              + (sleep ? "sleep" : "work")
              + " between asks, ms | asks | median ms | p95 ms | mean ms |");
      lines.add("|---|---|---|---|---|---|");
      for (int round = 0; round < args.integer("rounds", 2); round++) {
        for (double busy : new double[] {0, busyMs}) {
          double[] ms = askFromTasks(jsc, tasks, asks, busy, sleep);
          lines.add(
              String.format(
                  Locale.ROOT,
                  "| %d | %.0f | %d | %.3f | %.3f | %.3f |",
                  tasks,
                  busy,
                  ms.length,
                  SampleStats.median(ms),
                  SampleStats.percentile(ms, 0.95),
                  SampleStats.mean(ms)));
        }
      }
      lines.forEach(System.out::println);
    }
  }

  /** Every task's ask times, ms, its first ask (connection set-up) left out. */
  private static double[] askFromTasks(
      JavaSparkContext jsc, int tasks, int asks, double busyMs, boolean sleep) {
    List<double[]> perTask =
        jsc.parallelize(IntStream.range(0, tasks).boxed().toList(), tasks)
            .map(task -> asks(task, asks, busyMs, sleep))
            .collect();
    return perTask.stream().flatMapToDouble(a -> Arrays.stream(a, 1, a.length)).toArray();
  }

  private static double[] asks(int task, int asks, double busyMs, boolean sleep) throws Exception {
    PluginContext context = Plugin.context;
    if (context == null) {
      throw new IllegalStateException("the executor plugin did not start on this executor");
    }
    double[] ms = new double[asks];
    double sink = 0;
    for (int a = 0; a < asks; a++) {
      long until = System.nanoTime() + (long) (busyMs * 1e6);
      if (sleep) {
        Thread.sleep((long) busyMs); // emulated work, as the bench's emulated compute sleeps
      }
      while (System.nanoTime() < until) {
        sink += Math.sqrt(sink + a); // the task's work between asks
      }
      long start = System.nanoTime();
      Object answer = context.ask(new int[] {task, a});
      ms[a] = (System.nanoTime() - start) / 1e6;
      if (!(answer instanceof Integer) || (Integer) answer != a || Double.isNaN(sink)) {
        throw new IllegalStateException("task " + task + " ask " + a + " was answered " + answer);
      }
    }
    return ms;
  }

  /** The driver answers each ask with its number; each executor keeps its plugin context. */
  public static final class Plugin implements SparkPlugin {

    private static volatile PluginContext context;

    @Override
    public DriverPlugin driverPlugin() {
      return new DriverPlugin() {
        @Override
        public Object receive(Object message) {
          return ((int[]) message)[1];
        }
      };
    }

    @Override
    public ExecutorPlugin executorPlugin() {
      return new ExecutorPlugin() {
        @Override
        public void init(PluginContext ctx, Map<String, String> extraConf) {
          context = ctx;
        }
      };
    }
  }
}
