package org.flexcode.stragglers;

import org.flexcode.spec.SpecText;

/** The patterns that draw per task attempt, not per executor (see {@link StragglerPattern}). */
public final class TaskPatterns {

  private TaskPatterns() {}

  /** {@code ideal}: no delay. */
  public record Ideal() implements StragglerPattern {
    @Override
    public String spec() {
      return PatternTable.IDEAL;
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      return 1;
    }
  }

  /** {@code slow-task:p=P,max=M}: with probability p per task attempt, 1 + U(0, max). */
  public record SlowTask(double p, double max) implements StragglerPattern {
    public SlowTask {
      Draws.check(p >= 0 && p <= 1, "slow-task: p must be in [0, 1], got " + p);
      Draws.check(max >= 0, "slow-task: max must be >= 0, got " + max);
    }

    @Override
    public String spec() {
      return SpecText.of(PatternTable.SLOW_TASK).with("p", p).with("max", max).toString();
    }

    @Override
    public double factor(long seed, TaskSlot slot) {
      var r = Draws.task(seed, slot);
      return r.nextDouble() < p ? 1 + r.nextDouble() * max : 1;
    }
  }
}
