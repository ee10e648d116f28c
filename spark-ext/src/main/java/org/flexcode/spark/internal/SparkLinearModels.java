package org.flexcode.spark.internal;

import org.apache.spark.ml.classification.BinaryLogisticRegressionTrainingSummaryImpl;
import org.apache.spark.ml.classification.LinearSVCModel;
import org.apache.spark.ml.classification.LinearSVCTrainingSummaryImpl;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.classification.LogisticRegressionTrainingSummaryImpl;
import org.apache.spark.ml.linalg.DenseMatrix;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import scala.Option;

/**
 * Adapter for the {@code private[spark]} constructors of spark.ml's linear models (logistic
 * regression, LinearSVC, LinearRegression) and of their training summaries, which the FlexCode
 * Estimators return as Spark builds them; the one place besides {@link SparkInternals} that touches
 * Spark internals.
 */
public final class SparkLinearModels {

  private SparkLinearModels() {}

  /** spark.ml's own binary model ({@code private[spark]} constructor). */
  public static LogisticRegressionModel logisticRegressionModel(
      String uid, Vector coefficients, double intercept) {
    return new LogisticRegressionModel(uid, coefficients, intercept);
  }

  /**
   * Attaches spark.ml's binary training summary to {@code model}: {@code predictions} is the
   * model's output on the training data; {@code weightCol} may be empty.
   */
  public static void attachBinarySummary(
      LogisticRegressionModel model,
      Dataset<Row> predictions,
      String probabilityCol,
      String predictionCol,
      String labelCol,
      String featuresCol,
      String weightCol,
      double[] objectiveHistory) {
    model.setSummary(
        Option.apply(
            new BinaryLogisticRegressionTrainingSummaryImpl(
                predictions,
                probabilityCol,
                predictionCol,
                labelCol,
                featuresCol,
                weightCol,
                objectiveHistory)));
  }

  /**
   * spark.ml's own model of {@code classes} classes ({@code private[spark]} constructor) from
   * row-major coefficients (class after class) and one intercept per class.
   */
  public static LogisticRegressionModel multinomialModel(
      String uid, int classes, double[] coefficients, double[] intercepts) {
    org.apache.spark.ml.linalg.Matrix matrix =
        new DenseMatrix(classes, coefficients.length / classes, coefficients, true).compressed();
    return new LogisticRegressionModel(
        uid, matrix, Vectors.dense(intercepts).compressed(), classes, true);
  }

  /**
   * Attaches spark.ml's multiclass training summary to {@code model}: {@code columns} are the
   * probability, prediction, label and features columns; {@code weightCol} may be empty.
   */
  public static void attachMulticlassSummary(
      LogisticRegressionModel model,
      Dataset<Row> predictions,
      String[] columns,
      String weightCol,
      double[] objectiveHistory) {
    model.setSummary(
        Option.apply(
            new LogisticRegressionTrainingSummaryImpl(
                predictions,
                columns[0],
                columns[1],
                columns[2],
                columns[3],
                weightCol,
                objectiveHistory)));
  }

  /** spark.ml's own LinearSVC model ({@code private[classification]} constructor). */
  public static LinearSVCModel linearSvcModel(String uid, Vector coefficients, double intercept) {
    return new LinearSVCModel(uid, coefficients, intercept);
  }

  /**
   * Attaches spark.ml's LinearSVC training summary: {@code predictions} is the model's output on
   * the training data; {@code columns} are its rawPrediction, prediction and label columns.
   */
  public static void attachLinearSvcSummary(
      LinearSVCModel model,
      Dataset<Row> predictions,
      String[] columns,
      String weightCol,
      double[] objectiveHistory) {
    model.setSummary(
        Option.apply(
            new LinearSVCTrainingSummaryImpl(
                predictions, columns[0], columns[1], columns[2], weightCol, objectiveHistory)));
  }

  /** spark.ml's own LinearRegression model ({@code private[ml]} constructor), scale 1. */
  public static LinearRegressionModel linearRegressionModel(
      String uid, Vector coefficients, double intercept) {
    return new LinearRegressionModel(uid, coefficients, intercept);
  }

  /**
   * Attaches the training summary spark.ml's l-bfgs path attaches (no standard errors) to {@code
   * model}, whose params are set: through {@code createSummary} where Spark has it (4.x), else
   * through the summary's 3.x constructor; both looked up by reflection, since each exists in only
   * one of the builds.
   */
  public static void attachLinearRegressionSummary(
      LinearRegressionModel model, Dataset<?> dataset, double[] objectiveHistory) {
    Class<?> type = LinearRegressionModel.class;
    try {
      try {
        type.getMethod(
                "createSummary", Dataset.class, double[].class, double[].class, double[].class)
            .invoke(model, dataset, new double[] {0.0}, objectiveHistory, new double[0]);
        return;
      } catch (NoSuchMethodException e) {
        // Spark 3.x: no createSummary; build the summary as its LinearRegression does.
      }
      scala.Tuple2<LinearRegressionModel, String> found = model.findSummaryModelAndPredictionCol();
      Object summary =
          Class.forName("org.apache.spark.ml.regression.LinearRegressionTrainingSummary")
              .getConstructor(
                  Dataset.class,
                  String.class,
                  String.class,
                  String.class,
                  type,
                  double[].class,
                  double[].class)
              .newInstance(
                  found._1().transform(dataset),
                  found._2(),
                  model.getLabelCol(),
                  model.getFeaturesCol(),
                  model,
                  new double[] {0.0},
                  objectiveHistory);
      type.getMethod("setSummary", Option.class).invoke(model, Option.apply(summary));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot attach spark.ml's LinearRegression summary", e);
    }
  }

  /** The number of classes the label column's metadata declares (StringIndexer's), else 0. */
  public static int declaredClasses(org.apache.spark.sql.types.StructField labelField) {
    Option<Object> classes =
        org.apache.spark.ml.util.MetadataUtils$.MODULE$.getNumClasses(labelField);
    return classes.isDefined() ? (Integer) classes.get() : 0;
  }
}
