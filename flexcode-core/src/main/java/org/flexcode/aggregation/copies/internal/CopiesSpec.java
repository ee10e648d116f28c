package org.flexcode.aggregation.copies.internal;

import org.flexcode.adaptive.internal.StealHome;

/**
 * The chunk-copies layout a strategy asks for: each block cut into {@code chunks} chunks, each
 * chunk cached on {@code copies} executors; {@code late} x the median chunk time launches a late
 * copy (0: none); {@code home} runs the home copies per chunk or per block; {@code holdersOnDemand}
 * caches only the home copies at setup and the others when first used.
 */
public record CopiesSpec(
    int copies, int chunks, double late, StealHome home, boolean holdersOnDemand) {

  /**
   * Copies of each chunk {@code steal}, {@code auto} and {@code flexrr} cache by default (r):
   * three, fewer when fewer executors are registered (never below two; see {@link #fittedCopies}).
   * On 8 executors of 2 cores, emulated compute, a third copy lowered {@code
   * slow-worker:p=0.2,max=2} from 0.757x to 0.734x mllib's iteration and persistent from 0.397x to
   * 0.383x, with no extra compute when nobody straggles (docs/archive/BENCHMARKS-journal.md,
   * 2026-11-27, "steal with a third copy").
   */
  public static final int DEFAULT_COPIES = 3;

  /** Chunks each block is cut into by default. */
  public static final int DEFAULT_CHUNKS = 4;

  /** The late-copy multiplier of the median chunk time by default; 0: no late copies. */
  public static final double DEFAULT_LATE = 1.5;

  /** Validates. */
  public CopiesSpec {
    if (home == null) {
      throw new IllegalArgumentException("steal: home must be auto, chunks or block");
    }
    if (copies < 1) {
      throw new IllegalArgumentException(
          "steal: r (copies of each chunk) must be >= 1, got " + copies);
    }
    if (chunks < 1) {
      throw new IllegalArgumentException("steal: chunks (per block) must be >= 1, got " + chunks);
    }
    if (!(late == 0 || late >= 1)) {
      throw new IllegalArgumentException(
          "steal: late must be 0 (no late copies) or a multiplier >= 1, got " + late);
    }
  }

  /**
   * The copies fitted to {@code executors} registered: r copies need r executors to sit apart, so r
   * is lowered to the executors' count, never below two (with one executor, in local mode, both
   * copies share it, and the second serves late copies on free cores).
   */
  public int fittedCopies(int executors) {
    return Math.min(copies, Math.max(2, executors));
  }
}
