package org.flexcode.metrics;

/** How far one vector is from a reference, as tests and benchmarks report it. */
public final class Errors {

  private Errors() {}

  /** ||x - reference|| / ||reference|| (the absolute error when the reference is 0). */
  public static double relative(double[] x, double[] reference) {
    if (x.length != reference.length) {
      throw new IllegalArgumentException(
          "vectors of different lengths: " + x.length + " and " + reference.length);
    }
    double diff = 0;
    double norm = 0;
    for (int d = 0; d < x.length; d++) {
      diff += (x[d] - reference[d]) * (x[d] - reference[d]);
      norm += reference[d] * reference[d];
    }
    return norm == 0 ? Math.sqrt(diff) : Math.sqrt(diff / norm);
  }
}
