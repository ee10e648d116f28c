package org.flexcode.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lr job against a real HDFS (an in-process MiniDFSCluster at Spark's Hadoop version): it
 * trains from an hdfs:// file and writes its model and report to hdfs://.
 */
@ExtendWith(SparkExtension.class)
@Tag("spark")
class LrJobHdfsTest {

  @Test
  void trainsFromHdfsAndWritesModelAndReportThere(JavaSparkContext jsc, @TempDir Path dir)
      throws Exception {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("hdfs").toString());
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    try {
      FileSystem fs = cluster.getFileSystem();
      String base = fs.getUri() + "/flexcode";
      String train = base + "/agaricus.txt.train";
      fs.copyFromLocalFile(
          new org.apache.hadoop.fs.Path(
              ProjectPaths.datasets().resolve("agaricus/agaricus.txt.train").toUri()),
          new org.apache.hadoop.fs.Path(train));
      String report = base + "/out/report.json";
      String model = base + "/out/model";
      int code =
          FlexCodeSubmit.run(
              new String[] {
                "lr",
                "--train",
                train,
                "--strategy",
                "cyclic",
                "--iterations",
                "10",
                "--partitions",
                "4",
                "--report",
                report,
                "--model-out",
                model
              });
      assertEquals(0, code);

      JsonNode json;
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(report))) {
        json = new ObjectMapper().readTree(in);
      }
      assertEquals("lr", json.get("job").asText());
      assertEquals("cyclic:s=1", json.get("strategy").asText());
      assertTrue(json.get("iterations").size() > 0, json.toString());
      assertTrue(fs.exists(new org.apache.hadoop.fs.Path(model + "/metadata")));
      LogisticRegressionModel loaded = LogisticRegressionModel.load(model);
      assertEquals(json.get("params").get("num_features").asInt(), loaded.numFeatures());
    } finally {
      cluster.shutdown();
    }
  }
}
