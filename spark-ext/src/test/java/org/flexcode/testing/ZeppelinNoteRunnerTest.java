package org.flexcode.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The note runner fails, naming the paragraph, on the errors that need no Spark: a failing shell
 * paragraph, a missing {@code spark.jars} file, an interpreter it does not know. (ZeppelinNoteIT
 * runs a whole note with Spark.)
 */
@Tag("unit")
class ZeppelinNoteRunnerTest {

  @TempDir Path dir;

  @Test
  void aShellParagraphThatExitsNonZeroFailsTheNote() throws Exception {
    String out =
        runExpectingFailure(
            paragraph("%md\\n# title")
                + ","
                + paragraph("%sh\\necho -n $FLEXCODE_HOME > $FLEXCODE_HOME/home.txt; exit 3"));
    assertEquals(dir.toString(), Files.readString(dir.resolve("home.txt")), "FLEXCODE_HOME");
    assertTrue(
        out.contains("FAILED: note.zpln paragraph 2 (p2): the shell paragraph exited 3"), out);
  }

  @Test
  void aMissingJarInSparkConfFailsBeforeSparkStarts() throws Exception {
    String out =
        runExpectingFailure(
            paragraph("%spark.conf\\n# a comment\\nspark.jars /opt/flexcode/missing.jar")
                + ","
                + paragraph("%spark\\nprintln(1)"));
    assertTrue(
        out.contains(
            "FAILED: note.zpln paragraph 2 (p2): spark.jars names /opt/flexcode/missing.jar, but "
                + dir.resolve("missing.jar")
                + " does not exist"),
        out);
  }

  @Test
  void anUnknownInterpreterFailsTheNote() throws Exception {
    String out = runExpectingFailure(paragraph("%pyspark\\nprint(1)"));
    assertTrue(out.contains("FAILED: note.zpln paragraph 1 (p1): no interpreter %pyspark"), out);
  }

  private int count;

  private String paragraph(String text) {
    count++;
    return "{\"id\": \"p" + count + "\", \"text\": \"" + text + "\", \"config\": {}}";
  }

  private String runExpectingFailure(String paragraphs) throws Exception {
    Path note = dir.resolve("note.zpln");
    Files.writeString(note, "{\"name\": \"t\", \"paragraphs\": [" + paragraphs + "]}");
    PrintStream original = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int status;
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      status = ZeppelinNoteRunner.run(note, dir);
    } finally {
      System.setOut(original);
    }
    String out = captured.toString(StandardCharsets.UTF_8);
    assertEquals(1, status, out);
    return out;
  }
}
