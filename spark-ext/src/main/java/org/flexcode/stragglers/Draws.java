package org.flexcode.stragglers;

import java.util.SplittableRandom;

/**
 * Seeded, repeatable random draws keyed on a few numbers: the same (seed, key) gives the same
 * generator in every JVM, so the driver, the executors, MLlib's rows and FlexCode's draw alike.
 */
final class Draws {

  /** Salt of worker-level draws, so they differ from per-task draws of the same numbers. */
  static final long WORKER = 0x5EED_0F_3A7E5L;

  private Draws() {}

  /** Mixed in before the seed, so that the seed is hashed before the key joins it. */
  private static final long SEED_SALT = 0x632BE59BD9B4E019L;

  /**
   * A generator for the key (a, b, c) under {@code seed}. The seed is hashed before the key joins
   * it: XOR-ing the seed with an executor id's hash directly mapped seeds 0 to 7 over executors "0"
   * to "7" (hashes 48 to 55) onto the same eight streams, permuted, so every such seed drew the
   * same slowest factors.
   */
  static SplittableRandom of(long seed, long a, long b, long c) {
    return new SplittableRandom(mix(mix(mix(mix(SEED_SALT, seed), a), b), c));
  }

  private static long mix(long h, long v) {
    long x = (h ^ v) * 0x9E3779B97F4A7C15L;
    return x ^ (x >>> 31);
  }

  /** A generator for one task attempt: (partition, iteration, attempt). */
  static SplittableRandom task(long seed, TaskSlot slot) {
    return of(seed, slot.partition(), slot.iteration(), slot.attempt());
  }

  /** A generator for one executor in one iteration, shared by all the tasks it runs then. */
  static SplittableRandom worker(long seed, String executor, long iteration) {
    return of(seed, executor.hashCode(), iteration, WORKER);
  }

  static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
