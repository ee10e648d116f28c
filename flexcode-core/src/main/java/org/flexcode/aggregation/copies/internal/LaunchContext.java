package org.flexcode.aggregation.copies.internal;

import java.util.function.LongSupplier;
import org.flexcode.adaptive.internal.HomeGrouping;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLogger;

/**
 * What {@link StealLaunches} read and tell besides the plan: the time now (ms) and where they log
 * their decisions (the copies they launch, the executors they avoid) and their {@link
 * HomeGrouping}'s. The engine's context is the wall clock and each class's own logger; the model's,
 * which runs the same decisions over thousands of simulated iterations, is its simulated time and
 * no log.
 *
 * @param clock the time now, ms
 * @param launchLog where the launches log
 * @param homeLog where the choice of home work logs
 */
public record LaunchContext(LongSupplier clock, Logger launchLog, Logger homeLog) {

  /** The driver's: the wall clock (epoch ms), each class's own logger. */
  public static LaunchContext wallClock() {
    return new LaunchContext(
        System::currentTimeMillis,
        LoggerFactory.getLogger(StealLaunches.class),
        LoggerFactory.getLogger(HomeGrouping.class));
  }

  /** A simulation's: time from {@code clock}, nothing logged. */
  public static LaunchContext simulated(LongSupplier clock) {
    return new LaunchContext(clock, NOPLogger.NOP_LOGGER, NOPLogger.NOP_LOGGER);
  }
}
