package org.flexcode.aggregation;

import java.util.function.Consumer;

/**
 * Test-only: a watcher of every strategy resolved through {@link AggregationStrategy#resolve}, so a
 * test can count how often a fit turns its params into a strategy. Production code never installs
 * one; {@link #clear} removes it.
 */
public final class StrategyTestHooks {

  private static volatile Consumer<String> resolutions = null;

  private StrategyTestHooks() {}

  /** Every name or spec resolved from now on goes to {@code watcher} too (until {@link #clear}). */
  public static void watchResolutions(Consumer<String> watcher) {
    resolutions = watcher;
  }

  /** Removes the installed watcher. */
  public static void clear() {
    resolutions = null;
  }

  /** Hands {@code nameOrSpec}, about to be resolved, to the installed watcher, if any. */
  static void resolving(String nameOrSpec) {
    Consumer<String> watcher = resolutions;
    if (watcher != null) {
      watcher.accept(nameOrSpec);
    }
  }
}
