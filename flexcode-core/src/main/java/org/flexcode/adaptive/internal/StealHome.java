package org.flexcode.adaptive.internal;

import java.util.Locale;

/**
 * How {@code steal} runs each iteration's home work ({@code home=}): {@code chunks}, one task per
 * chunk (a slow executor's pending chunks move to idle holders early; each chunk pays a task's
 * launch); {@code block}, one task per block over its home chunks (a block's launch once, as {@code
 * bsp}; a slow block's chunks move by copies, to an idle holder once it has run a little over the
 * median: {@link CopyThresholds}); {@code auto}, whichever the last iterations measured faster
 * ({@link HomeGrouping}).
 */
public enum StealHome {
  AUTO,
  CHUNKS,
  BLOCK;

  /** {@code auto}, {@code chunks} or {@code block}. */
  public static StealHome parse(String text) {
    for (StealHome home : values()) {
      if (home.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
        return home;
      }
    }
    throw new IllegalArgumentException(
        "steal: home must be auto, chunks or block (how home work runs), got " + text);
  }

  /** The spec's name. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
