package org.flexcode.workloads.internal;

import java.util.SplittableRandom;

/**
 * The special functions and random draws of online LDA. digamma, trigamma and log-gamma are
 * Breeze's ({@code breeze.numerics}, the implementations MLlib's LDA uses), called through their
 * {@code Double} implementations so no Scala implicit is needed from Java. Breeze's digamma is
 * accurate to about 3e-9 absolute near 1 (SpecialTest checks 1e-8 against known values); MLlib's
 * LDA uses the same function, so the two fits share that error.
 *
 * <p>Gamma draws use Marsaglia and Tsang (2000), "A simple method for generating gamma variables",
 * ACM TOMS 26(3), on a {@link SplittableRandom} seeded by the caller: identical on every JVM, so
 * every copy of a data block draws the same numbers. Shapes below 1 use the boost G(a) = G(a + 1)
 * U^(1/a).
 */
final class Special {

  private Special() {}

  /** psi(x) = d/dx log Gamma(x). */
  static double digamma(double x) {
    return breeze.numerics.package$digamma$digammaImplDouble$.MODULE$.apply(x);
  }

  /** psi'(x). */
  static double trigamma(double x) {
    return breeze.numerics.package$trigamma$trigammaImplDouble$.MODULE$.apply(x);
  }

  /** log Gamma(x), x > 0. */
  static double lgamma(double x) {
    return breeze.numerics.package$lgamma$lgammaImplDouble$.MODULE$.apply(x);
  }

  /** A Gamma(shape, scale) draw. */
  static double gamma(SplittableRandom random, double shape, double scale) {
    if (shape < 1) {
      double u = random.nextDouble();
      return gamma(random, shape + 1, scale) * Math.pow(u, 1 / shape);
    }
    double d = shape - 1.0 / 3.0;
    double c = 1.0 / Math.sqrt(9 * d);
    while (true) {
      double x = random.nextGaussian();
      double v = 1 + c * x;
      if (v <= 0) {
        continue;
      }
      v = v * v * v;
      double u = random.nextDouble();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) {
        return d * v * scale;
      }
    }
  }

  /** SplitMix64's finalizer (Steele, Lea, Flood 2014): a well-mixed 64-bit hash. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** A seed for (seed, a, b), different for every triple in practice. */
  static long seed(long seed, long a, long b) {
    return mix(mix(mix(seed) + a) + b);
  }

  /** A uniform number in [0, 1) determined by {@code hash}. */
  static double uniform(long hash) {
    return (mix(hash) >>> 11) * 0x1.0p-53;
  }
}
