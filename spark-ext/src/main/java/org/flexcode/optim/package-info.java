/**
 * Optimizers driven by the straggler-tolerant aggregate. The solvers live here once: {@code
 * CodedObjective} owns the engine (create, evaluate, record, close), {@code Lbfgs} drives Breeze's
 * L-BFGS / OWL-QN, {@code GradientDescent} runs gradient descent with a pluggable update rule and
 * the one {@code Convergence} test. On them sit the logistic-regression, matrix-factorization and
 * online-LDA trainers and a drop-in for MLlib's {@code GradientDescent} (same step schedule,
 * sampling, loss history and convergence test) with the MLlib {@code GeneralizedLinearAlgorithm}
 * built on it.
 */
package org.flexcode.optim;
