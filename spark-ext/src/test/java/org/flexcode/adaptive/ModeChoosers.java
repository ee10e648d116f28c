package org.flexcode.adaptive;

import java.util.ArrayList;
import java.util.Arrays;
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
}
