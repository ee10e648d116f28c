package org.flexcode.aggregation;

import java.io.Serializable;
import org.flexcode.spec.SpecText;

/**
 * The shadow tasks of a strategy (FlexEnt): {@code count} extra tasks after the n primaries; shadow
 * k covers the contiguous group of primary blocks [k n / m, (k+1) n / m) and holds, for each, a
 * weighted subset of {@code fraction} of the block's records, picked once at setup by the {@code
 * selector} ({@link SelectorKind}) with {@code seed}. A shadow returns one estimate per covered
 * block.
 *
 * <p>{@code lateMultiplier} 0: the shadows run with the primaries, every iteration. Otherwise they
 * are launched late, like Spark's speculative tasks: only once a primary has run longer than {@code
 * lateMultiplier} x the median time of the finished primaries, and then they estimate only the
 * blocks of the unfinished primaries.
 */
public record ShadowSpec(
    int count, double fraction, SelectorKind selector, long seed, double lateMultiplier)
    implements Serializable {

  /** No shadows. */
  public static final ShadowSpec NONE = new ShadowSpec(0, 0.0, SelectorKind.ENTROPY, 0L, 0.0);

  /** Shadows that run with the primaries every iteration; the selector by its spec name. */
  public ShadowSpec(int count, double fraction, String selector, long seed) {
    this(count, fraction, selector, seed, 0.0);
  }

  /**
   * As the canonical constructor, the selector by its spec name ({@code entropy}, {@code random}).
   */
  public ShadowSpec(int count, double fraction, String selector, long seed, double lateMultiplier) {
    this(count, fraction, shadowSelector(selector), seed, lateMultiplier);
  }

  /** Validates. */
  public ShadowSpec {
    if (lateMultiplier != 0.0 && !(lateMultiplier >= 1.0 && lateMultiplier < 1e6)) {
      throw new IllegalArgumentException(
          "shadows: late (launch once a primary runs this many times the median) must be >= 1,"
              + " got "
              + lateMultiplier);
    }
    if (count < 0) {
      throw new IllegalArgumentException("shadows: m (shadow tasks) must be >= 0, got " + count);
    }
    if (count > 0 && !(fraction > 0.0 && fraction <= 1.0)) {
      throw new IllegalArgumentException(
          "shadows: f (fraction of each block a shadow holds) must be in (0, 1], got " + fraction);
    }
    if (selector == null) {
      throw new IllegalArgumentException("shadows: selector must be 'entropy' or 'random'");
    }
  }

  /**
   * {@code text} with this spec's keys: {@code m} and {@code f}, then {@code selector}, {@code
   * seed} and {@code late} where they differ from {@link StrategyDefaults}.
   */
  public SpecText appendTo(SpecText text) {
    return text.with("m", count)
        .with("f", fraction)
        .withIf(selector != StrategyDefaults.SELECTOR, "selector", selector)
        .withIf(seed != StrategyDefaults.SHADOW_SEED, "seed", seed)
        .withIf(late(), "late", lateMultiplier);
  }

  /** This spec with another shadow count. */
  public ShadowSpec withCount(int m) {
    return new ShadowSpec(m, fraction, selector, seed, lateMultiplier);
  }

  /** This spec with another late-launch multiplier (0: with the primaries). */
  public ShadowSpec withLateMultiplier(double late) {
    return new ShadowSpec(count, fraction, selector, seed, late);
  }

  private static SelectorKind shadowSelector(String name) {
    try {
      return SelectorKind.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("shadows: " + e.getMessage(), e);
    }
  }

  /** Whether the shadows are launched only when a primary runs late. */
  public boolean late() {
    return lateMultiplier > 0.0;
  }

  /** The shadow (0-based, among the shadows) covering primary block {@code block} of n. */
  public int shadowOf(int block, int n) {
    checkCovers(n);
    return (int) ((long) block * count / n);
  }

  /** The primary blocks shadow {@code shadow} covers, ascending. */
  public int[] blocksOf(int shadow, int n) {
    checkCovers(n);
    int from = firstBlock(shadow, n);
    int to = firstBlock(shadow + 1, n);
    int[] blocks = new int[to - from];
    for (int j = from; j < to; j++) {
      blocks[j - from] = j;
    }
    return blocks;
  }

  /** The number of a block's records a shadow holds: ceil(fraction x records), at least 1. */
  public int budget(int records) {
    return records == 0 ? 0 : Math.max(1, (int) Math.ceil(fraction * records));
  }

  /** The selector's seed for block {@code block}: the spec's seed mixed with the block. */
  public long selectionSeed(int block) {
    long h = seed * 0x9E3779B97F4A7C15L + block;
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    return h ^ (h >>> 33);
  }

  private int firstBlock(int shadow, int n) {
    // the smallest j with floor(j m / n) >= shadow
    return (int) (((long) shadow * n + count - 1) / count);
  }

  private void checkCovers(int n) {
    if (count > n) {
      throw new IllegalArgumentException(
          "shadows: m=" + count + " shadow tasks for only " + n + " primary blocks; use m <= n");
    }
  }
}
