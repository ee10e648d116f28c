/**
 * Optimizers driven by the straggler-tolerant aggregate: a drop-in for MLlib's {@code
 * GradientDescent} (same step schedule, sampling semantics, loss history and convergence test), the
 * MLlib {@code GeneralizedLinearAlgorithm} built on it, the logistic-regression trainer and the
 * online-LDA trainer (MLlib's {@code OnlineLDAOptimizer} schedule).
 */
package org.flexcode.optim;
