package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.aggregation.engine.EngineTestSupport;
import org.flexcode.metrics.Errors;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.testing.SparkExtension;
import org.flexcode.workloads.internal.FactorBlocks;
import org.flexcode.workloads.internal.IndexedRating;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ALS with its factors on the executors (forced by an inline budget of 0 bytes, so that every task
 * result is held too and every half-sweep is solved in the factor blocks' tasks) gives the driver
 * path's factors and objective history.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class BlockedAlternatingLeastSquaresTest {

  static final int USERS = 30;
  static final int ITEMS = 40;
  static final int RANK = 3;
  static JavaRDD<IndexedRating> data;
  static JavaSparkContext context;

  @BeforeAll
  static void generate(JavaSparkContext jsc) {
    context = jsc;
    Random random = new Random(23);
    List<IndexedRating> ratings = new ArrayList<>();
    for (int u = 0; u < USERS; u++) {
      for (int i = 0; i < ITEMS; i++) {
        if (random.nextDouble() < 0.4 || i == u % ITEMS) {
          double r = 1 + 4 * random.nextDouble();
          ratings.add(new IndexedRating(u, i, random.nextDouble() < 0.1 ? -r : r));
        }
      }
    }
    data = jsc.parallelize(ratings, 4).cache();
  }

  static AlternatingLeastSquaresTrainer.Config config(
      String strategy, boolean implicit, boolean nonnegative, long inlineMaxBytes) {
    return new AlternatingLeastSquaresTrainer.Config(
        RANK,
        4,
        0.05,
        implicit,
        2.0,
        nonnegative,
        7L,
        AggregationStrategy.parse(strategy),
        EngineTestSupport.options().withInlineMaxBytes(inlineMaxBytes));
  }

  @ParameterizedTest
  @CsvSource({
    "bsp, false, false",
    "bsp, true, false",
    "bsp, false, true",
    "bsp, true, true",
    "cyclic:s=1, false, false"
  })
  void theExecutorPathGivesTheDriverPathsFactors(
      String strategy, boolean implicit, boolean nonnegative) {
    AlternatingLeastSquaresTrainer.Config onDriver =
        config(strategy, implicit, nonnegative, AggregatorOptions.ALWAYS_INLINE);
    AlternatingLeastSquaresTrainer.Config onExecutors = config(strategy, implicit, nonnegative, 0);
    assertFalse(AlternatingLeastSquaresTrainer.onExecutors(USERS, ITEMS, onDriver));
    assertTrue(AlternatingLeastSquaresTrainer.onExecutors(USERS, ITEMS, onExecutors));
    MatrixFactorizationTrainer.Fit driver =
        AlternatingLeastSquaresTrainer.train(data, USERS, ITEMS, onDriver, null);
    SolveJobs solves = new SolveJobs();
    context.sc().addSparkListener(solves);
    MatrixFactorizationTrainer.Fit blocked;
    try {
      blocked = AlternatingLeastSquaresTrainer.train(data, USERS, ITEMS, onExecutors, null);
      solves.await(context.sc(), 2 * 4);
    } finally {
      context.sc().removeSparkListener(solves);
    }
    double users = Errors.relative(blocked.userFactors(), driver.userFactors());
    double items = Errors.relative(blocked.itemFactors(), driver.itemFactors());
    assertTrue(users < 1e-9 && items < 1e-9, "users differ by " + users + ", items by " + items);
    assertArrayEquals(driver.objectiveHistory(), blocked.objectiveHistory(), 1e-9);
    assertEquals(driver.records().size(), blocked.records().size());
    if (nonnegative) {
      for (double f : blocked.userFactors()) {
        assertTrue(f >= 0, "a negative user factor " + f);
      }
    }
  }

  /** Counts the jobs that decode a half-sweep by slices (their description ends in "combine"). */
  static final class SolveJobs extends SparkListener {
    private final AtomicInteger started = new AtomicInteger();

    @Override
    public void onJobStart(SparkListenerJobStart start) {
      String description = start.properties().getProperty("spark.job.description", "");
      if (description.startsWith("FlexCode als iteration") && description.endsWith("combine")) {
        started.incrementAndGet();
      }
    }

    /** After the fit: every job start it posted has reached this listener, then the count. */
    void await(SparkContext sc, int expected) {
      SparkInternals.awaitListenerBus(sc, 60_000);
      assertEquals(expected, started.get(), "half-sweeps solved on the executors");
    }
  }

  @Test
  void theInitialBlocksAreTheDriversInitialFactors() {
    double[] all = MatrixFactorizationTrainer.initialFactors(USERS, ITEMS, RANK, 7L);
    double[] items = FactorBlocks.initialRows(USERS, 10, 25, RANK, 7L, false);
    for (int p = 0; p < items.length; p++) {
      assertEquals(all[(USERS + 10) * RANK + p], items[p], 0.0);
    }
  }

  /**
   * Every block the fit keeps removed after its first half-sweep (as an executor loss would lose
   * them; the cached ratings are recomputed from their lineage): the fit fails with the lost factor
   * block's error, naming its side, rows and block.
   */
  @Test
  void aFitThatLosesItsFactorBlocksFailsNamingOne() {
    int firstId = context.sc().newRddId();
    IterationListener loseEverything =
        (iteration, objective, record) -> {
          if (iteration == 0) {
            for (int id = firstId; id < firstId + 200; id++) {
              org.flexcode.spark.internal.ExecutorBlocks.removeAll(context.sc(), id);
            }
          }
        };
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                AlternatingLeastSquaresTrainer.train(
                    data, USERS, ITEMS, config("bsp", false, false, 0), loseEverything));
    assertTrue(
        e.getMessage().startsWith("FlexCode ALS: the ")
            && e.getMessage().contains(FactorBlocks.LOST),
        e.toString());
  }

  @Test
  void aFactorBlockThatIsGoneFailsWithItsSideRowsAndBlock() {
    FactorBlocks.Ref never = FactorBlocks.Ref.of(context.sc(), "user", RANK, USERS, 2);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> FactorBlocks.readBlock(never, 1));
    String expected =
        "the user " + FactorBlocks.LOST + " (rows [15, 30), block rdd_" + never.setId() + "_1)";
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
