package org.flexcode.optim;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;

/** Argument checks of the trainers' settings; errors name the setting, the bound and the value. */
final class Checks {

  private Checks() {}

  /**
   * The checks every trainer's Config shares: maxIter >= 0, and an aggregation strategy and engine
   * options given.
   */
  static void iterationsAndEngine(
      int maxIter, AggregationStrategy strategy, AggregatorOptions options) {
    atLeast("maxIter", maxIter, 0);
    if (strategy == null || options == null) {
      throw new IllegalArgumentException("strategy and options must not be null");
    }
  }

  /**
   * The checks both factorization trainers' Configs share: rank >= 1, regParam a finite number >=
   * 0, and those of {@link #iterationsAndEngine}.
   */
  static void factorization(
      int rank,
      int maxIter,
      double regParam,
      AggregationStrategy strategy,
      AggregatorOptions options) {
    atLeast("rank", rank, 1);
    iterationsAndEngine(maxIter, strategy, options);
    finiteAtLeastZero("regParam", regParam);
  }

  /** Throws unless {@code value >= min}. */
  static void atLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + " must be >= " + min + ", got " + value);
    }
  }

  /** Throws unless {@code value > 0} (NaN fails). */
  static void positive(String name, double value) {
    if (!(value > 0)) {
      throw new IllegalArgumentException(name + " must be > 0, got " + value);
    }
  }

  /** Throws unless {@code value} is a finite number >= 0. */
  static void finiteAtLeastZero(String name, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
    }
  }

  /** Throws unless {@code value} is a finite number > 0. */
  static void finitePositive(String name, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a positive number, got " + value);
    }
  }
}
