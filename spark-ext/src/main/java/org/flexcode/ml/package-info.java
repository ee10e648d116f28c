/**
 * spark.ml Estimators that are drop-ins for Spark's own and return Spark's own model classes, with
 * the gradient aggregated by a FlexCode strategy. All of them take the same {@link
 * org.flexcode.ml.FlexCodeParams}, which become an aggregation strategy in one place.
 */
package org.flexcode.ml;
