package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Each application warms its new executors up over enough iterations, however few its rows. */
@Tag("unit")
class BenchRunnerWarmUpTest {

  @Test
  void aOneRowApplicationWarmsUpOverTheApplicationsWholeShare() {
    assertEquals(16, BenchRunner.warmUpIterations(1));
    assertEquals(6, BenchRunner.warmUpIterations(3));
  }

  @Test
  void manyRowsKeepTheirTwoIterationsEach() {
    assertEquals(2, BenchRunner.warmUpIterations(8));
    assertEquals(2, BenchRunner.warmUpIterations(13));
  }
}
