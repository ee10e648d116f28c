package org.flexcode.adaptive.internal;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Bounded staleness (SSP) over n blocks, one task per block: which blocks have a task in flight and
 * since which iteration, and when an iteration may end.
 *
 * <p>Each iteration submits a task for every block with none in flight ({@link #submitNew}); a
 * block whose task of iteration u is still running when iteration t > u starts gets no new task
 * (its worker lags). Iteration t may end ({@link #mayEnd}) once at most {@code maxMissing} blocks
 * have contributed nothing in it (a block contributes with its fresh result or with a late result
 * of an earlier iteration arriving now) and every missing block's task is less than {@code
 * staleness} iterations old: a task of iteration u is therefore waited for at iteration u + k at
 * the latest, so no applied result is older than k iterations and no block is absent for more than
 * k iterations in a row. staleness = 0 is bsp.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread calls it.
 */
public final class StalenessLedger {

  private final int staleness;
  private final int maxMissing;
  private final int[] since; // iteration of the block's task in flight, -1 for none

  /**
   * A ledger of {@code blocks} blocks, results at most {@code staleness} old, at most {@code
   * maxMissing} blocks absent from an iteration.
   */
  public StalenessLedger(int blocks, int staleness, int maxMissing) {
    checkStaleness(staleness);
    checkMissing(maxMissing);
    if (blocks < 1) {
      throw new IllegalArgumentException("ssp needs at least one block, got " + blocks);
    }
    this.staleness = staleness;
    this.maxMissing = maxMissing;
    this.since = new int[blocks];
    Arrays.fill(since, -1);
  }

  /** Refuses a staleness below 0. */
  public static void checkStaleness(int staleness) {
    if (staleness < 0) {
      throw new IllegalArgumentException(
          "ssp: staleness (iterations a result may lag) must be >= 0, got " + staleness);
    }
  }

  /** Refuses a negative count of missing blocks. */
  public static void checkMissing(int maxMissing) {
    if (maxMissing < 0) {
      throw new IllegalArgumentException(
          "ssp: b (blocks an iteration may miss) must be >= 0, got " + maxMissing);
    }
  }

  /** The blocks without a task in flight, now marked in flight since {@code iteration}. */
  public BitSet submitNew(int iteration) {
    BitSet fresh = new BitSet(since.length);
    for (int j = 0; j < since.length; j++) {
      if (since[j] < 0) {
        since[j] = iteration;
        fresh.set(j);
      }
    }
    return fresh;
  }

  /** The iteration of block j's task in flight, or -1. */
  public int inFlightSince(int block) {
    return since[block];
  }

  /** Whether iteration {@code iteration} may end with the blocks {@code contributed}. */
  public boolean mayEnd(int iteration, BitSet contributed) {
    int missing = 0;
    for (int j = contributed.nextClearBit(0);
        j < since.length;
        j = contributed.nextClearBit(j + 1)) {
      missing++;
      if (missing > maxMissing || (since[j] >= 0 && iteration - since[j] >= staleness)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a result computed at iteration {@code computedAt} may be applied at {@code appliedAt}:
   * at most {@code staleness} iterations old, and its block's task in flight is that one.
   */
  public boolean accepts(int block, int computedAt, int appliedAt) {
    return appliedAt - computedAt <= staleness
        && appliedAt >= computedAt
        && since[block] == computedAt;
  }

  /**
   * Block j's result computed at {@code computedAt} was applied: its task is no longer in flight.
   */
  public void applied(int block, int computedAt) {
    if (since[block] == computedAt) {
      since[block] = -1;
    }
  }

  /**
   * The tasks of iteration {@code iteration} ended without a result (their job is over): their
   * blocks get a fresh task in the next iteration.
   */
  public void abandon(int iteration) {
    for (int j = 0; j < since.length; j++) {
      if (since[j] == iteration) {
        since[j] = -1;
      }
    }
  }

  /** The iterations that still have a task in flight. */
  public BitSet iterationsInFlight() {
    BitSet its = new BitSet();
    for (int s : since) {
      if (s >= 0) {
        its.set(s);
      }
    }
    return its;
  }

  /** k. */
  public int staleness() {
    return staleness;
  }
}
