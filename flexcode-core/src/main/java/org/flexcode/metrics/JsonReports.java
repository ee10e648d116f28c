package org.flexcode.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a report (maps, lists, records and numbers) as indented JSON, the one format of every
 * job's and benchmark's report.
 */
public final class JsonReports {

  private JsonReports() {}

  /** {@code value} as indented JSON. */
  public static String toJson(Object value) {
    try {
      return new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValueAsString(value);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write the report as JSON", e);
    }
  }

  /**
   * Writes {@code value} as indented JSON (and a final newline) to {@code file}, creating its
   * folder.
   */
  public static void write(Path file, Object value) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, toJson(value) + "\n");
  }

  /**
   * Writes {@code value} as indented JSON (and a final newline) to {@code out}, left open: the
   * caller's stream, e.g. a file of Hadoop's FileSystem (hdfs://, s3a://).
   */
  public static void write(OutputStream out, Object value) throws IOException {
    out.write((toJson(value) + "\n").getBytes(StandardCharsets.UTF_8));
  }
}
