package org.flexcode.stragglers;

import java.util.function.Supplier;

/**
 * Which {@link Disruptor} runs in this JVM, and for which injector: at most one. A task of another
 * injector (the next benchmark row) stops the previous one's threads before it computes; {@link
 * StragglerInjector#close} stops them where it is called.
 */
final class Disruptors {

  private static String owner;
  private static Disruptor current;

  private Disruptors() {}

  /** Makes sure {@code owner}'s disruptor runs (starting it with {@code start}) and renews it. */
  static synchronized void ensure(String owner, Supplier<Disruptor> start) {
    if (current != null && owner.equals(Disruptors.owner) && current.isAlive()) {
      current.renew();
      return;
    }
    stopCurrent();
    Disruptors.owner = owner;
    current = start.get();
  }

  /** Stops the running disruptor unless it belongs to {@code owner}. */
  static synchronized void retireAllBut(String owner) {
    if (current != null && !owner.equals(Disruptors.owner)) {
      stopCurrent();
    }
  }

  /** Stops {@code owner}'s disruptor, if it runs here. */
  static synchronized void stop(String owner) {
    if (owner.equals(Disruptors.owner)) {
      stopCurrent();
    }
  }

  private static void stopCurrent() {
    if (current != null) {
      current.stop();
    }
    current = null;
    owner = null;
  }
}
