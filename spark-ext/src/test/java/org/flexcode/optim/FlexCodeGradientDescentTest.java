package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.classification.LogisticRegressionModel;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.GradientDescent;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.optimization.SimpleUpdater;
import org.apache.spark.mllib.optimization.SquaredL2Updater;
import org.apache.spark.mllib.optimization.Updater;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.apache.spark.mllib.util.MLUtils;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import scala.Tuple2;

/** Known answer: MLlib's own GradientDescent.runMiniBatchSGD on a9a. */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexCodeGradientDescentTest {

  static JavaRDD<LabeledPoint> points;
  static JavaRDD<Tuple2<Object, Vector>> data;

  @BeforeAll
  static void loadA9a(JavaSparkContext jsc) {
    points =
        MLUtils.loadLibSVMFile(jsc.sc(), ProjectPaths.datasets().resolve("a9a/a9a").toString(), 123)
            .toJavaRDD()
            .map(p -> new LabeledPoint(p.label() > 0 ? 1.0 : 0.0, p.features()))
            .repartition(8)
            .cache();
    data = points.map(p -> new Tuple2<>((Object) p.label(), p.features())).cache();
  }

  @Test
  void reproducesMllibWeightsAndLossHistoryWithExactStrategies() {
    assertSameAsMllib(new SimpleUpdater(), 4.0, 0.0, 25, 0.0);
  }

  @Test
  void reproducesMllibWithL2RegularisationAndItsConvergenceTest() {
    // convergenceTol 0.01 stops MLlib before numIterations: the histories must stop together.
    assertSameAsMllib(new SquaredL2Updater(), 2.0, 0.01, 60, 0.01);
  }

  private static void assertSameAsMllib(
      Updater updater, double step, double regParam, int iterations, double tol) {
    Vector initial = Vectors.zeros(123);
    Tuple2<Vector, double[]> mllib =
        GradientDescent.runMiniBatchSGD(
            data.rdd(),
            new LogisticGradient(),
            updater,
            step,
            iterations,
            regParam,
            1.0,
            initial,
            tol);
    for (String spec : List.of("bsp", "frc:s=1", "cyclic:s=1")) {
      OptimizationResult ours =
          new FlexCodeGradientDescent(new LogisticGradient(), updater)
              .setStepSize(step)
              .setNumIterations(iterations)
              .setRegParam(regParam)
              .setConvergenceTol(tol)
              .setStrategy(AggregationStrategy.parse(spec))
              .optimizeWithLossHistory(data.rdd(), initial);
      double weightDiff = relativeDifference(ours.weights().toArray(), mllib._1().toArray());
      assertTrue(weightDiff <= 1e-9, spec + " weights differ by " + weightDiff);
      assertEquals(mllib._2().length, ours.lossHistory().length, spec + " loss history length");
      assertTrue(relativeDifference(ours.lossHistory(), mllib._2()) <= 1e-9, spec);
      assertEquals(ours.lossHistory().length, ours.records().size());
    }
  }

  @Test
  void subsamplesTheSameRecordsInEveryCopyOfABlock() {
    // With miniBatchFraction < 1 the exact codes still agree with bsp (same seeded batches).
    OptimizationResult bsp = sampled("bsp");
    OptimizationResult cyclic = sampled("cyclic:s=1");
    assertTrue(relativeDifference(bsp.weights().toArray(), cyclic.weights().toArray()) <= 1e-9);
    assertTrue(relativeDifference(bsp.lossHistory(), cyclic.lossHistory()) <= 1e-9);
  }

  private static OptimizationResult sampled(String spec) {
    return new FlexCodeGradientDescent(new LogisticGradient(), new SimpleUpdater())
        .setStepSize(2.0)
        .setNumIterations(10)
        .setMiniBatchFraction(0.3)
        .setStrategy(AggregationStrategy.parse(spec))
        .optimizeWithLossHistory(data.rdd(), Vectors.zeros(123));
  }

  @Test
  void generalizedLinearAlgorithmReturnsMllibsModel() {
    FlexCodeLogisticRegressionWithSGD algorithm =
        new FlexCodeLogisticRegressionWithSGD(AggregationStrategy.frc(1));
    algorithm.optimizer().setNumIterations(20).setStepSize(4.0).setRegParam(0.0);
    LogisticRegressionModel model = algorithm.run(points.rdd());
    long correct = points.filter(p -> model.predict(p.features()) == p.label()).count();
    double accuracy = (double) correct / points.count();
    assertTrue(accuracy > 0.8, "training accuracy " + accuracy);
    assertEquals(123, model.weights().size());
  }

  static double relativeDifference(double[] x, double[] reference) {
    return org.flexcode.metrics.Errors.relative(x, reference);
  }
}
