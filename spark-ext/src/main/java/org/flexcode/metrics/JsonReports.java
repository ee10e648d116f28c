package org.flexcode.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

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
   * Writes {@code value} as indented JSON (and a final newline) to {@code path} through Hadoop's
   * FileSystem (hdfs://, s3a:// with hadoop-aws, file://, or the default file system for a path
   * without a scheme), creating its folder and replacing an existing file.
   */
  public static void write(String path, Object value, Configuration conf) throws IOException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(path);
    FileSystem fs = file.getFileSystem(conf);
    if (file.getParent() != null) {
      fs.mkdirs(file.getParent());
    }
    try (OutputStream out = fs.create(file, true)) {
      out.write((toJson(value) + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }
}
