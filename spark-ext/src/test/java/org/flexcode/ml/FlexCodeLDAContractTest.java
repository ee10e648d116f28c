package org.flexcode.ml;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.ml.Model;
import org.apache.spark.ml.clustering.LocalLDAModel;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Tag;

/** The Estimator contract for {@link FlexCodeLDA}, on Spark's 12-document LDA sample. */
@Tag("spark")
class FlexCodeLDAContractTest extends FlexCodeEstimatorContractTest<FlexCodeLDA> {

  @Override
  FlexCodeLDA create() {
    return new FlexCodeLDA();
  }

  @Override
  FlexCodeLDA quick(FlexCodeLDA estimator) {
    FlexCodeLDATest.configured(estimator).setMaxIter(10);
    return estimator;
  }

  @Override
  Dataset<Row> data(SparkSession spark) {
    return FlexCodeLDATest.sample(spark);
  }

  @Override
  FlexCodeLDA load(String path) {
    return FlexCodeLDA.load(path);
  }

  @Override
  Evaluator evaluator() {
    return new TopTopicWeight();
  }

  @Override
  double defaultStepSize() {
    return 1.0;
  }

  @Override
  void checkModel(Model<?> model, Dataset<Row> data, String strategy) {
    LocalLDAModel lda = assertInstanceOf(LocalLDAModel.class, model);
    assertEquals(3, lda.getK());
    double perplexity = lda.logPerplexity(data);
    assertTrue(Double.isFinite(perplexity) && perplexity > 0, strategy + ": " + perplexity);
  }

  /** The mean weight of each document's top topic (higher: sharper topics), for CrossValidator. */
  static final class TopTopicWeight extends Evaluator {
    private static final long serialVersionUID = 1L;
    private final String uid;

    TopTopicWeight() {
      this(Identifiable$.MODULE$.randomUID("topTopicWeight"));
    }

    /** Spark's {@code defaultCopy} creates it this way. */
    public TopTopicWeight(String uid) {
      this.uid = uid;
    }

    @Override
    public double evaluate(Dataset<?> dataset) {
      double total = 0;
      long count = 0;
      for (Row row : dataset.select(col("topicDistribution")).collectAsList()) {
        double top = 0;
        for (double p : ((Vector) row.get(0)).toArray()) {
          top = Math.max(top, p);
        }
        total += top;
        count++;
      }
      return total / count;
    }

    @Override
    public Evaluator copy(ParamMap extra) {
      return defaultCopy(extra);
    }

    @Override
    public String uid() {
      return uid;
    }
  }
}
