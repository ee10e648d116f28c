package org.flexcode.aggregation;

import org.flexcode.stragglers.StragglerHook;

/**
 * Test-only: forced straggler delays for the engines created while installed, so tests can make
 * chosen (iteration, task) pairs straggle through code that builds its own engine (the trainers);
 * and the other processes' CPU load their tasks report instead of the measured one ({@link
 * OthersCpuLoad}); and watchers of the results the driver receives and of the model broadcasts the
 * engines create. Production code never installs anything; users inject stragglers with {@link
 * AggregatorOptions#withInjector} (a {@code StragglerPattern}) instead.
 */
public final class EngineTestHooks {

  private static volatile StragglerHook stragglers = StragglerHook.none();
  private static volatile double othersCpuLoad = Double.NaN;
  private static volatile java.util.function.Consumer<PartialResult> arrivals = null;
  private static volatile java.util.function.LongConsumer broadcasts = null;

  private EngineTestHooks() {}

  /** Engines created from now on delay tasks as {@code hook} says (until {@link #clear}). */
  public static void installStragglers(StragglerHook hook) {
    if (hook == null) {
      throw new IllegalArgumentException("hook must not be null; use clear()");
    }
    stragglers = hook;
  }

  /**
   * The tasks of engines created from now on report other processes' CPU load as {@code load}
   * (until {@link #clear}).
   */
  public static void installOthersCpuLoad(double load) {
    if (!(load >= 0 && load <= 1)) {
      throw new IllegalArgumentException(
          "other processes' CPU load must be in [0, 1], got " + load);
    }
    othersCpuLoad = load;
  }

  /** Every result the driver receives from now on goes to {@code watcher} too (until clear). */
  public static void watchArrivals(java.util.function.Consumer<PartialResult> watcher) {
    arrivals = watcher;
  }

  /** The id of every model broadcast an engine creates from now on goes to {@code watcher}. */
  public static void watchBroadcasts(java.util.function.LongConsumer watcher) {
    broadcasts = watcher;
  }

  /** Removes any installed hook. */
  public static void clear() {
    stragglers = StragglerHook.none();
    othersCpuLoad = Double.NaN;
    arrivals = null;
    broadcasts = null;
  }

  /** Hands the id of a model broadcast just created to the installed watcher, if any. */
  public static void broadcastCreated(long broadcastId) {
    java.util.function.LongConsumer watcher = broadcasts;
    if (watcher != null) {
      watcher.accept(broadcastId);
    }
  }

  /** Hands {@code result} to the installed watcher, if any. */
  public static void arrived(PartialResult result) {
    java.util.function.Consumer<PartialResult> watcher = arrivals;
    if (watcher != null) {
      watcher.accept(result);
    }
  }

  /** The installed other processes' CPU load, NaN when none is. */
  public static double othersCpuLoad() {
    return othersCpuLoad;
  }

  /** The installed hook ({@link StragglerHook#none()} when none is). */
  public static StragglerHook stragglers() {
    return stragglers;
  }
}
