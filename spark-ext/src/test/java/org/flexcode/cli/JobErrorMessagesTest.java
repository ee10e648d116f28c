package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors a user can act on: option errors name the flag (not Spark's param or the Estimator's uid)
 * and list the valid values; a data error is one line, {@code file:line: message}, with the stack
 * trace only under {@code --verbose}.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class JobErrorMessagesTest {

  @TempDir Path dir;

  private static final String TRAIN =
      ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toString();

  @Test
  void aBadParamValueNamesTheFlagNotSparksParam(JavaSparkContext jsc) {
    String err = run("lr", "--train", TRAIN, "--iterations", "-1");
    assertTrue(err.contains("--iterations: invalid value -1 (expected an integer >= 0)"), err);
    assertFalse(err.contains("maxIter"), err);
    assertFalse(err.contains("flexcodeLogreg"), err);
    err = run("lr", "--train", TRAIN, "--shadow-fraction", "1.5");
    assertTrue(err.contains("--shadow-fraction: invalid value 1.5 (expected in (0, 1])"), err);
  }

  @Test
  void anUnknownStrategyOrPatternListsTheValidOnes(JavaSparkContext jsc) {
    String err = run("lr", "--train", TRAIN, "--strategy", "nonsense");
    assertTrue(err.contains("--strategy nonsense: unknown strategy 'nonsense'"), err);
    for (String name : new String[] {"bsp", "ignore", "frc", "cyclic", "shadow", "hybrid"}) {
      assertTrue(err.contains(name), name + " in " + err);
    }
    assertFalse(err.contains("parameter strategy"), err);
    err = run("lr", "--train", TRAIN, "--stragglers", "nonsense");
    assertTrue(err.contains("--stragglers nonsense: unknown straggler pattern"), err);
    assertTrue(err.contains("slow-worker"), err);
  }

  @Test
  void aDataErrorIsOneLineNamingFileAndLineWithTheTraceOnlyWhenVerbose(JavaSparkContext jsc)
      throws Exception {
    Path bad = Files.writeString(dir.resolve("bad.libsvm"), "1 1:1 3:1\n0 2:1\n1 4:oops\n");
    String err = run("lr", "--train", bad.toString(), "--num-features", "4");
    assertEquals(1, err.strip().lines().count(), err);
    assertTrue(err.startsWith("flexcode-submit lr: error: " + bad + ":3: "), err);
    assertFalse(err.contains("\tat "), err);
    String verbose = run("lr", "--train", bad.toString(), "--num-features", "4", "--verbose");
    assertTrue(verbose.startsWith("flexcode-submit lr: error: " + bad + ":3: "), verbose);
    assertTrue(verbose.contains("\tat org.flexcode"), verbose);
  }

  /** Runs flexcode-submit, expects exit code 1 and returns what it printed to stderr. */
  private static String run(String... argv) {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true));
    int code;
    try {
      code = FlexCodeSubmit.run(argv);
    } finally {
      System.setErr(err);
    }
    String out = captured.toString();
    assertEquals(1, code, out);
    return out;
  }
}
