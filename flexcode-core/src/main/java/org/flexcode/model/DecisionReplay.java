package org.flexcode.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.flexcode.adaptive.TaskTimes;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;

/**
 * One iteration as the engine decides it, replayed: the tasks' results arrive in the order of their
 * finish times, each arrival goes to the bound strategy's own {@link BoundStrategy#decide}, and the
 * first decision ends the iteration. The model's prefix rules decide through it, and the
 * model/engine agreement test checks it against the engine's records.
 */
public final class DecisionReplay {

  /**
   * What the iteration decided.
   *
   * @param used the tasks whose results the aggregate uses, shadows that stood in for a missing
   *     block included (as the engine's record lists them)
   * @param arrived the tasks that had arrived when it decided
   * @param cancelled the tasks still running (or queued) when it decided
   * @param endMs the finish time of the arrival that decided
   * @param decision the bound strategy's decision
   */
  public record Replayed(
      BitSet used, BitSet arrived, BitSet cancelled, double endMs, Decision decision) {}

  private final BoundStrategy bound;
  private final Adaptive adaptive;
  private int iteration;

  /**
   * Replays iterations of {@code bound}, from iteration 0; holds the adaptive state across them.
   */
  public DecisionReplay(BoundStrategy bound) {
    this.bound = bound;
    this.adaptive = bound.capability(Adaptive.class).orElse(Adaptive.NONE);
  }

  /**
   * The next iteration, whose task t finishes at {@code finishMs[t]} after the iteration started:
   * the adaptive choice before it, the decision, and what the primaries' times showed after it
   * (each primary on an executor of its own).
   */
  public Replayed next(double[] finishMs) {
    return next(finishMs, null);
  }

  /** As {@link #next(double[])}, primary t having run on executor {@code executors[t]}. */
  public Replayed next(double[] finishMs, String[] executors) {
    adaptive.beforeIteration(iteration);
    Replayed replayed = replay(bound, finishMs);
    int primaries = bound.code().numTasks();
    double[] ms = new double[primaries];
    BitSet censored = new BitSet(primaries);
    for (int t = 0; t < primaries; t++) {
      censored.set(t, !replayed.arrived().get(t));
      ms[t] = Math.min(finishMs[t], replayed.endMs());
    }
    adaptive.afterIteration(new TaskTimes(ms, censored, 0.0, executors));
    iteration++;
    return replayed;
  }

  /**
   * Replays {@code bound}'s iteration whose task t finishes at {@code finishMs[t]} (ties in task
   * order).
   *
   * @throws IllegalArgumentException if the finish times do not cover the bound's tasks, or if no
   *     set of arrivals ever decides
   */
  public static Replayed replay(BoundStrategy bound, double[] finishMs) {
    int n = bound.numTasks();
    Checks.check(
        finishMs.length == n,
        "replay: " + finishMs.length + " finish times for " + n + " tasks of " + bound.strategy());
    Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingDouble((Integer t) -> finishMs[t]));
    List<Integer> arrivals = new ArrayList<>(n);
    BitSet finished = new BitSet(n);
    for (int task : order) {
      arrivals.add(task);
      finished.set(task);
      Optional<Decision> decision = bound.decide(List.copyOf(arrivals), finished);
      if (decision.isPresent()) {
        BitSet cancelled = new BitSet(n);
        cancelled.set(0, n);
        cancelled.andNot(finished);
        BitSet used = decision.get().used();
        decision.get().estimated().values().forEach(used::set);
        return new Replayed(
            used, (BitSet) finished.clone(), cancelled, finishMs[task], decision.get());
      }
    }
    throw new IllegalArgumentException(
        "replay: " + bound.strategy() + " decided nothing with every task arrived");
  }

  /**
   * The stopping condition of {@code bound} for the model's prefix simulation: done when its
   * decision for the finished tasks exists (monotone for the strategies that decide from the set of
   * arrivals), using the tasks it uses.
   */
  static PrefixSimulation.Stopping stopping(BoundStrategy bound, double dataShare) {
    return new PrefixSimulation.Stopping() {
      @Override
      public boolean done(BitSet finished) {
        return bound.couldDecide(finished);
      }

      @Override
      public BitSet used(BitSet finished) {
        return bound
            .decide(finished.stream().boxed().toList(), finished)
            .map(Decision::used)
            .orElse(finished);
      }

      @Override
      public double dataShare(int n) {
        return dataShare;
      }
    };
  }
}
