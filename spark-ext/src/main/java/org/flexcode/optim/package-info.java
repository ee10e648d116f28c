/**
 * Optimizers driven by the straggler-tolerant aggregate: a drop-in for MLlib's {@code
 * GradientDescent} (same step schedule, sampling semantics, loss history and convergence test) and
 * the MLlib {@code GeneralizedLinearAlgorithm} built on it.
 */
package org.flexcode.optim;
