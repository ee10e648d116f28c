package org.flexcode.workloads.internal;

import java.io.Serializable;
import org.apache.spark.ml.linalg.Vector;

/** A training instance: label, instance weight and features (spark.ml vectors). */
public record WeightedPoint(double label, double weight, Vector features) implements Serializable {}
