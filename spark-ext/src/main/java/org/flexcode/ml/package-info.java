/**
 * spark.ml Estimators that are drop-ins for Spark's own and return Spark's own model classes, with
 * the gradient aggregated by a FlexCode strategy.
 */
package org.flexcode.ml;
