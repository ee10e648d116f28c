package org.flexcode.entropy.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Labelled points read without Spark for the entropy tests: a9a (LIBSVM) and the Avazu sample (CSV;
 * every column but id and click becomes one hashed "column=value" feature).
 */
final class TestBlocks {

  /** Index space of the hashed Avazu features. */
  static final int AVAZU_FEATURES = 1 << 20;

  /** A labelled point with binary features: its label and its active feature indices. */
  record Point(double label, int[] active) {}

  private TestBlocks() {}

  /** The colouring our LR workload uses by default: label plus 3 hashed-presence filters. */
  static Colouring<Point> lrColouring() {
    return Colourings.labelAndBuckets(Point::label, Point::active);
  }

  /** The first {@code limit} points of datasets/a9a/a9a (labels -1/+1, indices 1-based). */
  static List<Point> a9a(int limit) {
    Path file = datasets().resolve("a9a/a9a");
    List<Point> points = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int lineNumber = 0;
      while (points.size() < limit && (line = in.readLine()) != null) {
        lineNumber++;
        String[] tokens = line.trim().split("\\s+");
        if (tokens.length == 0 || tokens[0].isEmpty()) {
          continue;
        }
        try {
          int[] active = new int[tokens.length - 1];
          for (int t = 1; t < tokens.length; t++) {
            active[t - 1] = Integer.parseInt(tokens[t].substring(0, tokens[t].indexOf(':')));
          }
          points.add(new Point(Double.parseDouble(tokens[0]), active));
        } catch (RuntimeException e) {
          throw new IllegalStateException("bad LIBSVM line at " + file + ":" + lineNumber, e);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return points;
  }

  /** The first {@code limit} rows of datasets/avazu-sample/train.csv; label = click. */
  static List<Point> avazu(int limit) {
    Path file = datasets().resolve("avazu-sample/train.csv");
    List<Point> points = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String[] header = in.readLine().split(",");
      int click = Arrays.asList(header).indexOf("click");
      int id = Arrays.asList(header).indexOf("id");
      String line;
      int lineNumber = 1;
      while (points.size() < limit && (line = in.readLine()) != null) {
        lineNumber++;
        String[] cells = line.split(",", -1);
        if (cells.length != header.length) {
          throw new IllegalStateException(
              "expected " + header.length + " cells at " + file + ":" + lineNumber);
        }
        int[] active = new int[header.length - 2];
        int k = 0;
        for (int c = 0; c < header.length; c++) {
          if (c != click && c != id) {
            String feature = header[c] + "=" + cells[c];
            active[k++] = Math.floorMod(Mix.hash(feature.hashCode(), 17), AVAZU_FEATURES);
          }
        }
        points.add(new Point(Double.parseDouble(cells[click]), active));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return points;
  }

  /** Consecutive blocks of {@code size} points. */
  static List<List<Point>> blocks(List<Point> points, int size) {
    List<List<Point>> blocks = new ArrayList<>();
    for (int from = 0; from + size <= points.size(); from += size) {
      blocks.add(points.subList(from, from + size));
    }
    return blocks;
  }

  /**
   * datasets/ of the project root: the folder the build passes as {@code flexcode.project.root},
   * otherwise the working directory or its nearest parent with datasets/ and pom.xml.
   */
  private static Path datasets() {
    String configured = System.getProperty("flexcode.project.root");
    if (configured != null && isRoot(Path.of(configured))) {
      return Path.of(configured).toAbsolutePath().resolve("datasets");
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (isRoot(p)) {
        return p.resolve("datasets");
      }
    }
    throw new IllegalStateException(
        "cannot find the FlexCode project root (a folder with datasets/ and pom.xml) from "
            + Path.of("").toAbsolutePath());
  }

  private static boolean isRoot(Path p) {
    return Files.isDirectory(p.resolve("datasets")) && Files.isRegularFile(p.resolve("pom.xml"));
  }
}
