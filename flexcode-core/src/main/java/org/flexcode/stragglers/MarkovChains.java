package org.flexcode.stragglers;

import java.util.BitSet;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The replayed states of {@link WorkerPatterns.Markov} chains, cached per (pattern, seed, executor)
 * in this JVM: a chain is extended, never redrawn, so the state of a given (seed, executor,
 * iteration) is the same whichever iteration is asked first. The cache is a cache only (bounded;
 * cleared when full, then replayed).
 */
final class MarkovChains {

  private static final int MAX_CHAINS = 4_096;
  private static final Map<Key, Chain> CHAINS = new ConcurrentHashMap<>();

  private record Key(WorkerPatterns.Markov pattern, long seed, String executor) {}

  private MarkovChains() {}

  static boolean isSlow(WorkerPatterns.Markov pattern, long seed, String executor, int iteration) {
    if (CHAINS.size() > MAX_CHAINS) {
      CHAINS.clear();
    }
    return CHAINS
        .computeIfAbsent(new Key(pattern, seed, executor), k -> new Chain(k))
        .isSlow(iteration);
  }

  /** One executor's chain: states 0..length-1 drawn so far, and the generator to draw more. */
  private static final class Chain {
    private final WorkerPatterns.Markov pattern;
    private final SplittableRandom random;
    private final BitSet slow = new BitSet();
    private int length;

    Chain(Key key) {
      this.pattern = key.pattern();
      this.random = Draws.worker(key.seed(), key.executor(), -1);
    }

    synchronized boolean isSlow(int iteration) {
      while (length <= iteration) {
        boolean next;
        if (length == 0) {
          next = random.nextDouble() < pattern.slowShare();
        } else if (slow.get(length - 1)) {
          next = random.nextDouble() >= pattern.recover();
        } else {
          next = random.nextDouble() < pattern.slow();
        }
        slow.set(length++, next);
      }
      return slow.get(iteration);
    }
  }
}
