package org.flexcode.entropy.internal;

/**
 * Integer hashing and a small seeded generator, specified here so every JVM (every copy of a block
 * on any executor) computes the same hashes and the same random subsets. The mix is the SplitMix64
 * finaliser (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014).
 */
final class Mix {

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private long state;

  /** A generator whose sequence depends only on {@code seed}. */
  Mix(long seed) {
    this.state = mix(seed);
  }

  /** SplitMix64 finaliser: a bijective 64-bit mix with full avalanche. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A hash of {@code value} under hash function number {@code seed}. */
  static long hash(long value, long seed) {
    return mix(mix(seed * GOLDEN + GOLDEN) ^ (value * GOLDEN));
  }

  /** The next 64 random bits. */
  long nextLong() {
    state += GOLDEN;
    return mix(state);
  }

  /** Uniform in [0, bound), bound > 0, without modulo bias (rejection as in java.util.Random). */
  int nextInt(int bound) {
    int bits;
    int value;
    do {
      bits = (int) (nextLong() >>> 33);
      value = bits % bound;
    } while (bits - value + (bound - 1) < 0);
    return value;
  }

  /**
   * Moves a uniformly random {@code k}-subset of {@code items} (in random order) to its first
   * {@code k} places: a partial Fisher-Yates shuffle.
   */
  void partialShuffle(int[] items, int k) {
    for (int i = 0; i < k; i++) {
      int j = i + nextInt(items.length - i);
      int t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
  }
}
