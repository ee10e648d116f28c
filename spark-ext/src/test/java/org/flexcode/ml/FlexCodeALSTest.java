package org.flexcode.ml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.recommendation.ALS;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.flexcode.testing.SparkExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SparkExtension.class)
@Tag("spark")
class FlexCodeALSTest {

  static final int USERS = 40;
  static final int ITEMS = 30;
  static final StructType SCHEMA =
      new StructType()
          .add("user", DataTypes.IntegerType, false)
          .add("item", DataTypes.IntegerType, false)
          .add("rating", DataTypes.FloatType, false);
  static Dataset<Row> ratings;
  static ALSModel model;
  static FlexCodeALS estimator;

  @BeforeAll
  static void fit(SparkSession spark) {
    ratings = lowRankRatings(spark, USERS, ITEMS);
    estimator = new FlexCodeALS().setStrategy("cyclic").setStragglerTolerance(1);
    estimator.setRank(2).setMaxIter(80).setRegParam(0.001).setSeed(3L);
    model = estimator.fit(ratings);
  }

  /**
   * A rank-2 positive matrix of {@code numUsers} x {@code numItems}, half observed (each user rates
   * at least one item), with sparse ids (user 1000 + 7u, item 3i + 1), cached in four partitions.
   */
  static Dataset<Row> lowRankRatings(SparkSession spark, int numUsers, int numItems) {
    Random random = new Random(5);
    double[][] users = new double[numUsers][2];
    double[][] items = new double[numItems][2];
    for (double[] row : users) {
      row[0] = 1 + random.nextDouble();
      row[1] = random.nextDouble();
    }
    for (double[] row : items) {
      row[0] = 1 + random.nextDouble();
      row[1] = random.nextDouble();
    }
    List<Row> rows = new ArrayList<>();
    for (int u = 0; u < numUsers; u++) {
      for (int i = 0; i < numItems; i++) {
        if (random.nextDouble() < 0.5 || i == u % numItems) {
          double r = users[u][0] * items[i][0] + users[u][1] * items[i][1];
          rows.add(RowFactory.create(1000 + 7 * u, 3 * i + 1, (float) r));
        }
      }
    }
    return spark.createDataFrame(rows, SCHEMA).repartition(4).cache();
  }

  static double rmse(ALSModel m, Dataset<Row> data) {
    return new RegressionEvaluator().setLabelCol("rating").evaluate(m.transform(data));
  }

  @Test
  void returnsSparksAlsModelThatFitsTheRatings() {
    assertEquals(ALSModel.class, model.getClass());
    assertEquals(2, model.rank());
    assertEquals(USERS, model.userFactors().count());
    assertEquals(ITEMS, model.itemFactors().count());
    assertSame(estimator, model.parent());
    assertEquals("cyclic:s=1", estimator.aggregationStrategy().spec());
    double trainingRmse = rmse(model, ratings);
    assertTrue(trainingRmse < 0.05, "training RMSE " + trainingRmse);
    double[] internal = estimator.lastFit().userFactors();
    assertTrue(!estimator.lastTrainingReport().isEmpty(), "no iteration records");
    assertEquals(estimator.lastFit().records(), estimator.lastTrainingReport());
    Row first = model.userFactors().orderBy("id").first();
    assertEquals(1000, first.getInt(0));
    if (internal.length > 0) { // none when the factors stayed on the executors (inlineMaxBytes=0)
      assertEquals((float) internal[0], first.getList(1).get(0));
    }
  }

  /**
   * A fit above the inline budget (forced: 0 bytes) keeps its factors on the executors and builds
   * the model's frames there; its factors are the driver path's, and the model works as one.
   */
  @Test
  void aFitAboveTheInlineBudgetBuildsTheDriverPathsModelOnTheExecutors(SparkSession spark) {
    String key = "spark.flexcode.results.inlineMaxBytes";
    FlexCodeALS als = new FlexCodeALS().setStrategy("bsp");
    als.setRank(2).setMaxIter(5).setRegParam(0.01).setSeed(3L);
    ALSModel onDriver;
    ALSModel onExecutors;
    try {
      spark.conf().set(key, "inf");
      onDriver = als.fit(ratings);
      spark.conf().set(key, "0");
      onExecutors = als.fit(ratings);
    } finally {
      spark.conf().unset(key);
    }
    assertEquals(0, als.lastFit().userFactors().length, "the factors stayed on the executors");
    assertEquals(10, als.lastFit().records().size());
    List<Row> driverRows = onDriver.userFactors().orderBy("id").collectAsList();
    List<Row> executorRows = onExecutors.userFactors().orderBy("id").collectAsList();
    assertEquals(driverRows.size(), executorRows.size());
    for (int r = 0; r < driverRows.size(); r++) {
      assertEquals(driverRows.get(r).getInt(0), executorRows.get(r).getInt(0));
      List<Float> a = driverRows.get(r).getList(1);
      List<Float> b = executorRows.get(r).getList(1);
      for (int k = 0; k < 2; k++) {
        assertEquals(a.get(k), b.get(k), 1e-6f * Math.max(1f, Math.abs(a.get(k))));
      }
    }
    assertEquals(ITEMS, onExecutors.itemFactors().count());
    assertEquals(rmse(onDriver, ratings), rmse(onExecutors, ratings), 1e-6);
  }

  @Test
  void recommendsForAllUsers() {
    Dataset<Row> recommendations = model.recommendForAllUsers(5);
    assertEquals(USERS, recommendations.count());
    List<Row> lists = recommendations.select("recommendations").collectAsList();
    for (Row r : lists) {
      assertEquals(5, r.getList(0).size());
    }
  }

  @Test
  void coldStartDropRemovesUnknownUsersAndNanKeepsThem(SparkSession spark) {
    Dataset<Row> query =
        spark.createDataFrame(
            List.of(RowFactory.create(1000, 1, 1.0f), RowFactory.create(5, 1, 1.0f)), SCHEMA);
    ALSModel dropping = model.copy(new org.apache.spark.ml.param.ParamMap());
    dropping.setColdStartStrategy("drop");
    assertEquals(1, dropping.transform(query).count());
    ALSModel keeping = model.copy(new org.apache.spark.ml.param.ParamMap());
    keeping.setColdStartStrategy("nan");
    List<Row> kept = keeping.transform(query).orderBy("user").collectAsList();
    assertEquals(2, kept.size());
    assertTrue(Float.isNaN(kept.get(0).getFloat(3)), kept.toString());
  }

  @Test
  void savedModelLoadsWithSparksAlsModelLoad(@TempDir Path dir) throws Exception {
    String path = dir.resolve("model").toString();
    model.save(path);
    ALSModel loaded = ALSModel.load(path);
    assertEquals(model.rank(), loaded.rank());
    List<Row> before = model.transform(ratings).orderBy("user", "item").collectAsList();
    List<Row> after = loaded.transform(ratings).orderBy("user", "item").collectAsList();
    assertEquals(before, after);
  }

  @Test
  void savedEstimatorKeepsItsParams(@TempDir Path dir) throws Exception {
    String path = dir.resolve("estimator").toString();
    estimator.save(path);
    FlexCodeALS loaded = FlexCodeALS.load(path);
    assertInstanceOf(FlexCodeALS.class, ALS.load(path));
    assertEquals("cyclic", loaded.getStrategy());
    assertEquals(1, loaded.getStragglerTolerance());
    assertEquals(2, loaded.getRank());
    assertEquals(80, loaded.getMaxIter());
  }

  @Test
  void shadowSpecsFitWithAlternatingSweepsAndGdOnRequest() {
    FlexCodeALS shadow = new FlexCodeALS().setStrategy("shadow:m=1,f=0.5,late=1.5");
    shadow.setRank(2).setMaxIter(20).setRegParam(0.001).setSeed(3L);
    assertEquals("shadow:m=1,f=0.5,late=1.5", shadow.aggregationStrategy().spec());
    assertEquals(FlexCodeALS.Method.ALTERNATING, shadow.resolvedMethod());
    double fitted = rmse(shadow.fit(ratings), ratings);
    assertTrue(fitted < 0.05, "training RMSE with late shadows " + fitted);
    shadow.setSolver("gd").setMaxIter(80);
    assertEquals(FlexCodeALS.Method.GD, shadow.resolvedMethod());
    double gd = rmse(shadow.fit(ratings), ratings);
    assertTrue(gd < 0.25, "training RMSE of gd with late shadows " + gd);
    assertEquals(
        "hybrid:s=1,m=1,f=0.1",
        new FlexCodeALS().setStrategy("hybrid").aggregationStrategy().spec());
  }

  @Test
  void rejectsImplicitOrNonnegativeWithAGradientSolverAndLbfgsWithAnApproximateStrategy() {
    FlexCodeALS nonnegative = new FlexCodeALS().setSolver("lbfgs");
    nonnegative.setNonnegative(true);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> nonnegative.fit(ratings));
    assertEquals(
        "nonnegative = true needs solver = auto (alternating sweeps), got solver = lbfgs",
        e.getMessage());
    FlexCodeALS implicitGd = new FlexCodeALS().setSolver("gd");
    implicitGd.setImplicitPrefs(true);
    IllegalArgumentException implicit =
        assertThrows(IllegalArgumentException.class, () -> implicitGd.fit(ratings));
    assertTrue(implicit.getMessage().contains("implicitPrefs"), implicit.getMessage());
    IllegalArgumentException badSpec =
        assertThrows(
            IllegalArgumentException.class, () -> new FlexCodeALS().setStrategy("shadow:m=0"));
    assertTrue(badSpec.getMessage().contains("strategy"), badSpec.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new FlexCodeALS().setStrategy("fastest"));
    FlexCodeALS lbfgs = new FlexCodeALS().setStrategy("ignore").setSolver("lbfgs");
    assertThrows(IllegalArgumentException.class, lbfgs::resolvedMethod);
    assertEquals(
        FlexCodeALS.Method.ALTERNATING, new FlexCodeALS().setStrategy("ignore").resolvedMethod());
    assertEquals(FlexCodeALS.Method.LBFGS, new FlexCodeALS().setSolver("lbfgs").resolvedMethod());
  }

  @Test
  void nonnegativeFactorsAreNeverNegativeAndFitAPositiveMatrix() {
    // the ratings are a rank-2 product of positive factors, so the constraint costs no fit
    FlexCodeALS nonnegative = new FlexCodeALS().setStrategy("cyclic").setStragglerTolerance(1);
    nonnegative.setNonnegative(true).setRank(2).setMaxIter(40).setRegParam(0.001).setSeed(3L);
    ALSModel fitted = nonnegative.fit(ratings);
    assertAllAtLeastZero(fitted);
    double trainingRmse = rmse(fitted, ratings);
    assertTrue(trainingRmse < 0.05, "training RMSE " + trainingRmse);
    nonnegative.setImplicitPrefs(true).setAlpha(2.0).setRegParam(0.1).setMaxIter(5);
    assertAllAtLeastZero(nonnegative.fit(ratings));
    nonnegative.setImplicitPrefs(false).setMaxIter(0);
    assertAllAtLeastZero(nonnegative.fit(ratings)); // the initial factors too
  }

  /** Every user and item factor of {@code model} is >= 0. */
  static void assertAllAtLeastZero(ALSModel model) {
    for (Dataset<Row> frame : List.of(model.userFactors(), model.itemFactors())) {
      for (Row row : frame.collectAsList()) {
        for (Object value : row.getList(1)) {
          assertTrue((Float) value >= 0, "factor " + value + " of id " + row.getInt(0));
        }
      }
    }
  }

  @Test
  void implicitFeedbackReachesTheObjectiveOfSparksImplicitAls() {
    // Spark's implicit objective over all user-item pairs: confidence 1 + alpha |r|, preference
    // r > 0, lambda times each row's count of positive ratings. Both end in local minima that
    // depend on the initial factors (single seeds differ by about 2% either way): the mean of
    // three seeds, each deterministic; unconstrained, then with nonnegative = true.
    // two blocks each: Spark's default ten per side only make its fit on local[4] slower
    ALS spark = new ALS().setImplicitPrefs(true).setAlpha(2.0).setRank(2).setMaxIter(10);
    spark.setRegParam(0.1).setNumBlocks(2);
    FlexCodeALS ours = new FlexCodeALS();
    ours.setImplicitPrefs(true).setAlpha(2.0).setRank(2).setMaxIter(10).setRegParam(0.1);
    assertEquals(FlexCodeALS.Method.ALTERNATING, ours.resolvedMethod());
    for (boolean nonnegative : new boolean[] {false, true}) {
      double reference = meanImplicitObjective(spark.setNonnegative(nonnegative));
      double flexCode = meanImplicitObjective(ours.setNonnegative(nonnegative));
      System.out.printf(
          java.util.Locale.ROOT,
          "implicit objective, nonnegative %b: FlexCode %.4f, Spark %.4f%n",
          nonnegative,
          flexCode,
          reference);
      assertTrue(
          flexCode <= 1.02 * reference,
          "nonnegative " + nonnegative + ": objective " + flexCode + " vs Spark's " + reference);
    }
    ours.setNonnegative(false);
    ours.setSeed(3L);
    double atAlphaZero = implicitObjective(ours.fit(ratings), 0.0, 0.1);
    ours.setAlpha(0.0);
    double fittedAtZero = implicitObjective(ours.fit(ratings), 0.0, 0.1);
    assertTrue(
        fittedAtZero < atAlphaZero,
        "alpha reaches the solver: " + fittedAtZero + " vs " + atAlphaZero);
  }

  /** The implicit objective (alpha 2, lambda 0.1) of {@code als} fitted with seeds 3, 4, 5. */
  private static double meanImplicitObjective(ALS als) {
    double mean = 0;
    for (long seed = 3; seed <= 5; seed++) {
      mean += implicitObjective(als.setSeed(seed).fit(ratings), 2.0, 0.1) / 3;
    }
    return mean;
  }

  /** The implicit objective of {@code model}'s factors on {@link #ratings}, by brute force. */
  static double implicitObjective(ALSModel model, double alpha, double lambda) {
    java.util.Map<Integer, float[]> users = factors(model.userFactors());
    java.util.Map<Integer, float[]> items = factors(model.itemFactors());
    java.util.Map<List<Integer>, Double> observed = new java.util.HashMap<>();
    for (Row r : ratings.collectAsList()) {
      observed.put(List.of(r.getInt(0), r.getInt(1)), (double) r.getFloat(2));
    }
    double objective = 0;
    for (java.util.Map.Entry<Integer, float[]> u : users.entrySet()) {
      for (java.util.Map.Entry<Integer, float[]> i : items.entrySet()) {
        double dot = 0;
        for (int k = 0; k < u.getValue().length; k++) {
          dot += u.getValue()[k] * i.getValue()[k];
        }
        Double r = observed.get(List.of(u.getKey(), i.getKey()));
        double c = 1 + alpha * (r == null ? 0 : Math.abs(r));
        double p = r != null && r > 0 ? 1 : 0;
        objective += c * (p - dot) * (p - dot);
      }
    }
    for (List<Integer> pair : observed.keySet()) {
      if (observed.get(pair) > 0) {
        objective += lambda * (norm(users.get(pair.get(0))) + norm(items.get(pair.get(1))));
      }
    }
    return objective;
  }

  private static java.util.Map<Integer, float[]> factors(Dataset<Row> frame) {
    java.util.Map<Integer, float[]> factors = new java.util.HashMap<>();
    for (Row row : frame.collectAsList()) {
      List<Float> values = row.getList(1);
      float[] f = new float[values.size()];
      for (int k = 0; k < f.length; k++) {
        f[k] = values.get(k);
      }
      factors.put(row.getInt(0), f);
    }
    return factors;
  }

  private static double norm(float[] f) {
    double sum = 0;
    for (float x : f) {
      sum += x * x;
    }
    return sum;
  }
}
