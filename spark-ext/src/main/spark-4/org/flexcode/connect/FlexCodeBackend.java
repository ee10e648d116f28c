package org.flexcode.connect;

import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connect.plugin.MLBackendPlugin;
import org.flexcode.ml.FlexCodeALS;
import org.flexcode.ml.FlexCodeLDA;
import org.flexcode.ml.FlexCodeLinearRegression;
import org.flexcode.ml.FlexCodeLinearSVC;
import org.flexcode.ml.FlexCodeLogisticRegression;

/**
 * A Spark Connect ML backend that serves Spark's {@code LogisticRegression}, {@code
 * LinearRegression}, {@code LinearSVC}, {@code ALS} and {@code LDA} with FlexCode's Estimators,
 * enabled by {@code spark.connect.ml.backend.classes=org.flexcode.connect.FlexCodeBackend}. The
 * Connect server asks every configured backend for a replacement of each operator name it is about
 * to build or load (estimators, models, evaluators); this one answers only for those Estimators, so
 * the models they return (Spark's own classes) are served, saved and loaded by Spark as usual. The
 * FlexCode params take their defaults from the session's {@code spark.flexcode.*} keys, so the
 * strategy is chosen by configuration.
 */
public final class FlexCodeBackend implements MLBackendPlugin {

  private static final Map<String, String> REPLACEMENTS =
      Map.of(
          "org.apache.spark.ml.classification.LogisticRegression",
          FlexCodeLogisticRegression.class.getName(),
          "org.apache.spark.ml.recommendation.ALS",
          FlexCodeALS.class.getName(),
          "org.apache.spark.ml.clustering.LDA",
          FlexCodeLDA.class.getName(),
          "org.apache.spark.ml.regression.LinearRegression",
          FlexCodeLinearRegression.class.getName(),
          "org.apache.spark.ml.classification.LinearSVC",
          FlexCodeLinearSVC.class.getName());

  /** Created by the Connect server from the class name in its configuration. */
  public FlexCodeBackend() {}

  @Override
  public Optional<String> transform(String mlName) {
    return Optional.ofNullable(REPLACEMENTS.get(mlName));
  }
}
