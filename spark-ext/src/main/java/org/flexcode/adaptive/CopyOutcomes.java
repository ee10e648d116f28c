package org.flexcode.adaptive;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Whether {@code steal}'s idle holders may still take over a running block task's chunks early
 * ({@link CopyThresholds#IDLE_TAKEOVER}): only while copies of running chunks pay off. Over the
 * last {@link #WINDOW} iterations that launched such copies, a copy that arrived first (its result
 * used) won; once at least {@link #MIN_COPIES} copies ran and fewer than {@link #MIN_WIN_SHARE} of
 * them won, early takeover stops and a running chunk waits the full {@code late} x the median
 * before any copy. Those late copies keep being counted, so the takeover comes back when they start
 * winning again.
 *
 * <p>Why: a copy taken over at a little over the median wins when the block's executor is slow (a
 * transient straggler: the copy finishes its chunk in a quarter of a block). When it is not, the
 * copy loses, and where executors share a host's cores (one machine running every executor, cores
 * oversubscribed) every losing copy takes CPU from the blocks still running: under real compute
 * with nobody straggling the copies only slowed the iteration.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread and the model's {@code steal} rule
 * each keep one.
 */
public final class CopyOutcomes {

  /** Iterations that launched copies whose outcomes count. */
  public static final int WINDOW = 5;

  /** Copies counted before their win share decides. */
  public static final int MIN_COPIES = 4;

  /** Early takeover stops when copies win less than this share of the time. */
  public static final double MIN_WIN_SHARE = 1.0 / 3;

  private final Deque<int[]> outcomes = new ArrayDeque<>();

  /** One iteration launched {@code copies} copies of running chunks, {@code won} of them used. */
  public void observe(int copies, int won) {
    if (copies < 0 || won < 0 || won > copies) {
      throw new IllegalArgumentException(
          "copies " + copies + " and won " + won + ": expected 0 <= won <= copies");
    }
    if (copies == 0) {
      return;
    }
    outcomes.addLast(new int[] {copies, won});
    if (outcomes.size() > WINDOW) {
      outcomes.removeFirst();
    }
  }

  /** Whether idle holders may take over a running block task's chunks early. */
  public boolean takeoverPays() {
    int copies = outcomes.stream().mapToInt(o -> o[0]).sum();
    int won = outcomes.stream().mapToInt(o -> o[1]).sum();
    return copies < MIN_COPIES || won >= MIN_WIN_SHARE * copies;
  }

  /** The counted outcomes, for the log ("3 of 12 copies won over the last 2 iterations"). */
  public String describe() {
    int copies = outcomes.stream().mapToInt(o -> o[0]).sum();
    int won = outcomes.stream().mapToInt(o -> o[1]).sum();
    return won + " of " + copies + " copies won over the last " + outcomes.size() + " iterations";
  }
}
