package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.classification.LogisticRegressionModel;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.optimization.SimpleUpdater;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.apache.spark.mllib.util.MLUtils;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import scala.Tuple2;

/** {@code ssp} against {@code bsp}: gradient descent on a9a, the same number of iterations. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
@Tag("heavy")
class SspConvergenceTest {

  static final int ITERATIONS = 30;
  static final int STALENESS = 2;

  @AfterEach
  void clearTestHooks() {
    EngineTestHooks.clear();
  }

  private static JavaRDD<LabeledPoint> load(JavaSparkContext jsc, String file, int partitions) {
    String path = ProjectPaths.datasets().resolve(file).toString();
    return MLUtils.loadLibSVMFile(jsc.sc(), path, 123)
        .toJavaRDD()
        .map(p -> new LabeledPoint(p.label() > 0 ? 1.0 : 0.0, p.features()))
        .repartition(partitions)
        .cache();
  }

  private static FlexCodeGradientDescent descent(String strategy) {
    return new FlexCodeGradientDescent(new LogisticGradient(), new SimpleUpdater())
        .setStepSize(4.0)
        .setNumIterations(ITERATIONS)
        .setConvergenceTol(0.0)
        .setStrategy(AggregationStrategy.parse(strategy));
  }

  private static double accuracy(Vector weights, JavaRDD<LabeledPoint> test) {
    LogisticRegressionModel model = new LogisticRegressionModel(weights, 0.0);
    return (double) test.filter(p -> model.predict(p.features()) == p.label()).count()
        / test.count();
  }

  @Test
  void reachesBspsA9aAccuracyWithinAThirdOfAPointUsingResultsAtMostKIterationsOld(
      JavaSparkContext jsc) {
    JavaRDD<LabeledPoint> train = load(jsc, "a9a/a9a", 8);
    JavaRDD<LabeledPoint> test = load(jsc, "a9a/a9a.t", 4);
    JavaRDD<Tuple2<Object, Vector>> data =
        train.map(p -> new Tuple2<>((Object) p.label(), p.features())).cache();
    Vector initial = Vectors.zeros(123);
    double bsp = accuracy(descent("bsp").optimize(data.rdd(), initial), test);

    // A quarter of the (iteration, task) pairs straggle 400 ms: ssp moves on without them.
    EngineTestHooks.installStragglers(StragglerHook.seeded(11L, 0.25, 400));
    FlexCodeGradientDescent ssp = descent("ssp:staleness=" + STALENESS + ",b=1");
    OptimizationResult result = ssp.optimizeWithLossHistory(data.rdd(), initial);
    double stale = accuracy(result.weights(), test);

    long staleResults = 0;
    for (IterationRecord record : result.records()) {
      assertTrue(
          record.staleResults().values().stream().allMatch(age -> age >= 1 && age <= STALENESS),
          record.toString());
      staleResults += record.staleResults().size();
    }
    assertTrue(staleResults > 0, "some results were applied late");
    assertTrue(
        Math.abs(stale - bsp) <= 0.003,
        "ssp accuracy " + stale + " vs bsp " + bsp + " (" + staleResults + " stale results)");
  }
}
