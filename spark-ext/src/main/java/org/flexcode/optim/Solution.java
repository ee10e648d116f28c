package org.flexcode.optim;

/**
 * What a solver returns: the last point and the objective history (one entry per solver iteration;
 * for L-BFGS the initial point first).
 */
record Solution(double[] x, double[] history) {}
