package org.flexcode.bench;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.cli.Args;

/**
 * The bench's rows: {@code --strategies} split into rows (specs may hold commas), each checked
 * against the workload (the baselines by {@link MllibBaseline#rejection}), a bare {@code ignore}
 * given the executor's cores, and which application runs which row.
 */
final class BenchRows {

  private BenchRows() {}

  /** The rows of {@code --strategies}, checked against {@code --workload}. */
  static List<String> of(Args args, String workload) {
    if (!List.of("ctr", "lr", "mf", "lda").contains(workload)) {
      throw new IllegalArgumentException(
          "--workload must be ctr, lr, mf or lda, got '" + workload + "'");
    }
    List<String> strategies =
        splitStrategies(args.string("strategies", "mllib,bsp,ignore,frc,cyclic")).stream()
            .map(s -> ignoreDefault(s, args))
            .toList();
    Set<String> seen = new HashSet<>();
    for (String s : strategies) {
      MllibBaseline baseline = MllibBaseline.of(s);
      if (baseline == null && MllibBaseline.looksLikeMllib(s)) {
        throw new IllegalArgumentException(
            "unknown strategy '"
                + s
                + "'; MLlib rows are mllib, mllib+speculation,"
                + " mllib+speculation-tuned and mllib-tuned");
      } else if (baseline == null) {
        specOf(s); // fails early on a bad name
      } else if (baseline.rejection(workload) != null) {
        throw new IllegalArgumentException(baseline.rejection(workload));
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

  /**
   * The rows this application runs: a child application its baseline's row, the bench's own
   * application every row that needs no application of its own.
   */
  static List<String> ofThisApplication(List<String> strategies, MllibBaseline childBaseline) {
    List<String> rows = new ArrayList<>();
    for (String s : strategies) {
      MllibBaseline b = MllibBaseline.of(s);
      boolean own = b != null && b.ownApplication();
      if (childBaseline == null ? !own : b == childBaseline) {
        rows.add(s);
      }
    }
    return rows;
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
   * A bare {@code ignore} as {@code ignore:b=C} when {@code --cores C} is given: an executor (a
   * machine) runs C of the M x C tasks at once, so b = C lets the iteration end without one whole
   * slow executor, which the grammar's default b = 1 cannot once C > 1. Any other row unchanged.
   */
  static String ignoreDefault(String strategy, Args args) {
    if (!strategy.equals("ignore") || !args.has("cores")) {
      return strategy;
    }
    return "ignore:b=" + args.integer("cores", 1);
  }

  /** The engine's spec for a bench strategy name, with the strategy grammar's defaults. */
  static String specOf(String name) {
    return AggregationStrategy.parse(name).spec();
  }
}
