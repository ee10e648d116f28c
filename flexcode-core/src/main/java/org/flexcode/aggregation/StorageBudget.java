package org.flexcode.aggregation;

import java.util.Locale;

/**
 * What a layout that caches copies of the input may cache: the input's estimated size in memory and
 * the storage memory free on the executors when the engine starts. A copies layout keeps the input
 * itself cached while it caches the copies, so the copies that fit are the free memory over the
 * input's size, less one.
 *
 * @param inputBytes the input's estimated size in memory (0: unknown or empty, no limit)
 * @param freeBytes storage memory free for caching, summed over the executors
 */
public record StorageBudget(long inputBytes, long freeBytes) {

  /** No limit: nothing measured. */
  public static final StorageBudget UNLIMITED = new StorageBudget(0, Long.MAX_VALUE);

  /** The copies of the input the free memory holds beside the input itself. */
  public int copiesThatFit() {
    if (inputBytes <= 0) {
      return Integer.MAX_VALUE;
    }
    return (int) Math.max(0, Math.min(Integer.MAX_VALUE, freeBytes / inputBytes - 1));
  }

  /** "its input takes about X MB in memory and the executors have Y MB of storage memory free". */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "its input takes about %.1f MB in memory and the executors have %.1f MB of storage"
            + " memory free",
        inputBytes / 1e6,
        freeBytes / 1e6);
  }
}
