package org.flexcode.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import scala.tools.nsc.Settings;
import scala.tools.nsc.interpreter.IMain;

/**
 * Runs a Zeppelin note ({@code .zpln}) the way Zeppelin's Spark interpreter would, without
 * Zeppelin: {@code %spark.conf} paragraphs configure the SparkSession (master {@code local[2]}),
 * every {@code %spark} paragraph is interpreted by an embedded Scala REPL ({@link IMain}, class
 * based, with {@code spark} and {@code sc} bound and Zeppelin's default imports), every {@code %sh}
 * paragraph runs in {@code bash -c}, and {@code %md} paragraphs are skipped. Exits 0 when every
 * paragraph succeeds, otherwise 1 naming the failed paragraph.
 *
 * <p>Usage: {@code ZeppelinNoteRunner <note.zpln> <flexcodeHome>}. Paths in {@code spark.jars} that
 * start with {@code /opt/flexcode} (the note's placeholder for the checkout) are rewritten to
 * {@code flexcodeHome} (and, on a Scala other than 2.12, a {@code _2.12} jar to the same build's
 * jar for the running Scala) and must exist; the jars must also be on this JVM's class path, as
 * {@code spark-submit} puts them on the interpreter's. Run it in a JVM of its own.
 */
public final class ZeppelinNoteRunner {

  /** The checkout path the note uses as a placeholder. */
  public static final String NOTE_HOME = "/opt/flexcode";

  private static final long SHELL_TIMEOUT_MINUTES = 20;

  private final Path note;
  private final Path home;
  private final Map<String, String> conf = new LinkedHashMap<>();
  private IMain repl;
  private Path replClasses;

  private ZeppelinNoteRunner(Path note, Path home) {
    this.note = note;
    this.home = home;
  }

  /**
   * Runs the note named by {@code args[0]} with checkout {@code args[1]}; exits non-zero on error.
   */
  public static void main(String[] args) {
    if (args.length != 2) {
      System.err.println("usage: ZeppelinNoteRunner <note.zpln> <flexcodeHome>");
      System.exit(2);
    }
    int status = run(Path.of(args[0]), Path.of(args[1]));
    System.out.flush();
    System.exit(status);
  }

  /** Runs every paragraph of {@code note} in order; 0 when all succeed, otherwise 1. */
  static int run(Path note, Path home) {
    try {
      return new ZeppelinNoteRunner(note, home).run();
    } catch (Exception e) {
      e.printStackTrace();
      return 1;
    }
  }

  private int run() throws Exception {
    JsonNode root = new ObjectMapper().readTree(note.toFile());
    String defaultGroup = root.path("defaultInterpreterGroup").asText("spark");
    int index = 0;
    try {
      for (JsonNode paragraph : root.path("paragraphs")) {
        index++;
        String where =
            note.getFileName() + " paragraph " + index + " (" + paragraph.path("id").asText() + ")";
        if (!paragraph.path("config").path("enabled").asBoolean(true)) {
          System.out.println("== " + where + ": disabled, skipped");
          continue;
        }
        String text = paragraph.path("text").asText("");
        String interpreter = defaultGroup;
        String body = text;
        String trimmed = text.stripLeading();
        if (trimmed.startsWith("%")) {
          int end = trimmed.indexOf('\n');
          interpreter = (end < 0 ? trimmed : trimmed.substring(0, end)).substring(1).trim();
          body = end < 0 ? "" : trimmed.substring(end + 1);
        }
        System.out.println("== " + where + ": %" + interpreter);
        long start = System.nanoTime();
        String error = runParagraph(interpreter, body);
        System.out.printf("== %s took %.1f s%n", where, (System.nanoTime() - start) / 1e9);
        if (error != null) {
          System.out.println("FAILED: " + where + ": " + error);
          return 1;
        }
      }
    } finally {
      if (repl != null) {
        repl.close();
        SparkSession.builder().getOrCreate().stop();
      }
      if (replClasses != null) {
        try (Stream<Path> files = Files.walk(replClasses)) {
          files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
    }
    System.out.println("== all " + index + " paragraphs of " + note.getFileName() + " succeeded");
    return 0;
  }

  /** Runs one paragraph; returns null on success, otherwise what went wrong. */
  private String runParagraph(String interpreter, String body) throws Exception {
    switch (interpreter) {
      case "md":
        return null;
      case "spark.conf":
        if (repl != null) {
          return "%spark.conf after the Spark interpreter started has no effect";
        }
        return readConf(body);
      case "spark":
        if (repl == null) {
          String error = startInterpreter();
          if (error != null) {
            return error;
          }
        }
        return interpret(body);
      case "sh":
        return shell(body);
      default:
        return "no interpreter %" + interpreter + " in this runner (md, spark.conf, spark, sh)";
    }
  }

  /** Zeppelin's inline configuration: one {@code key value} per line, {@code #} comments. */
  private String readConf(String body) {
    int line = 1;
    for (String raw : body.split("\n", -1)) {
      String s = raw.strip();
      if (!s.isEmpty() && !s.startsWith("#")) {
        String[] kv = s.split("\\s+", 2);
        if (kv.length != 2) {
          return "line " + line + " of %spark.conf has no value: '" + s + "'";
        }
        conf.put(kv[0], kv[1].strip());
      }
      line++;
    }
    return null;
  }

  private String startInterpreter() throws Exception {
    Path outDir = Files.createTempDirectory("zeppelin-repl-classes");
    replClasses = outDir;
    SparkSession.Builder builder =
        SparkSession.builder()
            .master("local[2]")
            .appName("Zeppelin note " + note.getFileName())
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            // Executors load the classes the REPL compiles from here, as in spark-shell.
            .config("spark.repl.class.outputDir", outDir.toString());
    for (Map.Entry<String, String> e : conf.entrySet()) {
      String value = e.getValue();
      if (e.getKey().equals("spark.jars")) {
        value = localJars(value);
        if (value.startsWith("!")) {
          return value.substring(1);
        }
      }
      if (e.getKey().equals("master")) {
        builder.master(value);
      } else {
        builder.config(e.getKey(), value);
      }
    }
    SparkSession spark = builder.getOrCreate();
    System.out.println("Spark " + spark.version() + ", conf " + conf);

    Settings settings = new Settings();
    String args = "-usejavacp -Yrepl-class-based -Yrepl-outdir " + outDir;
    if (!(Boolean) settings.processArgumentString(args)._1()) {
      return "the Scala REPL rejected its settings: " + args;
    }
    repl = newInterpreter(settings, new PrintWriter(System.out, true));
    return interpret(
        String.join(
            "\n",
            "val spark = org.apache.spark.sql.SparkSession.builder.getOrCreate()",
            "val sc = spark.sparkContext",
            "import org.apache.spark.SparkContext._",
            "import spark.implicits._",
            "import spark.sql",
            "import org.apache.spark.sql.functions._"));
  }

  /**
   * Rewrites {@code /opt/flexcode} to the checkout in a comma-separated jar list and checks each
   * jar exists; a result starting with {@code !} is the error.
   */
  private String localJars(String jars) {
    List<String> local = new ArrayList<>();
    for (String jar : jars.split(",")) {
      String path = jar.strip();
      if (path.startsWith(NOTE_HOME + "/")) {
        path = home.resolve(path.substring(NOTE_HOME.length() + 1)).toString();
      }
      String binary =
          scala.util.Properties.versionNumberString().replaceAll("^(\\d+\\.\\d+).*", "$1");
      if (!binary.equals("2.12") && path.contains("_2.12-")) {
        // The note targets Spark 3.5 / Scala 2.12; another Scala build uses its own jar.
        path = path.replace("scala-2.12", "scala-" + binary).replace("_2.12-", "_" + binary + "-");
      }
      if (!Files.isRegularFile(Path.of(path))) {
        return "!spark.jars names " + jar.strip() + ", but " + path + " does not exist";
      }
      local.add(path);
    }
    return String.join(",", local);
  }

  /**
   * The REPL: Scala 2.12's {@code IMain(Settings, PrintWriter)}, or on 2.13 {@code IMain(Settings,
   * ReplReporter)} with a {@code ReplReporterImpl(Settings, PrintWriter)}.
   */
  private static IMain newInterpreter(Settings settings, PrintWriter out) throws Exception {
    try {
      return IMain.class
          .getConstructor(Settings.class, PrintWriter.class)
          .newInstance(settings, out);
    } catch (NoSuchMethodException scala213) {
      Class<?> reporterType = Class.forName("scala.tools.nsc.interpreter.ReplReporter");
      Object reporter =
          Class.forName("scala.tools.nsc.interpreter.shell.ReplReporterImpl")
              .getConstructor(Settings.class, PrintWriter.class)
              .newInstance(settings, out);
      Constructor<IMain> c = IMain.class.getConstructor(Settings.class, reporterType);
      return c.newInstance(settings, reporter);
    }
  }

  private String interpret(String code) {
    String result = repl.interpret(code).toString();
    return result.equals("Success") ? null : "the Scala REPL returned " + result;
  }

  private String shell(String script) throws Exception {
    ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).inheritIO();
    builder.environment().put("FLEXCODE_HOME", home.toString());
    Process process = builder.start();
    if (!process.waitFor(SHELL_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      return "the shell paragraph ran longer than " + SHELL_TIMEOUT_MINUTES + " minutes";
    }
    return process.exitValue() == 0 ? null : "the shell paragraph exited " + process.exitValue();
  }
}
