package org.flexcode.spec;

import java.util.SplittableRandom;

/**
 * Seeded, repeatable random streams keyed on a few numbers, shared by the straggler patterns'
 * injection and the model's Monte Carlo, so that both draw the same factor for the same (seed,
 * executor, iteration). The seed is hashed before the key joins it: XOR-ing the seed with an
 * executor id's hash directly mapped seeds 0 to 7 over executors "0" to "7" (hashes 48 to 55) onto
 * the same eight streams, permuted, so every such seed drew the same slowest factors. Plain Java.
 */
public final class KeyedRandom {

  /** Mixed in before the seed, so that the seed is hashed before the key joins it. */
  private static final long SEED_SALT = 0x632BE59BD9B4E019L;

  private KeyedRandom() {}

  /** The stream for the key (a, b, c) under {@code seed}: the same in every JVM. */
  public static SplittableRandom of(long seed, long a, long b, long c) {
    return new SplittableRandom(mix(mix(mix(mix(SEED_SALT, seed), a), b), c));
  }

  private static long mix(long h, long v) {
    long x = (h ^ v) * 0x9E3779B97F4A7C15L;
    return x ^ (x >>> 31);
  }
}
