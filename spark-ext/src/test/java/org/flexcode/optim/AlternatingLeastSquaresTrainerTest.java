package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.Errors;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.SparkExtension;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.MatrixFactorization;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class AlternatingLeastSquaresTrainerTest {

  static final int USERS = 30;
  static final int ITEMS = 40;
  static final int RANK = 3;
  static List<IndexedRating> ratings;
  static JavaRDD<IndexedRating> data;

  /** Ratings of a random rank-3 matrix plus noise, about 40% observed, in 4 blocks. */
  @BeforeAll
  static void generate(JavaSparkContext jsc) {
    Random random = new Random(17);
    double[] truth = new double[(USERS + ITEMS) * RANK];
    for (int p = 0; p < truth.length; p++) {
      truth[p] = 1.0 + 0.5 * random.nextGaussian();
    }
    ratings = new ArrayList<>();
    for (int u = 0; u < USERS; u++) {
      for (int i = 0; i < ITEMS; i++) {
        if (random.nextDouble() < 0.4 || i == u % ITEMS) {
          double r = MatrixFactorization.predict(truth, USERS, RANK, u, i);
          ratings.add(new IndexedRating(u, i, r + 0.1 * random.nextGaussian()));
        }
      }
    }
    data = jsc.parallelize(ratings, 4).cache();
  }

  static AlternatingLeastSquaresTrainer.Config config(
      String strategy, int maxIter, boolean implicit) {
    return new AlternatingLeastSquaresTrainer.Config(
        RANK,
        maxIter,
        0.05,
        implicit,
        2.0,
        false,
        7L,
        AggregationStrategy.parse(strategy),
        EngineTestSupport.options());
  }

  static MatrixFactorizationTrainer.Fit train(String strategy, int maxIter, boolean implicit) {
    return AlternatingLeastSquaresTrainer.train(
        data, USERS, ITEMS, config(strategy, maxIter, implicit), null);
  }

  static double[] factors(MatrixFactorizationTrainer.Fit fit) {
    double[] w = new double[(USERS + ITEMS) * RANK];
    System.arraycopy(fit.userFactors(), 0, w, 0, USERS * RANK);
    System.arraycopy(fit.itemFactors(), 0, w, USERS * RANK, ITEMS * RANK);
    return w;
  }

  @Test
  void everySweepLeavesTheUsersAtTheObjectivesMinimumGivenTheItemsAndNeverRaisesIt() {
    MatrixFactorizationTrainer.Fit fit = train("bsp", 6, false);
    assertEquals(12, fit.records().size(), "two aggregations per sweep");
    double[] gradient = new double[(USERS + ITEMS) * RANK];
    MatrixFactorization.objective(factors(fit), USERS, ITEMS, RANK, 0.05, ratings, gradient);
    double userGradient = 0;
    for (int p = 0; p < USERS * RANK; p++) {
      userGradient = Math.max(userGradient, Math.abs(gradient[p]));
    }
    assertTrue(userGradient < 1e-10, "largest user gradient entry " + userGradient);
    double[] history = fit.objectiveHistory();
    assertEquals(6, history.length);
    for (int it = 1; it < history.length; it++) {
      assertTrue(history[it] <= history[it - 1] + 1e-12, Arrays.toString(history));
    }
    double reported = history[history.length - 1];
    assertTrue(reported < 0.1 * history[0], Arrays.toString(history));
  }

  @Test
  void cyclicEndsEveryHalfSweepWithoutItsStragglerAndGivesTheBspFactors() {
    int sweeps = 3;
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < 2 * sweeps; it++) {
      hook = hook.and(it, 1, 60_000);
    }
    MatrixFactorizationTrainer.Fit coded;
    EngineTestHooks.installStragglers(hook);
    try {
      coded = train("cyclic:s=1", sweeps, false);
    } finally {
      EngineTestHooks.clear();
    }
    for (IterationRecord record : coded.records()) {
      assertFalse(record.usedTasks().contains(1), record.toString());
      assertTrue(record.cancelledTasks().contains(1), record.toString());
      assertTrue(record.exact(), record.toString());
    }
    double difference = Errors.relative(factors(coded), factors(train("bsp", sweeps, false)));
    assertTrue(difference < 1e-9, "cyclic vs bsp factors differ by " + difference);
  }

  @Test
  void implicitSweepsLeaveTheUsersAtTheMinimumOfTheConfidenceWeightedObjectiveOverAllPairs() {
    MatrixFactorizationTrainer.Fit fit = train("bsp", 4, true);
    double[] u = fit.userFactors();
    double[] v = fit.itemFactors();
    double alpha = 2.0;
    double lambda = 0.05;
    double[][] r = new double[USERS][ITEMS];
    int[] counts = new int[USERS];
    for (IndexedRating x : ratings) {
      r[x.user()][x.item()] = x.rating();
      counts[x.user()] += x.rating() > 0 ? 1 : 0;
    }
    double largest = 0;
    for (int i = 0; i < USERS; i++) {
      double[] gradient = new double[RANK]; // of sum_j c (p - u.v)^2 + lambda n |u|^2, halved
      for (int j = 0; j < ITEMS; j++) {
        double dot = 0;
        for (int k = 0; k < RANK; k++) {
          dot += u[i * RANK + k] * v[j * RANK + k];
        }
        double c = 1 + alpha * Math.abs(r[i][j]);
        double p = r[i][j] > 0 ? 1 : 0;
        for (int k = 0; k < RANK; k++) {
          gradient[k] -= c * (p - dot) * v[j * RANK + k];
        }
      }
      for (int k = 0; k < RANK; k++) {
        gradient[k] += lambda * counts[i] * u[i * RANK + k];
        largest = Math.max(largest, Math.abs(gradient[k]));
      }
    }
    assertTrue(largest < 1e-9, "largest implicit user gradient entry " + largest);
    double[] history = fit.objectiveHistory();
    for (int it = 1; it < history.length; it++) {
      assertTrue(history[it] <= history[it - 1] + 1e-12, Arrays.toString(history));
    }
  }

  @Test
  void ignoreWithABlockAlwaysLateGivesTheSweepsOfTheOtherBlocksAlone(JavaSparkContext jsc) {
    int sweeps = 4;
    StragglerHook hook = StragglerHook.none();
    for (int it = 0; it < 2 * sweeps; it++) {
      hook = hook.and(it, 1, 60_000);
    }
    MatrixFactorizationTrainer.Fit ignore;
    EngineTestHooks.installStragglers(hook);
    try {
      ignore = train("ignore:b=1", sweeps, false);
    } finally {
      EngineTestHooks.clear();
    }
    for (IterationRecord record : ignore.records()) {
      assertFalse(record.usedTasks().contains(1), record.toString());
      assertEquals(3, record.usedTasks().size(), record.toString());
    }
    // ignore rescales the sums by all ratings / ratings aggregated, which cancels in every row's
    // solution: the fit is bsp's on blocks 0, 2 and 3 alone
    List<List<IndexedRating>> blocks = data.glom().collect();
    List<IndexedRating> others = new ArrayList<>();
    for (int block : new int[] {0, 2, 3}) {
      others.addAll(blocks.get(block));
    }
    MatrixFactorizationTrainer.Fit reference =
        AlternatingLeastSquaresTrainer.train(
            jsc.parallelize(others, 3), USERS, ITEMS, config("bsp", sweeps, false), null);
    double difference = Errors.relative(factors(ignore), factors(reference));
    assertTrue(difference < 1e-9, "ignore vs bsp without block 1 differ by " + difference);
  }
}
