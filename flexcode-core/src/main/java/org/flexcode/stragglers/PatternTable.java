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
  static final String SLOW_TASK = "slow-task";
  static final String POWER_LAW = "power-law";
  static final String PERSISTENT = "persistent";
  static final String SKEW = "skew";
  static final String DISRUPTED_MACHINE = "disrupted-machine";
  static final String HEAVY_TAIL = "heavy-tail";
  static final String MARKOV = "markov";

  private static final SpecTable<StragglerPattern> TABLE =
      SpecTable.<StragglerPattern>of("straggler pattern", StragglerPattern.KNOWN)
          .with(IDEAL, List.of(), spec -> new TaskPatterns.Ideal())
          .with(
              SLOW_WORKER,
              List.of("p", "max"),
              spec -> new WorkerPatterns.SlowWorker(spec.number("p", 0.2), spec.number("max", 2.0)))
          .with(
              SLOW_TASK,
              List.of("p", "max"),
              spec -> new TaskPatterns.SlowTask(spec.number("p", 0.2), spec.number("max", 2.0)))
          .with(
              POWER_LAW,
              List.of("alpha"),
              spec -> new WorkerPatterns.PowerLaw(spec.number("alpha", 4.0)))
          .with(
              PERSISTENT,
              List.of("k", "factor"),
              spec ->
                  new WorkerPatterns.Persistent(spec.integer("k", 1), spec.number("factor", 4.0)))
          .with(
              SKEW,
              List.of("k", "load"),
              spec -> new WorkerPatterns.Skew(spec.integer("k", 1), spec.number("load", 1.75)))
          .with(
              MARKOV,
              List.of("slow", "recover", "factor"),
              spec ->
                  new WorkerPatterns.Markov(
                      spec.number("slow", 0.05),
                      spec.number("recover", 0.3),
                      spec.number("factor", 4.0)))
          .with(
              DISRUPTED_MACHINE,
              List.of("p", "interval", "intensity"),
              spec ->
                  new DisruptedMachine(
                      spec.number("p", 0.1),
                      (long) spec.number("interval", 1000.0),
                      spec.number("intensity", 1.0)))
          .with(HEAVY_TAIL, List.of(), spec -> new WorkerPatterns.HeavyTail());

  private PatternTable() {}

  static StragglerPattern parse(String text) {
    return TABLE.parse(text);
  }
}
