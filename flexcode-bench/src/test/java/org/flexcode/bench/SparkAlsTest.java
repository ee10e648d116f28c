package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.flexcode.workloads.internal.IndexedRating;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The bench's {@code als} row checkpoints Spark's ALS: a context without a checkpoint folder gets
 * one, and a fit of more than 10 iterations writes its checkpoints there.
 */
@ExtendWith(SparkExtension.class)
@SparkMaster("local[2]")
@Tag("spark")
class SparkAlsTest {

  @Test
  void aFitWithoutACheckpointFolderGetsOneAndCheckpointsItsFactors(
      JavaSparkContext jsc, SparkSession spark) throws IOException {
    assertFalse(jsc.sc().getCheckpointDir().isDefined(), "the test context starts without one");
    List<IndexedRating> ratings = new ArrayList<>();
    Random random = new Random(3);
    for (int user = 0; user < 20; user++) {
      for (int item = 0; item < 15; item++) {
        if (random.nextDouble() < 0.5) {
          ratings.add(new IndexedRating(user, item, 1 + random.nextInt(5)));
        }
      }
    }
    double[] objective =
        SparkAls.fitObjective(
            spark, jsc.parallelize(ratings, 2), 20, 15, new SparkAls.Settings(3, 0.1, 12, 5));
    assertTrue(Double.isFinite(objective[0]) && objective[0] > 0, "F " + objective[0]);
    String folder = jsc.sc().getCheckpointDir().get();
    try (Stream<Path> files = Files.walk(Path.of(URI.create(folder)))) {
      assertTrue(
          files.anyMatch(Files::isRegularFile),
          "ALS wrote a checkpoint in 12 iterations: " + folder);
    }
    SparkAls.ensureCheckpointFolder(spark);
    assertEquals(folder, jsc.sc().getCheckpointDir().get(), "an existing folder is kept");
  }
}
