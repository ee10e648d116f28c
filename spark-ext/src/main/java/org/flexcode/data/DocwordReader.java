package org.flexcode.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.flexcode.workloads.internal.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * Reads the UCI "Bag of Words" format ({@code docword.*.txt}): three header lines D (documents), W
 * (vocabulary size) and NNZ (data lines), then one {@code docID wordID count} line per non-zero,
 * ids 1-based; and its {@code vocab.*.txt}, word n on line n. Every line is checked: a bad header,
 * a malformed line, an id outside 1..D or 1..W, a negative count, a word listed twice for one
 * document, a D larger than the largest docID, or a data-line count other than NNZ fail with a
 * {@link DataFormatException} naming the file and line. Zero counts are allowed and dropped.
 * Documents become {@link Document}s with id docID - 1 and term ids wordID - 1.
 */
public final class DocwordReader {

  private static final Logger LOG = LoggerFactory.getLogger(DocwordReader.class);
  private static final int HEADER_LINES = 3;

  private DocwordReader() {}

  /** The header of a docword file. */
  public record Header(int documents, int vocabSize, long nonZeros) {}

  /** The corpus of a docword file: its header and its documents, one block per partition. */
  public record Corpus(Header header, JavaRDD<Document> documents) {}

  /** Reads and checks the three header lines of {@code path}. */
  public static Header header(JavaSparkContext jsc, String path) {
    List<String> first = jsc.textFile(path, 1).take(HEADER_LINES);
    String[] names = {"D (number of documents)", "W (vocabulary size)", "NNZ (number of entries)"};
    long[] values = new long[HEADER_LINES];
    for (int i = 0; i < HEADER_LINES; i++) {
      if (i >= first.size()) {
        throw new DataFormatException(
            path, i + 1, "the header ends early: expected " + names[i] + " on this line");
      }
      String text = first.get(i).trim();
      try {
        values[i] = Long.parseLong(text);
      } catch (NumberFormatException e) {
        throw new DataFormatException(
            path, i + 1, "header: " + names[i] + " must be a positive integer, got '" + text + "'");
      }
      if (values[i] < 1 || (i < 2 && values[i] > Integer.MAX_VALUE)) {
        throw new DataFormatException(
            path, i + 1, "header: " + names[i] + " must be a positive integer, got '" + text + "'");
      }
    }
    return new Header((int) values[0], (int) values[1], values[2]);
  }

  /**
   * The documents of {@code path} in {@code partitions} blocks (hashed on the document id, each
   * block sorted by id), read and checked eagerly: a bad line fails here, not during training.
   */
  public static Corpus read(JavaSparkContext jsc, String path, int partitions) {
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be >= 1, got " + partitions);
    }
    Header header = header(jsc, path);
    int d = header.documents();
    int w = header.vocabSize();
    JavaRDD<long[]> entries =
        Lines.validated(
            Lines.numbered(jsc, path, partitions)
                .filter(t -> t._2() > HEADER_LINES && !t._1().isBlank())
                .map(t -> parse(path, t._2(), t._1(), d, w)));
    long lines = entries.count();
    if (lines != header.nonZeros()) {
      entries.unpersist(false);
      throw new DataFormatException(
          path,
          HEADER_LINES,
          "header: NNZ = " + header.nonZeros() + " but the file has " + lines + " data lines");
    }
    JavaRDD<Document> documents =
        entries
            .mapToPair(e -> new Tuple2<>(e[0], e))
            .groupByKey(new HashPartitioner(partitions))
            .map(group -> document(path, group._1(), group._2()))
            .mapPartitions(DocwordReader::sortedById, true);
    JavaRDD<Document> checked = Lines.validated(documents);
    long largestDoc = lines == 0 ? 0 : entries.map(e -> e[0] + 1).reduce(Math::max);
    if (largestDoc < d) {
      entries.unpersist(false);
      checked.unpersist(false);
      throw new DataFormatException(
          path,
          1,
          "header: D = " + d + " documents but the largest docID in the file is " + largestDoc);
    }
    entries.unpersist(false);
    return new Corpus(header, checked);
  }

  /**
   * The vocabulary of {@code path}: its first {@code vocabSize} lines, one word each. Fewer words,
   * or a blank line among them, fail naming the file and line; words beyond {@code vocabSize} are
   * ignored with a logged warning (the bundled {@code vocab.kos.txt} ends with an extra,
   * unterminated line "temp").
   */
  public static List<String> vocabulary(JavaSparkContext jsc, String path, int vocabSize) {
    List<Tuple2<String, Long>> lines = Lines.numbered(jsc, path, 1).collect();
    List<String> words = new ArrayList<>(vocabSize);
    for (Tuple2<String, Long> line : lines) {
      if (words.size() == vocabSize) {
        break;
      }
      String word = line._1().trim();
      if (word.isEmpty()) {
        throw new DataFormatException(path, line._2(), "blank line in the vocabulary");
      }
      words.add(word);
    }
    if (words.size() < vocabSize) {
      throw new DataFormatException(
          path,
          lines.size(),
          "the vocabulary has "
              + words.size()
              + " words but the docword header says W = "
              + vocabSize);
    }
    if (lines.size() > vocabSize) {
      LOG.warn(
          "{}: {} lines but W = {}; ignoring lines {}..{} (first: '{}')",
          path,
          lines.size(),
          vocabSize,
          vocabSize + 1,
          lines.size(),
          lines.get(vocabSize)._1());
    }
    return words;
  }

  /**
   * The documents as a DataFrame with {@code docId} (long) and {@code features} (term counts, a
   * sparse ml vector of size {@code vocabSize}), the input of spark.ml's LDA.
   */
  public static Dataset<Row> frame(SparkSession spark, JavaRDD<Document> documents, int vocabSize) {
    StructType schema =
        new StructType()
            .add("docId", DataTypes.LongType, false)
            .add("features", SQLDataTypes.VectorType(), false);
    JavaRDD<Row> rows = documents.map(d -> RowFactory.create(d.id(), d.toVector(vocabSize)));
    return spark.createDataFrame(rows, schema);
  }

  static long[] parse(String file, long line, String text, int documents, int vocabSize) {
    String[] tokens = text.trim().split("\\s+");
    if (tokens.length != 3) {
      throw new DataFormatException(
          file,
          line,
          "expected 'docID wordID count' (3 integers), got "
              + tokens.length
              + " fields: '"
              + text.trim()
              + "'");
    }
    long doc = integer(file, line, "docID", tokens[0]);
    long word = integer(file, line, "wordID", tokens[1]);
    long count = integer(file, line, "count", tokens[2]);
    if (doc < 1 || doc > documents) {
      throw new DataFormatException(
          file, line, "docID " + doc + " is outside 1.." + documents + " (D in the header)");
    }
    if (word < 1 || word > vocabSize) {
      throw new DataFormatException(
          file, line, "wordID " + word + " is outside 1.." + vocabSize + " (W in the header)");
    }
    if (count < 0) {
      throw new DataFormatException(file, line, "count " + count + " is negative");
    }
    return new long[] {doc - 1, word - 1, count, line};
  }

  private static long integer(String file, long line, String what, String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new DataFormatException(file, line, what + " is not an integer: '" + text + "'");
    }
  }

  private static Document document(String file, long id, Iterable<long[]> entries) {
    List<long[]> list = new ArrayList<>();
    entries.forEach(list::add);
    list.sort((a, b) -> a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[3], b[3]));
    int[] terms = new int[list.size()];
    double[] counts = new double[list.size()];
    int n = 0;
    for (int i = 0; i < list.size(); i++) {
      long[] e = list.get(i);
      if (i > 0 && e[1] == list.get(i - 1)[1]) {
        throw new DataFormatException(
            file,
            e[3],
            "wordID "
                + (e[1] + 1)
                + " is listed twice for docID "
                + (id + 1)
                + " (first on line "
                + list.get(i - 1)[3]
                + ")");
      }
      if (e[2] > 0) {
        terms[n] = (int) e[1];
        counts[n++] = e[2];
      }
    }
    return new Document(id, Arrays.copyOf(terms, n), Arrays.copyOf(counts, n));
  }

  private static Iterator<Document> sortedById(Iterator<Document> documents) {
    List<Document> list = new ArrayList<>();
    documents.forEachRemaining(list::add);
    list.sort((a, b) -> Long.compare(a.id(), b.id()));
    return list.iterator();
  }
}
