/**
 * The statistics each workload sums over data blocks through the engine: the weighted binary
 * logistic loss and gradient in standardized feature space, as spark.ml defines them; the factor
 * gradients and loss of matrix factorization (ALS-WR objective); and the online-LDA E-step
 * sufficient statistics with their M-step, as MLlib's online optimizer defines them.
 */
package org.flexcode.workloads.internal;
