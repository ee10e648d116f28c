package org.flexcode.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.ZeppelinNoteRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * notebooks/zeppelin/FlexCode.zpln runs end to end as Zeppelin's Spark interpreter would run it
 * ({@link ZeppelinNoteRunner} in a JVM of its own, with the packaged jars, the library's and this
 * module's (which the note's {@code flexcode-submit bench} runs), and not the build's classes on
 * its class path), with small iteration counts. An integration test: it needs the jars, so failsafe
 * runs it after {@code package}. Heavy: it runs in the default build only, on Spark 3.5, which the
 * note's interpreter needs (docs/running.md); the differences between the lines are the {@code
 * spark} tests' to reach.
 */
@Tag("spark")
@Tag("heavy")
class ZeppelinNoteIT {

  private static final Pattern ACCURACY =
      Pattern.compile("(\\w+)\\s+test accuracy (\\d\\.\\d+)\\s+AUC (\\d\\.\\d+)");

  @TempDir Path benchDir;

  @Test
  void everyParagraphOfTheNoteRunsAndTheExactStrategiesLearnA9a() throws Exception {
    Path root = ProjectPaths.root();
    Path note = root.resolve("notebooks/zeppelin/FlexCode.zpln");
    Path jar = Path.of(property("flexcode.jar"));
    assertTrue(Files.isRegularFile(jar), "the packaged jar " + jar);
    Path benchJar = Path.of(property("flexcode.bench.jar"));
    assertTrue(Files.isRegularFile(benchJar), "the packaged bench jar " + benchJar);
    Path classes = Path.of(property("flexcode.classes.dir")).toAbsolutePath();

    // The jars instead of the build's classes, as spark.jars gives Zeppelin's interpreter.
    List<String> classPath = new ArrayList<>(List.of(jar.toString(), benchJar.toString()));
    String testClassPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    for (String entry : testClassPath.split(File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      if (!entry.isEmpty()
          && !p.startsWith(classes)
          && !p.equals(jar.toAbsolutePath())
          && !p.equals(benchJar.toAbsolutePath())) {
        classPath.add(entry);
      }
    }
    String joined = String.join(File.pathSeparator, classPath);

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String option : property("flexcode.java.module.options").trim().split("\\s+")) {
      command.add(option);
    }
    command.addAll(
        List.of(
            "-Xmx2g",
            "-cp",
            joined,
            ZeppelinNoteRunner.class.getName(),
            note.toString(),
            root.toString()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    // The interpreter's environment, as a Zeppelin admin would set it for this note.
    builder.environment().put("FLEXCODE_HOME", root.toString());
    builder.environment().put("FLEXCODE_CLASSPATH", joined);
    builder.environment().put("FLEXCODE_NOTE_MAX_ITER", "10");
    builder.environment().put("ZEPPELIN_BENCH_ITERATIONS", "3");
    builder.environment().put("ZEPPELIN_BENCH_DIR", benchDir.toString());
    if (!scala.util.Properties.versionNumberString().startsWith("2.12.")) {
      builder.environment().put("FLEXCODE_PROFILE", "spark-4");
    }
    Path log = benchDir.resolve("note.log");
    builder.redirectOutput(log.toFile());
    Process process = builder.start();
    boolean finished = process.waitFor(15, TimeUnit.MINUTES);
    if (!finished) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    System.out.println(out);
    assertTrue(finished, "the note finished within 15 minutes");
    assertEquals(0, process.exitValue(), "the note runner's exit code; output above");
    assertTrue(out.contains("== all 8 paragraphs of FlexCode.zpln succeeded"), out);

    Matcher m = ACCURACY.matcher(out);
    List<String> strategies = new ArrayList<>();
    while (m.find()) {
      strategies.add(m.group(1));
      double accuracy = Double.parseDouble(m.group(2));
      if (!m.group(1).equals("shadow")) {
        // Always predicting the majority class scores 0.76 on a9a.t.
        assertTrue(accuracy > 0.8, m.group(1) + " accuracy " + accuracy);
      }
    }
    assertEquals(List.of("cyclic", "bsp", "shadow"), strategies, out);
    assertTrue(Files.isRegularFile(benchDir.resolve("bench.md")), "the bench table");
    String table = Files.readString(benchDir.resolve("bench.md"));
    assertTrue(out.contains(table.strip().lines().findFirst().orElseThrow()), "table printed");
    for (String strategy : List.of("mllib", "bsp", "cyclic", "shadow")) {
      assertTrue(table.contains(strategy), strategy + " row in\n" + table);
    }
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException(
          "system property " + name + " is not set (see flexcode-bench/pom.xml)");
    }
    return value;
  }
}
