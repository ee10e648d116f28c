package org.flexcode.aggregation;

import org.flexcode.stragglers.StragglerHook;

/**
 * Test-only: forced straggler delays for the engines created while installed, so tests can make
 * chosen (iteration, task) pairs straggle through code that builds its own engine (the trainers).
 * Production code never installs anything; users inject stragglers with {@link
 * AggregatorOptions#withInjector} (a {@code StragglerPattern}) instead.
 */
public final class EngineTestHooks {

  private static volatile StragglerHook stragglers = StragglerHook.none();

  private EngineTestHooks() {}

  /** Engines created from now on delay tasks as {@code hook} says (until {@link #clear}). */
  public static void installStragglers(StragglerHook hook) {
    if (hook == null) {
      throw new IllegalArgumentException("hook must not be null; use clear()");
    }
    stragglers = hook;
  }

  /** Removes any installed hook. */
  public static void clear() {
    stragglers = StragglerHook.none();
  }

  /** The installed hook ({@link StragglerHook#none()} when none is). */
  static StragglerHook stragglers() {
    return stragglers;
  }
}
