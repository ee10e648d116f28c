package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LinearSVCModel;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The glm job (squared and hinge loss) and the lr job's multinomial family end to end, in the
 * test's SparkContext (the jobs reuse the running one).
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class GlmJobTest {

  @TempDir Path dir;

  private JsonNode run(String... argv) throws Exception {
    Path report = dir.resolve("report-" + argv[0] + ".json");
    String[] withReport = new String[argv.length + 2];
    System.arraycopy(argv, 0, withReport, 0, argv.length);
    withReport[argv.length] = "--report";
    withReport[argv.length + 1] = report.toString();
    assertEquals(0, FlexCodeSubmit.run(withReport));
    return new ObjectMapper().readTree(report.toFile());
  }

  @Test
  void squaredLossFitsLinearRegressionAndSavesSparksModel(JavaSparkContext jsc) throws Exception {
    Path data = dir.resolve("linear.libsvm");
    StringBuilder lines = new StringBuilder();
    Random random = new Random(2);
    for (int i = 0; i < 300; i++) {
      double x1 = random.nextGaussian();
      double x2 = random.nextGaussian();
      double y = 3 + 2 * x1 - x2 + 0.05 * random.nextGaussian();
      lines.append(y).append(" 1:").append(x1).append(" 2:").append(x2).append('\n');
    }
    Files.writeString(data, lines);
    Path model = dir.resolve("linreg");
    JsonNode json =
        run(
            "glm",
            "--train",
            data.toString(),
            "--loss",
            "squared",
            "--strategy",
            "cyclic",
            "--partitions",
            "4",
            "--iterations",
            "50",
            "--model-out",
            model.toString());
    assertEquals("glm", json.get("job").asText());
    assertEquals("cyclic:s=1", json.get("strategy").asText());
    JsonNode summary = json.get("summary");
    assertTrue(summary.get("train_r2").asDouble() > 0.99, summary.toString());
    assertTrue(summary.get("train_rmse").asDouble() < 0.1, summary.toString());
    LinearRegressionModel loaded = LinearRegressionModel.load(model.toString());
    assertEquals(2.0, loaded.coefficients().apply(0), 0.05);
    assertEquals(3.0, loaded.intercept(), 0.05);
  }

  @Test
  void hingeLossFitsLinearSvcOnAgaricus(JavaSparkContext jsc) throws Exception {
    String data = ProjectPaths.datasets().resolve("agaricus").toString();
    Path model = dir.resolve("svc");
    JsonNode json =
        run(
            "glm",
            "--train",
            data + "/agaricus.txt.train",
            "--test",
            data + "/agaricus.txt.test",
            "--loss",
            "hinge",
            "--strategy",
            "frc",
            "--partitions",
            "4",
            "--iterations",
            "30",
            "--model-out",
            model.toString());
    JsonNode summary = json.get("summary");
    assertTrue(summary.get("test_accuracy").asDouble() > 0.95, summary.toString());
    assertTrue(summary.hasNonNull("final_loss"), summary.toString());
    assertEquals(126, LinearSVCModel.load(model.toString()).numFeatures());
  }

  @Test
  void lrFamilyMultinomialFitsThreeClasses(JavaSparkContext jsc) throws Exception {
    String data =
        ProjectPaths.datasets()
            .resolve("spark-mllib-samples/sample_multiclass_classification_data.txt")
            .toString();
    Path model = dir.resolve("mlr");
    JsonNode json =
        run(
            "lr",
            "--train",
            data,
            "--test",
            data,
            "--family",
            "multinomial",
            "--reg-param",
            "0.01",
            "--strategy",
            "cyclic",
            "--partitions",
            "4",
            "--iterations",
            "100",
            "--model-out",
            model.toString());
    JsonNode summary = json.get("summary");
    assertTrue(summary.get("train_accuracy").asDouble() > 0.9, summary.toString());
    assertTrue(summary.get("test_accuracy").asDouble() > 0.9, summary.toString());
    assertFalse(summary.has("test_auc"), "no AUC for 3 classes: " + summary);
    assertEquals(3, LogisticRegressionModel.load(model.toString()).numClasses());
  }

  @Test
  void badFlagsAndLabelsFailNamingThem() throws Exception {
    Path bad = dir.resolve("bad.libsvm");
    Files.writeString(bad, "0 1:1\n1.5 1:2\n");
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true));
    try {
      assertEquals(
          1,
          FlexCodeSubmit.run(
              new String[] {"lr", "--train", bad.toString(), "--family", "multinomial"}));
      assertEquals(
          1, FlexCodeSubmit.run(new String[] {"glm", "--train", bad.toString(), "--loss", "l1"}));
    } finally {
      System.setErr(err);
    }
    String message = captured.toString();
    assertTrue(message.contains(bad + ":2: label must be a class 0, 1, 2"), message);
    assertTrue(message.contains("--loss must be squared or hinge, got 'l1'"), message);
    assertEquals(0, FlexCodeSubmit.run(new String[] {"glm", "--help"}));
  }
}
