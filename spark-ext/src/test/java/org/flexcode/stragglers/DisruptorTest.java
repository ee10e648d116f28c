package org.flexcode.stragglers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The hog threads of {@code disrupted-machine} start with an injector and none outlives it. */
@Tag("unit")
class DisruptorTest {

  private static final StragglerPattern ALWAYS =
      StragglerPattern.parse("disrupted-machine:p=1,interval=50,intensity=1");

  @AfterEach
  void noThreadLeftBehind() {
    Disruptors.retireAllBut("none");
    assertEquals(List.of(), disruptorThreads());
  }

  @Test
  void stopJoinsTheSchedulerAndEveryHogThread() throws Exception {
    Disruptor disruptor = Disruptor.start((DisruptedMachine) ALWAYS, 1, "0", 2);
    assertTrue(eventually(() -> disruptorThreads().size() == 3), "scheduler and 2 hogs run");
    disruptor.stop();
    assertFalse(disruptor.isAlive());
    assertEquals(List.of(), disruptorThreads());
  }

  @Test
  void closingTheInjectorStopsItsThreads() throws Exception {
    StragglerInjector injector = new StragglerInjector(ALWAYS, 1, ComputeEmulation.real());
    injector.beforeCompute();
    injector.beforeCompute(); // the same injector: still one disruptor
    int cores = Runtime.getRuntime().availableProcessors();
    assertTrue(eventually(() -> disruptorThreads().size() == 1 + cores), "hogs run");
    injector.close();
    assertEquals(List.of(), disruptorThreads());
  }

  @Test
  void aTaskOfTheNextInjectorStopsThePreviousInjectorsThreads() throws Exception {
    new StragglerInjector(ALWAYS, 1, ComputeEmulation.real()).beforeCompute();
    assertTrue(eventually(() -> !disruptorThreads().isEmpty()));
    StragglerInjector next =
        new StragglerInjector(StragglerPattern.ideal(), 1, ComputeEmulation.real());
    next.beforeCompute();
    assertEquals(List.of(), disruptorThreads(), "the next row starts without the old hogs");
  }

  @Test
  void emulatedComputeStartsNoThread() {
    StragglerInjector injector =
        new StragglerInjector(ALWAYS, 1, ComputeEmulation.parse("emulated:block-ms=10"));
    injector.beforeCompute();
    assertEquals(List.of(), disruptorThreads());
    injector.close();
  }

  static List<String> disruptorThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith(Disruptor.THREAD_PREFIX))
        .sorted()
        .toList();
  }

  private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
    long until = System.currentTimeMillis() + 10_000;
    while (System.currentTimeMillis() < until) {
      if (condition.getAsBoolean()) {
        return true;
      }
      Thread.sleep(5); // the disruptor starts its threads on its own schedule: polled
    }
    return false;
  }
}
