package org.flexcode.cli;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.flexcode.whatif.EventLog;
import org.flexcode.whatif.EventLogException;
import org.flexcode.whatif.EventLogParser;
import org.xerial.snappy.SnappyInputStream;

/**
 * Opens a Spark event log for {@link EventLogParser}: a single file, or a rolling log's directory
 * ({@code eventlog_v2_<app>} holding {@code events_<N>_<app>} files, read in N's order), on any
 * file system Hadoop reaches (a local path, {@code hdfs://}, {@code s3a://}, ...). Files ending in
 * {@code .lz4}, {@code .zstd} or {@code .snappy} (before an {@code .inprogress}) are decompressed
 * with the libraries Spark's own codecs use, as Spark reads them: lz4-java's block stream with the
 * XXHash32 checksum of Spark's seed, zstd-jni's stream, snappy-java's stream.
 */
final class EventLogFiles {

  /** The seed of the XXHash32 checksum Spark's LZ4 codec writes. */
  private static final int LZ4_CHECKSUM_SEED = 0x9747b28c;

  private static final Pattern ROLLING_PART = Pattern.compile("^events_(\\d+)_.*");

  private EventLogFiles() {}

  /**
   * Reads the event log at {@code location}.
   *
   * @throws EventLogException when it is missing, a directory of no or several logs, in a codec
   *     this reader does not know, or not a Spark 3.x or 4.x event log
   */
  public static EventLog read(String location) throws IOException {
    Path path = new Path(location);
    FileSystem fs = path.getFileSystem(new Configuration());
    if (!fs.exists(path)) {
      throw new EventLogException(location + ": no such file or directory");
    }
    List<Path> files = fs.getFileStatus(path).isDirectory() ? parts(fs, path) : List.of(path);
    List<EventLogParser.Part> parts = new ArrayList<>();
    try {
      for (Path file : files) {
        InputStream in = decompressed(file, new BufferedInputStream(fs.open(file)));
        parts.add(
            new EventLogParser.Part(
                file.toString(), new InputStreamReader(in, StandardCharsets.UTF_8)));
      }
      return EventLogParser.parse(location, parts);
    } finally {
      for (EventLogParser.Part part : parts) {
        part.reader().close();
      }
    }
  }

  /** A rolling log's event files, in order. */
  private static List<Path> parts(FileSystem fs, Path dir) throws IOException {
    FileStatus[] listed = fs.listStatus(dir);
    List<Path> events = new ArrayList<>();
    for (FileStatus s : listed) {
      if (s.isFile() && ROLLING_PART.matcher(s.getPath().getName()).matches()) {
        events.add(s.getPath());
      }
    }
    if (events.isEmpty()) {
      String[] logs =
          Arrays.stream(listed).map(s -> s.getPath().getName()).sorted().toArray(String[]::new);
      throw new EventLogException(
          dir
              + ": a directory but not a rolling event log (no events_N_* file); "
              + (logs.length == 0
                  ? "it is empty"
                  : "name one of its " + logs.length + " entries: " + String.join(", ", logs)));
    }
    events.sort(Comparator.comparingLong(EventLogFiles::index));
    return events;
  }

  private static long index(Path part) {
    Matcher m = ROLLING_PART.matcher(part.getName());
    return m.matches() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
  }

  /**
   * {@code in}, decompressed by the codec its name ends with. The lz4 stream is built with the
   * constructor both lz4-java lines have (Spark 3.5's org.lz4 1.8, which has no builder, and Spark
   * 4.2's at.yawk.lz4 1.11, which deprecates the fast decompressor and backs it by the safe one).
   */
  @SuppressWarnings("deprecation")
  static InputStream decompressed(Path file, InputStream in) throws IOException {
    String name = file.getName();
    if (name.endsWith(".inprogress")) {
      name = name.substring(0, name.length() - ".inprogress".length());
    }
    int dot = name.lastIndexOf('.');
    String codec = dot < 0 ? "" : name.substring(dot + 1);
    return switch (codec) {
      case "lz4" ->
          new LZ4BlockInputStream(
              in,
              LZ4Factory.fastestInstance().fastDecompressor(),
              XXHashFactory.fastestInstance().newStreamingHash32(LZ4_CHECKSUM_SEED).asChecksum(),
              false);
      case "zstd" -> new BufferedInputStream(new ZstdInputStream(in).setContinuous(true));
      case "snappy" -> new SnappyInputStream(in);
      case "lzf" -> {
        in.close();
        throw new EventLogException(
            file + ": lzf-compressed event logs are not read; lz4, zstd, snappy and plain are");
      }
      default -> in;
    };
  }
}
