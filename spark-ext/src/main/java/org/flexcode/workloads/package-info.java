/**
 * The statistics each workload sums over data blocks through the engine: for now the weighted
 * binary logistic loss and gradient in standardized feature space, as spark.ml defines them, and
 * the factor gradients and loss of matrix factorization (ALS-WR objective).
 */
package org.flexcode.workloads;
