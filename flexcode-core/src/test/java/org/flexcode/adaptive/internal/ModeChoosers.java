package org.flexcode.adaptive.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.Function;

/** Test fixtures: {@link ModeChooser}s over workers that each hold the same home chunks. */
final class ModeChoosers {

  private ModeChoosers() {}

  /**
   * A chooser (inexact allowed, a window of 5, late copies after 1.5 x the median) over {@code
   * workers} workers of {@code chunks} home chunks each, chunk c held by worker c / chunks, each of
   * {@code records} records; ignore keeps at least {@code floor} of them; {@code chunksPerBlock}
   * chunks make a block.
   */
  static ModeChooser ofWorkers(
      int workers, int chunks, long records, double floor, int chunksPerBlock) {
    int[] workerOf = new int[workers * chunks];
    for (int c = 0; c < workerOf.length; c++) {
      workerOf[c] = c / chunks;
    }
    long[] each = new long[workerOf.length];
    Arrays.fill(each, records);
    return new ModeChooser(workerOf, each, false, floor, 5, 1.5, chunksPerBlock);
  }

  /**
   * Runs {@code iterations} iterations: each chooses, then observes what {@code engine} shows of
   * running the choice; the choices made.
   */
  static List<ModeChoice> run(
      ModeChooser chooser, int iterations, Function<ModeChoice, TaskTimes> engine) {
    List<ModeChoice> choices = new ArrayList<>();
    for (int it = 0; it < iterations; it++) {
      ModeChoice choice = chooser.choose();
      choices.add(choice);
      chooser.observe(engine.apply(choice));
    }
    return choices;
  }

  /**
   * What the engine observes running {@code choice} over 8 workers of 4 home chunks each, 50 ms of
   * fixed cost: workers 0-5 take 600 ms, worker 6 {@code sixthMs} and worker 7 2,400 (a persistent
   * straggler), whose chunks bsp waits for, steal's copies supersede at {@code copiedMs} and ignore
   * cancels once worker 6's arrive.
   */
  static TaskTimes persistentSeventh(ModeChoice choice, double sixthMs, double copiedMs) {
    return slowSeventh(choice, sixthMs, 2400, copiedMs);
  }

  /** As {@link #persistentSeventh}, worker 7 taking {@code seventhMs} where bsp waits for it. */
  static TaskTimes slowSeventh(
      ModeChoice choice, double sixthMs, double seventhMs, double copiedMs) {
    int chunks = 4;
    double[] ms = new double[8 * chunks];
    Arrays.fill(ms, 600);
    Arrays.fill(ms, 6 * chunks, 7 * chunks, sixthMs);
    BitSet censored = new BitSet();
    double slow =
        switch (choice.mode()) {
          case BSP -> seventhMs;
          case STEAL -> copiedMs;
          case IGNORE -> sixthMs;
        };
    Arrays.fill(ms, 7 * chunks, 8 * chunks, slow);
    if (choice.mode() != ModeChoice.Mode.BSP) {
      censored.set(7 * chunks, 8 * chunks);
    }
    return new TaskTimes(ms, censored, 50);
  }
}
