package org.flexcode.aggregation;

import org.flexcode.stragglers.StragglerHook;

/**
 * Test-only: forced straggler delays for the engines created while installed, so tests can make
 * chosen (iteration, task) pairs straggle through code that builds its own engine (the trainers);
 * and a host CPU load their tasks report instead of the measured one ({@link HostCpuLoad}).
 * Production code never installs anything; users inject stragglers with {@link
 * AggregatorOptions#withInjector} (a {@code StragglerPattern}) instead.
 */
public final class EngineTestHooks {

  private static volatile StragglerHook stragglers = StragglerHook.none();
  private static volatile double hostCpuLoad = Double.NaN;

  private EngineTestHooks() {}

  /** Engines created from now on delay tasks as {@code hook} says (until {@link #clear}). */
  public static void installStragglers(StragglerHook hook) {
    if (hook == null) {
      throw new IllegalArgumentException("hook must not be null; use clear()");
    }
    stragglers = hook;
  }

  /**
   * The tasks of engines created from now on report their host's CPU load as {@code load} (until
   * {@link #clear}).
   */
  public static void installHostCpuLoad(double load) {
    if (!(load >= 0 && load <= 1)) {
      throw new IllegalArgumentException("host CPU load must be in [0, 1], got " + load);
    }
    hostCpuLoad = load;
  }

  /** Removes any installed hook. */
  public static void clear() {
    stragglers = StragglerHook.none();
    hostCpuLoad = Double.NaN;
  }

  /** The installed host CPU load, NaN when none is. */
  static double hostCpuLoad() {
    return hostCpuLoad;
  }

  /** The installed hook ({@link StragglerHook#none()} when none is). */
  static StragglerHook stragglers() {
    return stragglers;
  }
}
