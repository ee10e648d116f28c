package org.flexcode.classloading;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.clustering.LDAModel;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A driver program as a notebook kernel runs one: it references no FlexCode class; the FlexCode jar
 * (its only argument) is loaded through a child {@link URLClassLoader} and shipped to the executors
 * with {@code spark.jars}. It fits LR, MF and LDA with the {@code cyclic} strategy and prints one
 * {@code OK} line per workload. Started in a fresh JVM by {@link JarLoadedDriverTest}, with only
 * this class and Spark on the class path.
 */
public final class JarLoadedDriver {

  private JarLoadedDriver() {}

  /** {@code args[0]}: the FlexCode jar. */
  public static void main(String[] args) throws Exception {
    File jar = new File(args[0]);
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("jar loaded driver")
            .config("spark.ui.enabled", "false")
            .config("spark.jars", jar.toURI().toString())
            .getOrCreate();
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {jar.toURI().toURL()}, JarLoadedDriver.class.getClassLoader())) {
      LogisticRegressionModel lr =
          (LogisticRegressionModel) fit(loader, "FlexCodeLogisticRegression", lrData(spark));
      double accuracy = lr.transform(lrData(spark)).filter("prediction = label").count() / 200.0;
      System.out.println("OK lr accuracy " + accuracy);
      ALSModel mf = (ALSModel) fit(loader, "FlexCodeALS", ratings(spark));
      System.out.println("OK mf rank " + mf.rank());
      LDAModel lda = (LDAModel) fit(loader, "FlexCodeLDA", documents(spark));
      System.out.println("OK lda topics " + lda.topicsMatrix().numCols());
    } finally {
      spark.stop();
    }
  }

  private static Model<?> fit(ClassLoader loader, String estimator, Dataset<Row> data)
      throws Exception {
    Class<?> type = loader.loadClass("org.flexcode.ml." + estimator);
    Estimator<?> instance = (Estimator<?>) type.getConstructor().newInstance();
    Params params = instance;
    params.set(params.getParam("strategy"), "cyclic");
    params.set(params.getParam("maxIter"), 5);
    if (params.hasParam("k")) {
      params.set(params.getParam("k"), 2);
    }
    return (Model<?>) instance.fit(data);
  }

  private static Dataset<Row> lrData(SparkSession spark) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      double x = (i % 20) - 9.5;
      rows.add(RowFactory.create(x > 0 ? 1.0 : 0.0, Vectors.dense(x, 1.0)));
    }
    StructType schema =
        new StructType()
            .add("label", DataTypes.DoubleType)
            .add("features", new org.apache.spark.ml.linalg.VectorUDT());
    return spark.createDataFrame(rows, schema).repartition(1);
  }

  private static Dataset<Row> documents(SparkSession spark) {
    List<Row> rows = new ArrayList<>();
    for (int d = 0; d < 40; d++) {
      double[] counts = new double[8];
      for (int w = 0; w < 4; w++) {
        counts[(d % 2) * 4 + w] = 1 + (d + w) % 3;
      }
      rows.add(RowFactory.create(Vectors.dense(counts)));
    }
    StructType schema =
        new StructType().add("features", new org.apache.spark.ml.linalg.VectorUDT());
    return spark.createDataFrame(rows, schema).repartition(2);
  }

  private static Dataset<Row> ratings(SparkSession spark) {
    List<Row> rows = new ArrayList<>();
    for (int u = 0; u < 20; u++) {
      for (int i = 0; i < 10; i++) {
        if ((u + i) % 3 != 0) {
          rows.add(RowFactory.create(u, i, (float) (1 + (u * i) % 5)));
        }
      }
    }
    StructType schema =
        new StructType()
            .add("user", DataTypes.IntegerType)
            .add("item", DataTypes.IntegerType)
            .add("rating", DataTypes.FloatType);
    return spark.createDataFrame(rows, schema).repartition(4);
  }
}
