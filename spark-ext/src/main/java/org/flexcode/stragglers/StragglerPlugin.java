package org.flexcode.stragglers;

import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.SparkPlugin;

/**
 * Puts every task of any Spark job under the straggler pattern of {@code spark.flexcode.stragglers}
 * (seeded by {@code spark.flexcode.stragglers.seed}), as FlexCode's engine puts its own tasks:
 * MLlib and spark.ml training, Spark's {@code ALS}, a user's job. Enable it with {@code
 * spark.plugins=org.flexcode.stragglers.StragglerPlugin}.
 *
 * <p>An iteration, for a job FlexCode does not run, is a stage: every task an executor runs in
 * stage s is slowed by the pattern's factor for (seed, executor, s), so a training loop of one
 * stage per iteration (a {@code treeAggregate}, an ALS half-sweep) sees one draw per executor and
 * iteration. A task that ran c ms is held back (factor - 1) x c ms after it computed, before its
 * result is reported ({@link StragglerHold}). The engine's own tasks (tagged {@code flexcode-...})
 * are left to the engine's injector, which keys them on its iterations. The driver side checks the
 * pattern when the application starts and tallies the holds ({@link StragglerHolds}).
 */
public final class StragglerPlugin implements SparkPlugin {

  @Override
  public DriverPlugin driverPlugin() {
    return new StragglerHolds();
  }

  @Override
  public ExecutorPlugin executorPlugin() {
    return new StragglerHold();
  }
}
