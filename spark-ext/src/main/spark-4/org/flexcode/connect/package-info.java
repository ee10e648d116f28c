/**
 * Spark Connect ML wiring (Spark 4 builds only): the backend plugin that makes the Connect server
 * build FlexCode's Estimators where a client asks for Spark's own. The Estimators themselves are
 * listed for the server's ServiceLoader in {@code META-INF/services/org.apache.spark.ml.Estimator}.
 */
package org.flexcode.connect;
