package org.flexcode.stragglers;

import java.util.SplittableRandom;
import org.flexcode.spec.KeyedRandom;

/**
 * Seeded, repeatable random draws keyed on a few numbers: the same (seed, key) gives the same
 * generator in every JVM, so the driver, the executors, MLlib's rows and FlexCode's draw alike.
 */
final class Draws {

  /** Salt of worker-level draws, so they differ from per-task draws of the same numbers. */
  static final long WORKER = 0x5EED_0F_3A7E5L;

  private Draws() {}

  /** A generator for the key (a, b, c) under {@code seed} ({@link KeyedRandom}, as the model). */
  static SplittableRandom of(long seed, long a, long b, long c) {
    return KeyedRandom.of(seed, a, b, c);
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
