package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.flexcode.testing.SparkExtension;
import org.flexcode.testing.SparkMaster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The executors' warm-up runs the jobs it is asked for, one task per core each, and no more. */
@ExtendWith(SparkExtension.class)
@SparkMaster("local[2]")
@Tag("spark")
class ExecutorWarmUpTest {

  @Test
  void runsOneTaskPerSlotInEachOfItsJobs(JavaSparkContext jsc) throws Exception {
    AtomicInteger jobs = new AtomicInteger();
    AtomicInteger tasks = new AtomicInteger();
    SparkListener counter =
        new SparkListener() {
          @Override
          public void onJobStart(SparkListenerJobStart jobStart) {
            jobs.incrementAndGet();
          }

          @Override
          public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
            tasks.incrementAndGet();
          }
        };
    jsc.sc().addSparkListener(counter);
    try {
      long[] ms = ExecutorWarmUp.run(jsc, 3, 5);
      jsc.sc().listenerBus().waitUntilEmpty();
      assertEquals(5, ms.length);
      assertEquals(5, jobs.get());
      assertEquals(15, tasks.get());
    } finally {
      jsc.sc().removeSparkListener(counter);
    }
  }

  @Test
  void noJobsRunsNothing(JavaSparkContext jsc) {
    assertEquals(0, ExecutorWarmUp.run(jsc, 2, 0).length);
  }

  @Test
  void aNegativeJobCountNamesTheOption(JavaSparkContext jsc) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ExecutorWarmUp.run(jsc, 2, -1));
    assertEquals("--warm-up-jobs must be >= 0, got -1", e.getMessage());
  }
}
