package org.flexcode.adaptive;

import java.util.Arrays;

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
}
