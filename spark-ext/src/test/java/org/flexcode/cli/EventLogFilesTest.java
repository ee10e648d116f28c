package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.jpountz.lz4.LZ4BlockOutputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.flexcode.whatif.EventLog;
import org.flexcode.whatif.EventLogException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.SnappyOutputStream;

@Tag("unit")
class EventLogFilesTest {

  @TempDir Path dir;

  /** A log of {@code iterations} GradientDescent jobs of 4 tasks on 2 executors. */
  private static List<String> lines(String version, int iterations) {
    List<String> lines = new ArrayList<>();
    lines.add("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"" + version + "\"}");
    long t = 1_000_000;
    for (int j = 0; j < iterations; j++) {
      lines.add(
          String.format(
              Locale.ROOT,
              "{\"Event\":\"SparkListenerJobStart\",\"Job ID\":%d,\"Submission Time\":%d,"
                  + "\"Stage IDs\":[%d],\"Properties\":{}}",
              j,
              t,
              j));
      lines.add(
          String.format(
              Locale.ROOT,
              "{\"Event\":\"SparkListenerStageSubmitted\",\"Stage Info\":{\"Stage ID\":%d,"
                  + "\"Stage Attempt ID\":0,\"Stage Name\":\"treeAggregate at"
                  + " GradientDescent.scala:239\",\"Number of Tasks\":4,\"Submission Time\":%d}}",
              j,
              t));
      for (int i = 0; i < 4; i++) {
        lines.add(
            String.format(
                Locale.ROOT,
                "{\"Event\":\"SparkListenerTaskEnd\",\"Stage ID\":%d,\"Stage Attempt ID\":0,"
                    + "\"Task End Reason\":{\"Reason\":\"Success\"},\"Task Info\":{\"Index\":%d,"
                    + "\"Partition ID\":%d,\"Attempt\":0,\"Launch Time\":%d,\"Executor ID\":\"%d\","
                    + "\"Finish Time\":%d},\"Task Metrics\":{\"Executor Run Time\":100}}",
                j,
                i,
                i,
                t + 5,
                i % 2,
                t + 107));
      }
      lines.add(
          String.format(
              Locale.ROOT,
              "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":%d,\"Completion Time\":%d}",
              j,
              t + 110));
      t += 130;
    }
    return lines;
  }

  private static void write(Path file, List<String> lines, OutputStream out) throws IOException {
    try (out) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void readsPlainLz4ZstdAndSnappyLogs() throws IOException {
    List<String> lines = lines("3.5.7", 3);
    Path plain = dir.resolve("app-1");
    Path lz4 = dir.resolve("app-2.lz4");
    Path zstd = dir.resolve("app-3.zstd");
    Path snappy = dir.resolve("app-4.snappy.inprogress");
    write(plain, lines, Files.newOutputStream(plain));
    write(
        lz4,
        lines,
        new LZ4BlockOutputStream(
            Files.newOutputStream(lz4),
            32 * 1024,
            LZ4Factory.fastestInstance().fastCompressor(),
            XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(),
            false));
    write(zstd, lines, new ZstdOutputStream(Files.newOutputStream(zstd)));
    write(snappy, lines, new SnappyOutputStream(Files.newOutputStream(snappy)));
    for (Path file : List.of(plain, lz4, zstd, snappy)) {
      EventLog log = EventLogFiles.read(file.toString());
      assertEquals(3, log.jobs().size(), file.toString());
      assertEquals(4, log.jobs().get(2).stages().get(0).tasks().size(), file.toString());
    }
  }

  @Test
  void readsARollingLogsFilesInTheirIndexOrder() throws IOException {
    List<String> lines = lines("4.1.0", 12);
    Path rolling = Files.createDirectory(dir.resolve("eventlog_v2_app-7"));
    int[] cuts = {0, 20, 40, lines.size()};
    for (int p = 0; p < 3; p++) {
      // events_1, events_2, events_10: a name sort would read 10 before 2.
      Path part = rolling.resolve("events_" + new int[] {1, 2, 10}[p] + "_app-7");
      write(part, lines.subList(cuts[p], cuts[p + 1]), Files.newOutputStream(part));
    }
    Files.writeString(rolling.resolve("appstatus_app-7.inprogress"), "");
    EventLog log = EventLogFiles.read(rolling.toString());
    assertEquals(12, log.jobs().size());
    assertEquals("4.1.0", log.sparkVersion());
  }

  @Test
  void aDirectoryThatIsNoRollingLogNamesItsEntries() throws IOException {
    Files.writeString(dir.resolve("a"), "");
    Files.writeString(dir.resolve("b"), "");
    EventLogException e =
        assertThrows(EventLogException.class, () -> EventLogFiles.read(dir.toString()));
    assertTrue(e.getMessage().endsWith("name one of its 2 entries: a, b"), e.getMessage());
  }

  @Test
  void theCommandFailsInOneLineNamingTheFileForEachBadInput() throws IOException {
    Path notALog = dir.resolve("notes.txt");
    Files.writeString(notALog, "hello\n");
    Path old = dir.resolve("old");
    write(old, lines("2.4.8", 2), Files.newOutputStream(old));
    Path etl = dir.resolve("etl");
    List<String> noIterations = new ArrayList<>(lines("3.5.7", 2));
    noIterations.replaceAll(l -> l.replace("treeAggregate at GradientDescent", "count at Etl"));
    write(etl, noIterations, Files.newOutputStream(etl));
    assertFails(
        notALog, notALog + ": not a Spark event log (line 1 is not a Spark listener event)");
    assertFails(old, old + ": written by Spark version '2.4.8', not supported (3.x and 4.x are)");
    assertFails(etl, etl + ": no training iterations (no FlexCode aggregation and no");
    assertFails(dir.resolve("missing"), dir.resolve("missing") + ": no such file or directory");
  }

  @Test
  void aTruncatedLastLineWarnsAndTheCommandSucceeds() throws IOException {
    Path running = dir.resolve("app-9.inprogress");
    List<String> lines = new ArrayList<>(lines("3.5.7", 4));
    lines.add("{\"Event\":\"SparkListenerJobStart\",\"Job I");
    write(running, lines, Files.newOutputStream(running));
    String[] out = run(running);
    assertEquals("0", out[0]);
    assertEquals(
        "flexcode-submit whatif: warning: "
            + running
            + " line "
            + lines.size()
            + ": truncated last line (the application was still writing it), ignored",
        out[1].strip());
    assertTrue(out[2].contains("fit 1: 4 iterations of treeAggregate at GradientDescent"), out[2]);
  }

  private static void assertFails(Path file, String messageStart) {
    String[] out = run(file);
    assertEquals("1", out[0]);
    String prefix = "flexcode-submit whatif: error: ";
    assertTrue(out[1].startsWith(prefix + messageStart), out[1]);
    assertEquals(1, out[1].strip().lines().count(), out[1]);
  }

  /** Runs whatif on {@code file}: exit code, stderr, stdout. */
  private static String[] run(Path file) {
    PrintStream err = System.err;
    PrintStream stdout = System.out;
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    try {
      System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
      System.setOut(new PrintStream(outBytes, true, StandardCharsets.UTF_8));
      int code = FlexCodeSubmit.run(new String[] {"whatif", "--event-log", file.toString()});
      return new String[] {
        String.valueOf(code),
        errBytes.toString(StandardCharsets.UTF_8),
        outBytes.toString(StandardCharsets.UTF_8)
      };
    } finally {
      System.setErr(err);
      System.setOut(stdout);
    }
  }
}
