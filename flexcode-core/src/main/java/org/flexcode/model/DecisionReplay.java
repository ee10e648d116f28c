package org.flexcode.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.flexcode.adaptive.internal.TaskTimes;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.StaleResults;
import org.flexcode.aggregation.copies.internal.CopiedLayout;
import org.flexcode.aggregation.copies.internal.CopiesLaunchSource;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.copies.internal.StealPlan;

/**
 * One iteration as the engine decides it, replayed: the tasks' results arrive in the order of their
 * finish times, each arrival goes to the bound strategy's own {@link BoundStrategy#decide}, and the
 * first decision ends the iteration. The model's prefix rules decide through it, and the
 * model/engine agreement test checks it against the engine's records.
 *
 * <p>A strategy that applies late results ({@code ssp}) keeps its unfinished tasks running into the
 * next iterations ({@link StaleReplay}). A strategy over chunk copies ({@code auto}) is handed its
 * layout as on one executor (local mode: each home chunk its own worker); its tasks' finish times
 * say when each copy arrives (infinite for a copy never launched).
 */
public final class DecisionReplay {

  /**
   * What the iteration decided.
   *
   * @param used the tasks whose results the aggregate uses, shadows that stood in for a missing
   *     block included (as the engine's record lists them)
   * @param arrived the tasks that had arrived when it decided
   * @param cancelled the tasks still running (or queued) when it decided, which the engine cancels;
   *     none for a strategy that applies them later
   * @param endMs the finish time of the arrival that decided
   * @param decision the bound strategy's decision
   * @param choice what an adaptive strategy chose before the iteration, and why ("" for none), as
   *     the engine's record says it
   * @param staleAges task -> age in iterations of each result used that an earlier iteration
   *     computed
   */
  public record Replayed(
      BitSet used,
      BitSet arrived,
      BitSet cancelled,
      double endMs,
      Decision decision,
      String choice,
      Map<Integer, Integer> staleAges) {

    /** Copies the ages. */
    public Replayed {
      staleAges = Map.copyOf(staleAges);
    }

    private Replayed withChoice(String text) {
      return new Replayed(used, arrived, cancelled, endMs, decision, text, staleAges);
    }
  }

  private final BoundStrategy bound;
  private final Adaptive adaptive;
  private final StaleReplay stale;
  private int iteration;

  /**
   * Replays iterations of {@code bound}, from iteration 0; holds the adaptive state across them.
   */
  public DecisionReplay(BoundStrategy bound) {
    this.bound = bound;
    this.adaptive = bound.capability(Adaptive.class).orElse(Adaptive.NONE);
    StaleResults late = bound.capability(StaleResults.class).orElse(StaleResults.NONE);
    this.stale = late.staleness() > 0 ? new StaleReplay(bound, late) : null;
    bound.capability(CopiesLaunchSource.class).ifPresent(source -> handOverLayout(bound, source));
  }

  /**
   * Hands a strategy over chunk copies its layout, as the engine does before the first iteration,
   * on one executor: no steal launches to go with it (the caller's finish times say when copies
   * arrive).
   */
  private static void handOverLayout(BoundStrategy bound, CopiesLaunchSource source) {
    Checks.check(
        bound.strategy() instanceof CopiedLayout,
        "replay: " + bound.strategy() + " launches over chunk copies but names no copies layout");
    CopiesSpec copies = ((CopiedLayout) bound.strategy()).layout();
    int perBlock = copies.copies() * copies.chunks();
    Checks.check(
        bound.numTasks() % perBlock == 0,
        "replay: " + bound.numTasks() + " tasks are not " + perBlock + " copies per block");
    source.launches(
        new StealPlan(bound.numTasks() / perBlock, copies.chunks(), copies.copies(), 1), null);
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
    return next(finishMs, executors, Map.of(), 0);
  }

  /**
   * As {@link #next(double[], String[])}, task t's result being {@code results.get(t)} (the first
   * {@code length} components per-record directions, as {@link Adaptive#afterResults} reads them):
   * after the iteration the strategy is handed the results of the tasks that arrived, as the engine
   * hands them over (none given: nothing is handed over).
   */
  public Replayed next(
      double[] finishMs, String[] executors, Map<Integer, PartialResult> results, int length) {
    String choice = adaptive.beforeIteration(iteration);
    Replayed replayed =
        (stale == null ? replay(bound, finishMs) : stale.replay(iteration, finishMs))
            .withChoice(choice);
    double[] arrivalMs = stale == null ? finishMs : stale.arrivalMs();
    int primaries = bound.code().numTasks();
    double[] ms = new double[primaries];
    BitSet censored = new BitSet(primaries);
    for (int t = 0; t < primaries; t++) {
      censored.set(t, !replayed.arrived().get(t));
      ms[t] = Math.max(0, Math.min(arrivalMs[t], replayed.endMs()));
    }
    adaptive.afterIteration(new TaskTimes(ms, censored, 0.0, executors));
    if (!results.isEmpty()) {
      Map<Integer, PartialResult> arrived = new HashMap<>();
      replayed.arrived().stream()
          .filter(results::containsKey)
          .forEach(t -> arrived.put(t, results.get(t)));
      adaptive.afterResults(arrived, length);
    }
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
            used,
            (BitSet) finished.clone(),
            cancelled,
            finishMs[task],
            decision.get(),
            "",
            Map.of());
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
