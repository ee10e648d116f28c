package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.flexcode.aggregation.copies.internal.CopiesFit;
import org.flexcode.metrics.IterationRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The default strategy on an application whose storage memory cannot hold copies of the data (6 MB
 * of memory for Spark, about 3.6 MB of it for storage, against agaricus at about 2 MB in memory):
 * it runs bsp, logs one line saying why, and fits what an explicit bsp fits.
 */
@Tag("spark")
class LittleStorageMemoryTest {

  private static JavaSparkContext jsc;
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    SparkConf conf =
        new SparkConf()
            .setMaster("local[2]")
            .setAppName("LittleStorageMemoryTest")
            .set("spark.ui.enabled", "false")
            .set("spark.driver.host", "127.0.0.1")
            .set("spark.driver.bindAddress", "127.0.0.1")
            .set("spark.sql.shuffle.partitions", "4")
            .set("spark.testing.reservedMemory", "0")
            .set("spark.testing.memory", String.valueOf(6L << 20));
    jsc = new JavaSparkContext(conf);
    jsc.setLogLevel("WARN");
    spark = SparkSession.builder().config(jsc.getConf()).getOrCreate();
  }

  @AfterAll
  static void stop() {
    jsc.stop();
  }

  @Test
  void theDefaultRunsBspSaysWhyAndFitsExactly() {
    Dataset<Row> agaricus =
        FlexCodeLogisticRegressionTest.frame(jsc, spark, "agaricus/agaricus.txt.train", 126, 4);
    List<String> warnings = new CopyOnWriteArrayList<>();
    Logger logger = (Logger) LogManager.getLogger(CopiesFit.class);
    Collecting appender = new Collecting(warnings);
    appender.start();
    logger.addAppender(appender);
    FlexCodeLogisticRegression byDefault = new FlexCodeLogisticRegression();
    LogisticRegressionModel fitted;
    try {
      fitted = byDefault.setMaxIter(15).fit(agaricus);
    } finally {
      logger.removeAppender(appender);
    }
    assertEquals("auto:exact=true", byDefault.getStrategy());
    List<IterationRecord> records = byDefault.lastTrainingReport();
    assertTrue(!records.isEmpty(), "no iterations");
    assertTrue(
        records.stream().allMatch(r -> r.strategy().equals("bsp")),
        "ran " + records.get(0).strategy());
    assertEquals(1, warnings.size(), "one line says why: " + warnings);
    String why = warnings.get(0);
    assertTrue(why.contains("auto:exact=true") && why.contains("storage memory free"), why);
    assertTrue(why.contains("running bsp"), why);

    LogisticRegressionModel bsp =
        new FlexCodeLogisticRegression().setStrategy("bsp").setMaxIter(15).fit(agaricus);
    double difference =
        FlexCodeLogisticRegressionTest.relativeDifference(
            fitted.coefficients().toArray(), bsp.coefficients().toArray());
    assertTrue(
        difference <= 1e-12, "the default's coefficients differ from bsp's by " + difference);
  }

  /** Keeps the formatted message of every event at WARN or above. */
  private static final class Collecting extends AbstractAppender {
    private final List<String> messages;

    Collecting(List<String> messages) {
      super("collecting", null, null, true, Property.EMPTY_ARRAY);
      this.messages = messages;
    }

    @Override
    public void append(LogEvent event) {
      if (event.getLevel().isMoreSpecificThan(org.apache.logging.log4j.Level.WARN)) {
        messages.add(event.getMessage().getFormattedMessage());
      }
    }
  }
}
