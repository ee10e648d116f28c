package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The trainers' Config records reject bad settings with an error that names the setting. */
@Tag("unit")
class TrainerConfigTest {

  private static final AggregationStrategy BSP = AggregationStrategy.parse("bsp");
  private static final AggregatorOptions OPTIONS = AggregatorOptions.defaults();

  @Test
  void alternatingLeastSquaresConfigNamesTheBadSetting() {
    rejects("rank must be >= 1, got 0", () -> als(0, 5, 0.1, 1.0));
    rejects("maxIter must be >= 0, got -1", () -> als(2, -1, 0.1, 1.0));
    rejects("regParam must be a finite number >= 0, got NaN", () -> als(2, 5, Double.NaN, 1.0));
    rejects("alpha must be a finite number >= 0, got Infinity", () -> als(2, 5, 0.1, 1 / 0.0));
    rejects(
        "strategy and options must not be null",
        () ->
            new AlternatingLeastSquaresTrainer.Config(
                2, 5, 0.1, false, 1, false, 0L, null, OPTIONS));
  }

  @Test
  void matrixFactorizationConfigNamesTheBadSetting() {
    rejects("regParam must be a finite number >= 0, got -1.0", () -> mf(-1, 0.5, 0));
    rejects("stepSize must be a positive number, got 0.0", () -> mf(0.1, 0, 0));
    rejects("tol must be >= 0, got -1.0", () -> mf(0.1, 0.5, -1));
    rejects(
        "solver must not be null",
        () -> new MatrixFactorizationTrainer.Config(2, 5, 0.1, null, 0.5, 0, 0L, BSP, OPTIONS));
  }

  @Test
  void onlineLdaConfigNamesTheBadSetting() {
    rejects("k (topics) must be >= 2, got 1", () -> OnlineLdaTrainer.Config.defaults(1, 5, BSP));
    rejects("maxIter must be >= 0, got -2", () -> OnlineLdaTrainer.Config.defaults(3, -2, BSP));
    rejects(
        "strategy and options must not be null",
        () -> OnlineLdaTrainer.Config.defaults(3, 5, null));
  }

  private static void als(int rank, int maxIter, double regParam, double alpha) {
    new AlternatingLeastSquaresTrainer.Config(
        rank, maxIter, regParam, true, alpha, false, 0L, BSP, OPTIONS);
  }

  private static void mf(double regParam, double stepSize, double tol) {
    new MatrixFactorizationTrainer.Config(
        2, 5, regParam, MatrixFactorizationTrainer.Solver.GD, stepSize, tol, 0L, BSP, OPTIONS);
  }

  private static void rejects(String message, Executable construction) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, construction).getMessage());
  }
}
