package org.flexcode.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class ReadersTest {

  @TempDir Path dir;

  @Test
  void readsTheBundledA9aWithLabelsMappedToZeroOne(JavaSparkContext jsc) {
    String train = ProjectPaths.datasets().resolve("a9a/a9a").toString();
    JavaRDD<LabeledPoint> points = Lines.validated(LibSvmReader.read(jsc, train, 123, 2));
    assertEquals(32_561, points.count());
    assertEquals(7_841, points.filter(p -> p.label() == 1.0).count());
    assertEquals(24_720, points.filter(p -> p.label() == 0.0).count());
    String test = ProjectPaths.datasets().resolve("a9a/a9a.t").toString();
    assertEquals(16_281, Lines.validated(LibSvmReader.read(jsc, test, 123, 2)).count());
  }

  @Test
  void readsTheAvazuSampleWithAndWithoutHeader(JavaSparkContext jsc) {
    Path avazu = ProjectPaths.datasets().resolve("avazu-sample");
    JavaRDD<LabeledPoint> train =
        Lines.validated(
            AvazuCsvReader.read(jsc, avazu.resolve("train.csv").toString(), 1 << 18, true, 2));
    assertEquals(8_087, train.count());
    assertEquals(1_397, train.filter(p -> p.label() == 1.0).count());
    assertTrue(train.first().features().numNonzeros() >= 20, "about one feature per column");
    assertEquals(
        480,
        AvazuCsvReader.read(jsc, avazu.resolve("dev.csv").toString(), 1 << 18, false, 2).count());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1 3:1 5:1| 2 1:1| 2| label must be 0/1 or -1/+1",
        "1 3:1 5:1| -1 1:x| 2| value of feature 1 is not a number: 'x'",
        "1 3:1 5:1| -1 1:NaN| 2| value of feature 1 is not finite",
        "1 3:1 5:1| -1 7:1| 2| feature index 7 is outside 1..6 (numFeatures)",
        "1 3:1 5:1| -1 4:1 2:1| 2| feature indices must ascend: 2 after 4",
        "1 3:1 5:1| -1 4| 2| token 1 '4' is not index:value",
        "1 3:1 5:1| Infinity 4:1| 2| label is not finite",
      })
  void libSvmErrorsNameTheFileAndLine(
      String good, String bad, int badLine, String problem, JavaSparkContext jsc)
      throws IOException {
    Path file = dir.resolve("bad.libsvm");
    Files.writeString(file, good.trim() + "\n" + bad.trim() + "\n" + good.trim() + "\n");
    DataFormatException e =
        assertThrows(
            DataFormatException.class,
            () -> Lines.validated(LibSvmReader.read(jsc, file.toString(), 6, 1)));
    assertEquals(file.toString(), e.file());
    assertEquals(badLine, e.line());
    assertTrue(e.getMessage().startsWith(file + ":" + badLine + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void avazuErrorsNameTheFileAndLine(JavaSparkContext jsc) throws IOException {
    String header = String.join(",", AvazuCsvReader.COLUMNS);
    String row =
        "1,0,14102100,1005,0,1fbe01fe,f3845767,28905ebd,ecad2386,7801e8d9,07d7df22,a99f214a,96809ac8,711ee120,1,0,15704,320,50,1722,0,35,100084,79";
    Path shortRow = dir.resolve("short.csv");
    Files.writeString(shortRow, header + "\n" + row + "\n1,0,14102100\n");
    DataFormatException columns =
        assertThrows(
            DataFormatException.class,
            () -> Lines.validated(AvazuCsvReader.read(jsc, shortRow.toString(), 1024, true, 1)));
    assertEquals(3, columns.line());
    assertTrue(columns.getMessage().contains("expected 24 columns, found 3"), columns.getMessage());

    Path badLabel = dir.resolve("label.csv");
    Files.writeString(badLabel, row + "\n" + row.replaceFirst(",0,", ",2,") + "\n");
    DataFormatException label =
        assertThrows(
            DataFormatException.class,
            () -> Lines.validated(AvazuCsvReader.read(jsc, badLabel.toString(), 1024, false, 1)));
    assertEquals(2, label.line());
    assertTrue(label.getMessage().contains("click (label) must be 0 or 1, got '2'"));

    Path noHeader = dir.resolve("noheader.csv");
    Files.writeString(noHeader, row + "\n");
    DataFormatException missing =
        assertThrows(
            DataFormatException.class,
            () -> Lines.validated(AvazuCsvReader.read(jsc, noHeader.toString(), 1024, true, 1)));
    assertEquals(1, missing.line());
    assertTrue(missing.getMessage().contains("header must be id,click,hour"));
  }
}
