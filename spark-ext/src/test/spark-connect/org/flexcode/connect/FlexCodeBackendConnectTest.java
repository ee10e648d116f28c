package org.flexcode.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.connect.proto.Expression;
import org.apache.spark.connect.proto.MlParams;
import org.apache.spark.connect.proto.Relation;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.ml.FlexCodeLogisticRegression;
import org.flexcode.testing.ProjectPaths;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark's Connect server, started in this JVM on a loopback port with {@code
 * spark.connect.ml.backend.classes=org.flexcode.connect.FlexCodeBackend}, driven over gRPC as
 * PySpark's stock {@code pyspark.ml.classification.LogisticRegression} drives it: the client names
 * Spark's {@code LogisticRegression}, and FlexCode's engine (strategy chosen by {@code
 * spark.flexcode.strategy}) fits it. Runs in the {@code spark-connect} profile (Spark 4.0.1).
 */
@Tag("spark")
class FlexCodeBackendConnectTest {

  private static final String STOCK_LR = "org.apache.spark.ml.classification.LogisticRegression";
  private static final String STOCK_LR_MODEL = STOCK_LR + "Model";
  private static final int MAX_ITER = 25;
  private static final double REG_PARAM = 0.01;

  private static ConnectServer server;
  private static SparkSession spark;
  private static ConnectClient client;

  @BeforeAll
  static void startServer() {
    server =
        ConnectServer.start(
            "FlexCodeBackendConnectTest", Map.of("spark.flexcode.strategy", "cyclic"));
    spark = server.spark();
    client = server.newClient();
  }

  @AfterAll
  static void stopServer() {
    if (client != null) {
      client.close();
    }
    server.close();
  }

  /** a9a with 0/1 labels in 4 partitions, as a client builds it. */
  static Relation a9a() {
    String path = ProjectPaths.datasets().resolve("a9a/a9a").toString();
    Relation read = ConnectClient.read("libsvm", path, Map.of("numFeatures", "123"));
    return ConnectClient.repartition(
        ConnectClient.select(
            read, "CASE WHEN label > 0 THEN 1.0 ELSE 0.0 END AS label", "features"),
        4);
  }

  /** The same a9a frame in classic mode. */
  private static Dataset<Row> classicA9a() {
    String path = ProjectPaths.datasets().resolve("a9a/a9a").toString();
    return spark
        .read()
        .format("libsvm")
        .option("numFeatures", "123")
        .load(path)
        .selectExpr("CASE WHEN label > 0 THEN 1.0 ELSE 0.0 END AS label", "features")
        .repartition(4);
  }

  @Test
  void servesStockLogisticRegressionWithFlexCodeThroughTheConnectProtocol(@TempDir Path dir) {
    MlParams params =
        MlParams.newBuilder()
            .putParams("maxIter", Expression.Literal.newBuilder().setInteger(MAX_ITER).build())
            .putParams("regParam", Expression.Literal.newBuilder().setDouble(REG_PARAM).build())
            .build();
    server.clearEngineJobs();
    String model = client.fit(STOCK_LR, params, a9a());
    List<String> engineJobs =
        server.engineJobs().stream().map(ConnectServer.EngineJob::description).toList();
    assertFalse(engineJobs.isEmpty(), "no FlexCode iteration job ran");
    assertTrue(
        engineJobs.stream().allMatch(d -> d.contains("cyclic")),
        "the strategy comes from spark.flexcode.strategy: " + engineJobs);

    double[] coefficients = vector(client.fetch(model, "coefficients"));
    double intercept = client.fetch(model, "intercept").getDouble();
    LogisticRegressionModel classic =
        new FlexCodeLogisticRegression()
            .setMaxIter(MAX_ITER)
            .setRegParam(REG_PARAM)
            .fit(classicA9a());
    assertArrayEquals(classic.coefficients().toArray(), coefficients, 1e-9);
    assertEquals(classic.intercept(), intercept, 1e-9);

    int iterations = client.fetch(model, "summary", "totalIterations").getInteger();
    double auc = client.fetch(model, "summary", "areaUnderROC").getDouble();
    assertEquals(classic.summary().totalIterations(), iterations);
    assertTrue(auc > 0.85, "area under ROC on a9a: " + auc);

    long rows = client.count(a9a());
    long correct =
        client.count(
            ConnectClient.where(ConnectClient.transform(model, a9a()), "prediction = label"));
    long classicCorrect = classic.transform(classicA9a()).filter("prediction = label").count();
    assertEquals(32561, rows);
    assertEquals(classicCorrect, correct);
    assertTrue(correct > 0.8 * rows, "training accuracy " + correct + "/" + rows);

    String saved = dir.resolve("model").toString();
    client.save(model, saved);
    String loaded = client.load(STOCK_LR_MODEL, saved);
    assertArrayEquals(coefficients, vector(client.fetch(loaded, "coefficients")), 0.0);
    assertArrayEquals(
        coefficients, LogisticRegressionModel.load(saved).coefficients().toArray(), 0.0);
  }

  /** The values of a serialized {@code Vector} literal (dense or sparse). */
  private static double[] vector(Expression.Literal literal) {
    Expression.Literal.Struct struct = literal.getStruct();
    boolean dense = struct.getElements(0).getByte() == 1;
    double[] values = doubles(struct.getElements(3));
    if (dense) {
      return values;
    }
    double[] full = new double[struct.getElements(1).getInteger()];
    int[] indices = ints(struct.getElements(2));
    for (int i = 0; i < indices.length; i++) {
      full[indices[i]] = values[i];
    }
    return full;
  }

  private static double[] doubles(Expression.Literal array) {
    if (array.hasSpecializedArray()) {
      return array.getSpecializedArray().getDoubles().getValuesList().stream()
          .mapToDouble(Double::doubleValue)
          .toArray();
    }
    return array.getArray().getElementsList().stream()
        .mapToDouble(Expression.Literal::getDouble)
        .toArray();
  }

  private static int[] ints(Expression.Literal array) {
    if (array.hasSpecializedArray()) {
      return array.getSpecializedArray().getInts().getValuesList().stream()
          .mapToInt(Integer::intValue)
          .toArray();
    }
    return array.getArray().getElementsList().stream()
        .mapToInt(Expression.Literal::getInteger)
        .toArray();
  }
}
