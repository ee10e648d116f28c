package org.flexcode.stragglers;

import java.util.List;
import org.flexcode.spec.SpecTable;

/**
 * The straggler patterns' names, parameters and defaults: the one table {@link
 * StragglerPattern#parse} reads specs with, through the grammar strategies share.
 */
final class PatternTable {

  static final String IDEAL = "ideal";
  static final String SLOW_WORKER = "slow-worker";
  static final String POWER_LAW = "power-law";
  static final String PERSISTENT = "persistent";
  static final String DISRUPTED_MACHINE = "disrupted-machine";
  static final String HEAVY_TAIL = "heavy-tail";

  private static final SpecTable<StragglerPattern> TABLE =
      SpecTable.<StragglerPattern>of("straggler pattern", StragglerPattern.KNOWN)
          .with(IDEAL, List.of(), spec -> new Patterns.Ideal())
          .with(
              SLOW_WORKER,
              List.of("p", "max"),
              spec -> new Patterns.SlowWorker(spec.number("p", 0.2), spec.number("max", 2.0)))
          .with(
              POWER_LAW, List.of("alpha"), spec -> new Patterns.PowerLaw(spec.number("alpha", 4.0)))
          .with(
              PERSISTENT,
              List.of("k", "factor"),
              spec -> new Patterns.Persistent(spec.integer("k", 1), spec.number("factor", 4.0)))
          .with(
              DISRUPTED_MACHINE,
              List.of("p", "interval"),
              spec ->
                  new Patterns.DisruptedMachine(
                      spec.number("p", 0.1), (long) spec.number("interval", 1000.0)))
          .with(HEAVY_TAIL, List.of(), spec -> new Patterns.HeavyTail());

  private PatternTable() {}

  static StragglerPattern parse(String text) {
    return TABLE.parse(text);
  }
}
