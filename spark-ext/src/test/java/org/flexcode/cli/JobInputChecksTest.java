package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jobs check their outputs before training (an existing --model-out, a --report under a regular
 * file or a missing directory) and refuse degenerate inputs (an empty --test file, an empty
 * directory), each error naming the flag or the file.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class JobInputChecksTest {

  @TempDir Path dir;

  private static final String TRAIN =
      ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString();

  @Test
  void anExistingModelDirectoryFailsBeforeTraining() throws Exception {
    Path model = Files.createDirectory(dir.resolve("model"));
    String err = run("lr", "--train", TRAIN, "--model-out", model.toString());
    assertTrue(err.contains("--model-out " + model + ": already exists"), err);
    assertFalse(err.contains("iteration"), err);
  }

  @Test
  void aReportUnderARegularFileOrAMissingDirectoryFailsBeforeTraining() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    String err = run("mf", "--ratings", "x.csv", "--report", file.resolve("r.json").toString());
    assertTrue(err.contains("--report " + file.resolve("r.json")), err);
    assertTrue(err.contains("is a regular file, not a directory"), err);
    Path missing = dir.resolve("missing/r.json");
    err = run("lda", "--docword", "x.txt", "--report", missing.toString());
    assertTrue(err.contains("--report " + missing + ": the directory"), err);
    assertTrue(err.contains("does not exist"), err);
    assertFalse(Files.exists(dir.resolve("missing")));
  }

  @Test
  void anEmptyTestFileIsAnErrorNamingIt(JavaSparkContext jsc) throws Exception {
    Path empty = Files.writeString(dir.resolve("empty.libsvm"), "");
    String err = run("lr", "--train", TRAIN, "--test", empty.toString(), "--iterations", "2");
    assertTrue(err.contains("--test " + empty + ": no records"), err);
  }

  @Test
  void anEmptyTrainingDirectorySaysSo(JavaSparkContext jsc) throws Exception {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    String err = run("lr", "--train", empty.toString(), "--iterations", "2");
    assertTrue(err.contains(empty + ": empty directory"), err);
  }

  @Test
  void frcWithAToleranceAboveTheTasksIsAnErrorLikeCyclics(JavaSparkContext jsc) {
    for (String code : List.of("frc", "cyclic")) {
      String err =
          run(
              "lr",
              "--train",
              TRAIN,
              "--strategy",
              code,
              "--tolerance",
              "100",
              "--partitions",
              "8",
              "--iterations",
              "2");
      assertTrue(err.contains(code + ":s=100 needs at least 101 tasks"), err);
      assertTrue(err.contains("spark.flexcode.numTasks"), err);
    }
  }

  /** Runs flexcode-submit, expects exit code 1 and returns what it printed to stderr. */
  private static String run(String... argv) {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true));
    int code;
    try {
      List<String> args = new ArrayList<>(List.of(argv));
      code = FlexCodeSubmit.run(args.toArray(new String[0]));
    } finally {
      System.setErr(err);
    }
    String out = captured.toString();
    assertEquals(1, code, out);
    return out;
  }
}
