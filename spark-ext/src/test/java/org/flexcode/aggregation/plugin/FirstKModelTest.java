package org.flexcode.aggregation.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.flexcode.model.Cluster;
import org.flexcode.model.IterationOutcome;
import org.flexcode.model.Rule;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code first:k=K}, a strategy from outside the library, runs in the model by what it can do (its
 * bound decoder's decisions), with nothing of it named outside this folder: four one-core
 * executors, executor 3 ten times slower.
 */
@Tag("unit")
class FirstKModelTest {

  static final double[] LOADS = {1, 1, 1, 1};
  static final double[] FACTORS = {1, 1, 1, 10};

  @Test
  void endsWithTheFirstKArrivalsWithoutTheSlowExecutor() {
    Cluster cluster = Cluster.of(4, 1, 100);
    Rule first = Rule.parse("first:k=2");
    assertEquals("first:k=2", first.spec());
    IterationOutcome two = first.prepare(cluster).run(FACTORS, LOADS);
    IterationOutcome all = Rule.parse("bsp").prepare(cluster).run(FACTORS, LOADS);
    IterationOutcome three = Rule.parse("first:k=3").prepare(cluster).run(FACTORS, LOADS);
    assertEquals(0.5, two.dataShare(), 1e-12, "two of four equal blocks");
    assertEquals(0.75, three.dataShare(), 1e-12);
    assertEquals(three.spanMs(), two.spanMs(), 1e-9, "the fast executors finish together");
    assertTrue(all.spanMs() > 5 * two.spanMs(), all + " vs " + two);
    assertEquals(1.0, all.dataShare(), 1e-12);
  }
}
