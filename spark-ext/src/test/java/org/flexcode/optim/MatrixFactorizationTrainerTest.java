package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.Errors;
import org.flexcode.testing.SparkExtension;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.MatrixFactorization;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class MatrixFactorizationTrainerTest {

  static final int USERS = 30;
  static final int ITEMS = 40;
  static List<IndexedRating> ratings;
  static JavaRDD<IndexedRating> data;

  /** Ratings of a random rank-3 matrix plus noise, about 40% observed, in 4 blocks. */
  @BeforeAll
  static void generate(JavaSparkContext jsc) {
    Random random = new Random(17);
    double[] truth = new double[(USERS + ITEMS) * 3];
    for (int p = 0; p < truth.length; p++) {
      truth[p] = 1.0 + 0.5 * random.nextGaussian();
    }
    ratings = new ArrayList<>();
    for (int u = 0; u < USERS; u++) {
      for (int i = 0; i < ITEMS; i++) {
        if (random.nextDouble() < 0.4 || i == u % ITEMS) {
          double r = MatrixFactorization.predict(truth, USERS, 3, u, i);
          ratings.add(new IndexedRating(u, i, r + 0.1 * random.nextGaussian()));
        }
      }
    }
    data = jsc.parallelize(ratings, 4).cache();
  }

  static MatrixFactorizationTrainer.Config config(
      String strategy, MatrixFactorizationTrainer.Solver solver, int maxIter) {
    return config(strategy, solver, maxIter, EngineTestSupport.options());
  }

  static MatrixFactorizationTrainer.Config config(
      String strategy,
      MatrixFactorizationTrainer.Solver solver,
      int maxIter,
      AggregatorOptions options) {
    return new MatrixFactorizationTrainer.Config(
        3, maxIter, 0.05, solver, 0.5, 0.0, 42L, AggregationStrategy.parse(strategy), options);
  }

  static double[] factors(MatrixFactorizationTrainer.Fit fit) {
    double[] u = fit.userFactors();
    double[] v = fit.itemFactors();
    double[] all = new double[u.length + v.length];
    System.arraycopy(u, 0, all, 0, u.length);
    System.arraycopy(v, 0, all, u.length, v.length);
    return all;
  }

  @Test
  void exactStrategiesGiveTheFactorsOfBsp() {
    MatrixFactorizationTrainer.Fit bsp =
        MatrixFactorizationTrainer.train(
            data, USERS, ITEMS, config("bsp", MatrixFactorizationTrainer.Solver.LBFGS, 15), null);
    for (String strategy : List.of("frc:s=1", "cyclic:s=1")) {
      MatrixFactorizationTrainer.Fit coded =
          MatrixFactorizationTrainer.train(
              data,
              USERS,
              ITEMS,
              config(strategy, MatrixFactorizationTrainer.Solver.LBFGS, 15),
              null);
      double difference = Errors.relative(factors(coded), factors(bsp));
      assertTrue(difference <= 1e-9, strategy + ": relative difference " + difference);
      assertEquals(bsp.objectiveHistory().length, coded.objectiveHistory().length, strategy);
      assertEquals(bsp.records().size(), coded.records().size(), strategy);
    }
  }

  @Test
  void lbfgsFitsTheLowRankRatings() {
    List<Double> losses = new ArrayList<>();
    MatrixFactorizationTrainer.Fit fit =
        MatrixFactorizationTrainer.train(
            data,
            USERS,
            ITEMS,
            config("cyclic:s=1", MatrixFactorizationTrainer.Solver.LBFGS, 100),
            (iteration, loss, record) -> losses.add(loss));
    double[] history = fit.objectiveHistory();
    assertTrue(history[history.length - 1] < 0.2 * history[0], java.util.Arrays.toString(history));
    assertEquals(fit.records().size(), losses.size());
    double squared = 0;
    for (IndexedRating r : ratings) {
      double e = r.rating() - fit.predict(r.user(), r.item());
      squared += e * e;
    }
    double rmse = Math.sqrt(squared / ratings.size());
    assertTrue(rmse < 0.3, "training RMSE " + rmse);
  }

  @Test
  void gradientDescentWithIgnoredStragglersLowersTheObjective() {
    MatrixFactorizationTrainer.Fit fit =
        MatrixFactorizationTrainer.train(
            data,
            USERS,
            ITEMS,
            config("ignore:b=1", MatrixFactorizationTrainer.Solver.GD, 30),
            null);
    double[] history = fit.objectiveHistory();
    assertEquals(30, history.length);
    assertTrue(history[29] < 0.5 * history[0], java.util.Arrays.toString(history));
  }

  @Test
  void gradientDescentWithAShadowStandingInForAStragglerLowersTheObjective() {
    // Task 1 straggles 60 s in every iteration; the shadow's weighted subset of block 1, coloured
    // by user and item activity and rating, stands in for it and the straggler is cancelled.
    int iterations = 30;
    org.flexcode.stragglers.StragglerHook hook = org.flexcode.stragglers.StragglerHook.none();
    for (int it = 0; it < iterations; it++) {
      hook = hook.and(it, 1, 60_000);
    }
    MatrixFactorizationTrainer.Config shadow =
        config(
            "shadow:m=1,f=0.3",
            MatrixFactorizationTrainer.Solver.GD,
            iterations,
            EngineTestSupport.options());
    MatrixFactorizationTrainer.Fit fit;
    org.flexcode.aggregation.EngineTestHooks.installStragglers(hook);
    try {
      fit = MatrixFactorizationTrainer.train(data, USERS, ITEMS, shadow, null);
    } finally {
      org.flexcode.aggregation.EngineTestHooks.clear();
    }
    double[] history = fit.objectiveHistory();
    assertEquals(iterations, history.length);
    assertTrue(history[iterations - 1] < 0.5 * history[0], java.util.Arrays.toString(history));
    for (org.flexcode.metrics.IterationRecord record : fit.records()) {
      assertEquals(java.util.Map.of(1, 4), record.estimatedBlocks(), record.toString());
    }
    MatrixFactorizationTrainer.Fit ignore =
        MatrixFactorizationTrainer.train(
            data,
            USERS,
            ITEMS,
            config("ignore:b=1", MatrixFactorizationTrainer.Solver.GD, 30),
            null);
    System.out.printf(
        "MF objective after %d GD iterations: shadow for a straggler %.5f, ignore %.5f%n",
        iterations, history[iterations - 1], ignore.objectiveHistory()[iterations - 1]);
  }

  @Test
  void initialFactorsAreUnitRowsFixedByTheSeed() {
    double[] a = MatrixFactorizationTrainer.initialFactors(2, 3, 4, 9L);
    double[] b = MatrixFactorizationTrainer.initialFactors(2, 3, 4, 9L);
    double[] c = MatrixFactorizationTrainer.initialFactors(2, 3, 4, 10L);
    assertEquals(java.util.Arrays.toString(a), java.util.Arrays.toString(b));
    assertTrue(Errors.relative(a, c) > 0.1);
    for (int row = 0; row < 5; row++) {
      double norm = 0;
      for (int k = 0; k < 4; k++) {
        norm += a[row * 4 + k] * a[row * 4 + k];
      }
      assertEquals(1.0, norm, 1e-12);
    }
  }
}
