package org.flexcode.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bench reports with known costs, as {@link BenchReport} writes them: on local-cluster[4,1,...]
 * with {@code partitions} tasks (two waves at 8), per-block compute T, per-task launch L and fixed
 * cost F per iteration, so that bsp under ideal takes F + waves x (T + L) per iteration.
 */
final class SyntheticReports {

  static final double T = 100;
  static final double L = 10;
  static final int ITERATIONS = 11;

  private SyntheticReports() {}

  /** A report of bsp, ignore, frc, mllib, mllib+speculation and hybrid under two patterns. */
  static Map<String, Object> report(int partitions, double fixedMs, double mllibFixedMs) {
    int waves = (int) Math.ceil(partitions / 4.0);
    double bsp = fixedMs + waves * (T + L);
    List<Map<String, Object>> runs = new ArrayList<>();
    for (String pattern : List.of("ideal", "slow-worker:p=0.2,max=2.0")) {
      runs.add(row("bsp", pattern, bsp, T, partitions));
      runs.add(row("ignore", pattern, bsp, T, partitions)); // the model's ignore at 2 waves
      runs.add(row("frc", pattern, bsp + T * waves, 2 * T, partitions));
      runs.add(row("mllib", pattern, mllibFixedMs + waves * (T + L), null, partitions));
      runs.add(row("mllib+speculation", pattern, bsp, null, partitions));
      runs.add(row("hybrid", pattern, bsp, T, partitions));
    }
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("workload", "lr");
    workload.put("partitions", partitions);
    workload.put("model_dimension", 125_000); // 1 MB
    workload.put("master", "local-cluster[4,1,1024]");
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("seed", "7");
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("job", "bench");
    root.put("params", params);
    root.put("workload", workload);
    root.put("runs", runs);
    return root;
  }

  private static Map<String, Object> row(
      String strategy, String pattern, double meanMs, Double taskMs, int partitions) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("strategy", strategy);
    row.put("pattern", pattern);
    row.put("mean_iteration_ms", meanMs);
    row.put("task_seconds", ITERATIONS * partitions * ((taskMs == null ? T : taskMs) + L) / 1000);
    row.put("mean_task_compute_ms", taskMs);
    double[] ms = new double[ITERATIONS];
    Arrays.fill(ms, meanMs);
    row.put("iteration_ms", ms);
    return row;
  }
}
