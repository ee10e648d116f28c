package org.flexcode.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.flexcode.workloads.internal.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class DocwordReaderTest {

  @TempDir Path dir;

  @Test
  void readsTheBundledKosCorpusAndVocabulary(JavaSparkContext jsc) {
    Path kos = ProjectPaths.datasets().resolve("uci-kos");
    DocwordReader.Corpus corpus =
        DocwordReader.read(jsc, kos.resolve("docword.kos.txt").toString(), 4);
    assertEquals(new DocwordReader.Header(3430, 6906, 353_160), corpus.header());
    assertEquals(4, corpus.documents().getNumPartitions());
    assertEquals(3430, corpus.documents().count());
    assertEquals(353_160L, corpus.documents().map(d -> (long) d.size()).reduce(Long::sum));
    assertEquals(467_714.0, corpus.documents().map(Document::tokens).reduce(Double::sum), 1e-6);
    Document first = corpus.documents().filter(d -> d.id() == 0).first();
    assertEquals(60, first.term(0)); // "1 61 2" is the first data line
    assertEquals(2.0, first.count(0));
    List<String> words =
        DocwordReader.vocabulary(jsc, kos.resolve("vocab.kos.txt").toString(), 6906);
    assertEquals("aarp", words.get(0));
    assertEquals("zones", words.get(6905)); // the file's unterminated extra line "temp" is ignored
    assertEquals(6906, words.size());
  }

  @Test
  void aHeaderClaimingMoreDocumentsThanTheFileHoldsFailsNamingFileAndLine(JavaSparkContext jsc)
      throws IOException {
    Path file = dir.resolve("docword.txt");
    Files.writeString(file, "9999\n5\n2\n1 4 3\n2 1 7\n");
    DataFormatException e =
        assertThrows(DataFormatException.class, () -> DocwordReader.read(jsc, file.toString(), 1));
    assertTrue(
        e.getMessage().contains(file + ":1: header: D = 9999 documents but the largest docID"),
        e.getMessage());
  }

  @Test
  void dropsZeroCountsAndSortsTerms(JavaSparkContext jsc) throws IOException {
    Path file = dir.resolve("docword.txt");
    Files.writeString(file, "2\n5\n4\n1 4 3\n1 2 1\n2 5 0\n2 1 7\n");
    List<Document> docs = DocwordReader.read(jsc, file.toString(), 1).documents().collect();
    assertEquals(2, docs.size());
    assertArrayEquals(new int[] {1, 3}, docs.get(0).terms());
    assertArrayEquals(new double[] {1, 3}, docs.get(0).counts());
    assertArrayEquals(new int[] {0}, docs.get(1).terms());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "x\\n5\\n2\\n1 1 1\\n1 2 1| 1| D (number of documents) must be a positive integer, got 'x'",
        "2\\n0\\n2\\n1 1 1\\n1 2 1| 2| W (vocabulary size) must be a positive integer, got '0'",
        "2\\n5| 3| the header ends early",
        "2\\n5\\n2\\n1 1 1\\n3 2 1| 5| docID 3 is outside 1..2 (D in the header)",
        "2\\n5\\n2\\n1 1 1\\n2 6 1| 5| wordID 6 is outside 1..5 (W in the header)",
        "2\\n5\\n2\\n1 0 1\\n2 2 1| 4| wordID 0 is outside 1..5",
        "2\\n5\\n2\\n1 1 -4\\n2 2 1| 4| count -4 is negative",
        "2\\n5\\n2\\n1 1 1\\n2 2| 5| expected 'docID wordID count' (3 integers), got 2 fields",
        "2\\n5\\n2\\n1 1 1\\n2 b 1| 5| wordID is not an integer: 'b'",
        "2\\n5\\n3\\n1 1 1\\n2 2 1| 3| NNZ = 3 but the file has 2 data lines",
        "2\\n5\\n2\\n1 1 1\\n1 1 2| 5| wordID 1 is listed twice for docID 1 (first on line 4)",
      })
  void errorsNameTheFileAndLine(String content, int line, String problem, JavaSparkContext jsc)
      throws IOException {
    Path file = dir.resolve("bad.docword.txt");
    Files.writeString(file, content.replace("\\n", "\n") + "\n");
    DataFormatException e =
        assertThrows(DataFormatException.class, () -> DocwordReader.read(jsc, file.toString(), 2));
    assertEquals(file.toString(), e.file());
    assertEquals(line, e.line(), e.getMessage());
    assertTrue(e.getMessage().startsWith(file + ":" + line + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void aVocabularyOfTheWrongSizeFailsNamingTheFile(JavaSparkContext jsc) throws IOException {
    Path file = dir.resolve("vocab.txt");
    Files.writeString(file, "alpha\nbeta\n");
    DataFormatException e =
        assertThrows(
            DataFormatException.class, () -> DocwordReader.vocabulary(jsc, file.toString(), 3));
    assertTrue(e.getMessage().startsWith(file + ":2: "), e.getMessage());
    assertEquals(
        List.of("alpha"), DocwordReader.vocabulary(jsc, file.toString(), 1), "extra lines ignored");
    assertTrue(e.getMessage().contains("W = 3"), e.getMessage());
  }
}
