package org.flexcode.aggregation.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class TaskCountTest {

  @Test
  void keepsOneTaskPerPartitionWhenTheStrategyCanRunOnThem() {
    assertEquals(8, TaskCount.choose(AggregationStrategy.cyclic(1), 8, 2, 0).tasks());
    assertEquals(1, TaskCount.choose(AggregationStrategy.bsp(), 1, 4, 0).tasks());
  }

  @Test
  void raisesAnInputToTheMinimumAStrategyFromAnotherJarAsks() {
    // first:k=K (a test-scope plugin) asks for k tasks through minimumTasks().
    assertEquals(5, TaskCount.choose(AggregationStrategy.parse("first:k=5"), 2, 8, 0).tasks());
    IllegalArgumentException tooMany =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () -> TaskCount.choose(AggregationStrategy.parse("first:k=9"), 2, 4, 0));
    assertTrue(tooMany.getMessage().contains("at least 9 tasks"), tooMany.getMessage());
  }

  @Test
  void raisesAOnePartitionInputToWhatTheStrategyNeeds() {
    TaskCount count = TaskCount.choose(AggregationStrategy.cyclic(1), 1, 1, 0);
    assertEquals(2, count.tasks());
    assertTrue(count.reason().contains("needs at least 2 tasks"), count.reason());
    assertEquals(4, TaskCount.choose(AggregationStrategy.frc(3), 1, 4, 0).tasks());
    assertEquals(3, TaskCount.choose(AggregationStrategy.ignore(2), 2, 4, 0).tasks());
  }

  @Test
  void roundsUpToTheFrcGroupSize() {
    assertEquals(9, TaskCount.choose(AggregationStrategy.frc(2), 8, 2, 0).tasks());
  }

  @Test
  void refusesFrcAndCyclicAlikeWhenTheToleranceExceedsTheTasksAvailable() {
    for (AggregationStrategy strategy :
        new AggregationStrategy[] {AggregationStrategy.frc(100), AggregationStrategy.cyclic(100)}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> TaskCount.choose(strategy, 8, 8, 0));
      assertTrue(
          e.getMessage().startsWith(strategy.spec() + " needs at least 101 tasks"), e.getMessage());
      assertTrue(e.getMessage().contains("8 partitions"), e.getMessage());
      assertTrue(e.getMessage().contains("spark.flexcode.numTasks"), e.getMessage());
    }
  }

  @Test
  void usesAnExplicitCountAndChecksIt() {
    assertEquals(6, TaskCount.choose(AggregationStrategy.cyclic(1), 1, 2, 6).tasks());
    assertEquals(6, TaskCount.choose(AggregationStrategy.frc(2), 1, 2, 5).tasks());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TaskCount.choose(AggregationStrategy.cyclic(3), 8, 8, 2));
    assertTrue(e.getMessage().contains("numTasks=2"), e.getMessage());
    assertTrue(e.getMessage().contains("--tasks"), e.getMessage());
  }

  @Test
  void fromTheClusterTakesOneTaskPerCoreAtLeastSPlusTwo() {
    int cluster = AggregatorOptions.TASKS_FROM_CLUSTER;
    TaskCount bsp = TaskCount.choose(AggregationStrategy.bsp(), 1, 8, cluster, () -> 1000);
    assertEquals(8, bsp.tasks());
    assertTrue(bsp.reason().contains("one task per executor core"), bsp.reason());
    assertEquals(
        3, TaskCount.choose(AggregationStrategy.cyclic(1), 1, 2, cluster, () -> 99).tasks());
    assertEquals(4, TaskCount.choose(AggregationStrategy.frc(1), 8, 2, cluster, () -> 99).tasks());
    assertEquals(6, TaskCount.choose(AggregationStrategy.frc(2), 8, 4, cluster, () -> 99).tasks());
  }

  @Test
  void fromTheClusterCountsRecordsOnlyWhenRepartitioningAndCapsAtThem() {
    int cluster = AggregatorOptions.TASKS_FROM_CLUSTER;
    TaskCount same =
        TaskCount.choose(
            AggregationStrategy.bsp(),
            4,
            4,
            cluster,
            () -> {
              throw new AssertionError("counted records without repartitioning");
            });
    assertEquals(4, same.tasks());
    TaskCount capped = TaskCount.choose(AggregationStrategy.bsp(), 1, 8, cluster, () -> 5);
    assertEquals(5, capped.tasks());
    assertTrue(capped.reason().contains("5 records"), capped.reason());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TaskCount.choose(AggregationStrategy.cyclic(3), 1, 8, cluster, () -> 2));
    assertTrue(e.getMessage().contains("only 2 records"), e.getMessage());
    IllegalArgumentException cores =
        assertThrows(
            IllegalArgumentException.class,
            () -> TaskCount.choose(AggregationStrategy.frc(100), 8, 2, cluster, () -> 99));
    assertTrue(cores.getMessage().contains("the cluster has 2 cores"), cores.getMessage());
    assertTrue(cores.getMessage().contains("--tasks"), cores.getMessage());
  }
}
