package org.flexcode.ui.internal;

import java.util.List;
import org.flexcode.metrics.IterationRecord;

/**
 * The mode an iteration ran in and its colour in the chart: for {@code auto}, the mode its choice
 * names ({@code mode=steal; ...}: {@code bsp}, {@code steal}, {@code ignore:b=2}); for any other
 * strategy, the strategy's spec.
 */
final class IterationModes {

  private static final List<String> PALETTE =
      List.of("#20c997", "#6f42c1", "#d63384", "#198754", "#0dcaf0", "#ffc107", "#6610f2");

  private IterationModes() {}

  /** The mode of {@code record}. */
  static String of(IterationRecord record) {
    String choice = record.choice();
    if (choice.startsWith("mode=")) {
      int end = choice.indexOf(';');
      return choice.substring("mode=".length(), end < 0 ? choice.length() : end).trim();
    }
    return record.strategy();
  }

  /** The fill colour of {@code mode}: bsp grey, steal blue, ignore orange, others a palette. */
  static String colour(String mode) {
    if (mode.equals("bsp")) {
      return "#6c757d";
    }
    if (mode.equals("steal")) {
      return "#0d6efd";
    }
    if (mode.startsWith("ignore")) {
      return "#fd7e14";
    }
    return PALETTE.get(Math.floorMod(mode.hashCode(), PALETTE.size()));
  }
}
