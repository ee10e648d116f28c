package org.flexcode.bench;

import org.flexcode.model.MachineDelays;
import org.flexcode.stragglers.StragglerPattern;
import org.flexcode.stragglers.TaskSlot;

/**
 * The factors a bench run's straggler injection actually drew, as a {@link MachineDelays} for the
 * model: executor e in iteration t gets the injection's factor for (seed, executor id {@code "e"},
 * iteration t), the engine's iterations counting from 1. On a standalone or local-cluster master
 * the executor ids are 0 to M - 1, so the model replays exactly the delays of the run's own
 * iterations instead of a fresh sample of the pattern: 30 iterations are a small sample (under
 * {@code slow-worker:p=0.2,max=2} at seed 7 the mean of the slowest executor's factor over the
 * run's iterations is 1.6, the pattern's expectation on 8 executors 2.04), and the replay keeps
 * that sampling noise out of {@code measured/model}.
 *
 * <p>Data skew is a factor in the injection (the task's compute scaled by the load), so loads are 1
 * here. Only patterns that {@link MachineDelays#parse} knows are replayed (the caller checks).
 */
final class InjectedDraws implements MachineDelays {

  private final StragglerPattern pattern;

  InjectedDraws(StragglerPattern pattern) {
    this.pattern = pattern;
  }

  @Override
  public String spec() {
    return pattern.spec();
  }

  /** Draws from iteration 1 on, with {@code seed} the run's straggler seed. */
  @Override
  public Sampler sampler(long seed, int executors) {
    int[] iteration = {1};
    return factors -> {
      int it = iteration[0]++;
      for (int e = 0; e < factors.length; e++) {
        factors[e] = pattern.emulatedFactor(seed, TaskSlot.of(Integer.toString(e), e, it, 0));
      }
    };
  }

  @Override
  public String toString() {
    return spec();
  }
}
