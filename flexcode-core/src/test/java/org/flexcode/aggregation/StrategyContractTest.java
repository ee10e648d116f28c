package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The contract of the strategy seam that every family runs, through a thin subclass naming its
 * specs: whatever the order the results arrive in, a bound strategy decides once every task has
 * arrived; a decision uses only results that arrived, each with one weight; it says exact only when
 * its weights rebuild the exact sum of the blocks' data; and a strategy applying stale results
 * never accepts one older than its staleness.
 */
@Tag("unit")
public abstract class StrategyContractTest {

  private static final int ORDERS = 6;

  /** The family's specs under test. */
  protected abstract List<String> specs();

  /**
   * The copies of each chunk a chunk-copies layout caches ({@code steal}, {@code auto}); 1 for a
   * layout without copies.
   */
  protected int copies() {
    return 1;
  }

  /**
   * The primary tasks to bind over: at least six, a multiple of what the strategy needs; with
   * copies, four chunks in each copy.
   */
  protected int numTasks(AggregationStrategy strategy) {
    if (copies() > 1) {
      return 4 * copies();
    }
    int multiple = strategy.taskMultiple();
    int min = Math.max(6, strategy.leftOut() + 2);
    return ((min + multiple - 1) / multiple) * multiple;
  }

  /**
   * What the engine hands a bound strategy before its first iteration (for example the layout its
   * launches run over); nothing by default.
   */
  protected void prepare(BoundStrategy bound, int numTasks) {}

  /** How many distinct data blocks a layout over {@code numTasks} primaries holds. */
  protected int dataBlocks(int numTasks) {
    return numTasks / copies();
  }

  /**
   * Which data block the layout's block {@code block} holds: itself, or with copies (task t is copy
   * t / C of chunk t mod C) its chunk.
   */
  protected int dataBlockOf(int block, int numTasks) {
    return block % dataBlocks(numTasks);
  }

  @Test
  void decidesOnceEveryTaskArrivedInAnyOrder() {
    for (String spec : specs()) {
      for (int seed = 0; seed < ORDERS; seed++) {
        Run run = new Run(spec, seed);
        List<Integer> arrivals = new ArrayList<>();
        BitSet finished = new BitSet();
        for (int task : run.order) {
          arrivals.add(task);
          finished.set(task);
        }
        assertTrue(
            run.bound.decide(arrivals, finished).isPresent(),
            spec + ": no decision with every task arrived, order " + run.order);
      }
    }
  }

  @Test
  void aDecisionUsesOnlyArrivedResultsAndIsExactOnlyWhenItsWeightsRebuildTheSum() {
    for (String spec : specs()) {
      for (int seed = 0; seed < ORDERS; seed++) {
        Run run = new Run(spec, seed);
        Decision decision = run.firstDecision();
        BitSet arrived = run.arrivedAtDecision;
        BitSet used = decision.used();
        BitSet outside = (BitSet) used.clone();
        outside.andNot(arrived);
        assertTrue(outside.isEmpty(), spec + ": used results that had not arrived: " + outside);
        double[] weights = decision.weights();
        for (int task = 0; task < weights.length; task++) {
          assertTrue(
              weights[task] == 0.0 || used.get(task),
              spec + ": task " + task + " weighted " + weights[task] + " but not used");
        }
        if (decision.exact()) {
          assertEquals(
              run.exactSum(), run.rebuilt(decision), 1e-9, spec + ": exact but not the sum");
        }
      }
    }
  }

  @Test
  void neverAcceptsAResultOlderThanItsStaleness() {
    for (String spec : specs()) {
      Run run = new Run(spec, 0);
      Optional<StaleResults> stale = run.bound.capability(StaleResults.class);
      int iteration = 5;
      run.adaptive.beforeIteration(iteration);
      int bound = stale.map(StaleResults::staleness).orElse(0);
      for (int task = 0; task < run.bound.numTasks(); task++) {
        final int t = task;
        assertFalse(
            stale.map(s -> s.acceptsStale(t, iteration - bound - 1)).orElse(false),
            spec + ": accepted task " + task + "'s result older than staleness " + bound);
      }
    }
  }

  /** One strategy bound over random block data, with one random arrival order. */
  private final class Run {
    final AggregationStrategy strategy;
    final BoundStrategy bound;
    final Adaptive adaptive;
    final TaskLayout layout;
    final int primaries;
    final double[] data;
    final List<Integer> order = new ArrayList<>();
    BitSet arrivedAtDecision;

    Run(String spec, int seed) {
      strategy = AggregationStrategy.parse(spec);
      primaries = numTasks(strategy);
      GradientCode code = strategy.code(primaries);
      long[] records = new long[primaries];
      java.util.Arrays.fill(records, 100);
      bound = strategy.bind(code, records);
      adaptive = bound.capability(Adaptive.class).orElse(Adaptive.NONE);
      prepare(bound, primaries);
      adaptive.beforeIteration(0);
      layout = new TaskLayout(code, strategy.cachedBlocks(code), strategy.shadows(), 1.0);
      Random random = new Random(seed);
      data = random.doubles(dataBlocks(primaries)).toArray();
      for (int task = 0; task < bound.numTasks(); task++) {
        order.add(task);
      }
      Collections.shuffle(order, random);
    }

    Decision firstDecision() {
      List<Integer> arrivals = new ArrayList<>();
      BitSet finished = new BitSet();
      for (int task : order) {
        arrivals.add(task);
        finished.set(task);
        Optional<Decision> decision = bound.decide(arrivals, finished);
        if (decision.isPresent()) {
          arrivedAtDecision = (BitSet) finished.clone();
          return decision.get();
        }
      }
      throw new AssertionError(strategy.spec() + ": no decision, order " + order);
    }

    double exactSum() {
      return java.util.Arrays.stream(data).sum();
    }

    /** What the weights make of the primaries' results, each computed as an engine task does. */
    double rebuilt(Decision decision) {
      ComputedBlocks computed = adaptive.computedBlocks();
      double sum = 0;
      double[] weights = decision.weights();
      for (int task = 0; task < primaries; task++) {
        double result = 0;
        for (int block : layout.blocksOf(task)) {
          if (computed.computes(task, block)) {
            result += layout.coefficientOf(task, block) * data[dataBlockOf(block, primaries)];
          }
        }
        sum += weights[task] * result;
      }
      for (int task = primaries; task < weights.length; task++) {
        assertEquals(0.0, weights[task], strategy.spec() + ": exact with shadow " + task);
      }
      return sum;
    }
  }
}
