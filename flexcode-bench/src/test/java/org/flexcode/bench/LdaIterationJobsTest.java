package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** MLlib's online LDA runs two jobs per iteration; the bench times them as one. */
@Tag("unit")
class LdaIterationJobsTest {

  private static BenchListener.Job job(int id, long start, long end) {
    return new BenchListener.Job(id, start, end);
  }

  @Test
  void eachIterationSpansItsEmptinessCheckAndItsAggregateWithoutSetupOrPerplexity() {
    List<BenchListener.Job> jobs =
        List.of(
            job(0, 0, 50), // setup
            job(1, 100, 110), // iteration 1: isEmpty
            job(2, 110, 600), // iteration 1: treeAggregate
            job(3, 600, 612),
            job(4, 612, 1100),
            job(5, 1100, 1500)); // perplexity
    assertEquals(
        List.of(job(2, 100, 600), job(4, 600, 1100)), LdaWorkload.pairedIterations(jobs, 2));
  }

  @Test
  void tooFewJobsForPairsFallBackToTheLastOnes() {
    List<BenchListener.Job> jobs = List.of(job(0, 0, 50), job(1, 50, 500), job(2, 500, 900));
    assertEquals(List.of(job(0, 0, 50), job(1, 50, 500)), LdaWorkload.pairedIterations(jobs, 2));
  }
}
