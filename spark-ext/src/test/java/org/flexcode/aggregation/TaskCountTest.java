package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    assertTrue(e.getMessage().contains("spark.flexcode.numTasks=2"), e.getMessage());
  }
}
