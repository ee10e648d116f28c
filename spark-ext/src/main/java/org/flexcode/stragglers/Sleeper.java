package org.flexcode.stragglers;

import java.io.Serializable;

/**
 * How an injected delay is spent: {@link Thread#sleep(long)} in tasks, a recording fake in tests.
 * Throws {@link InterruptedException} when the task is killed.
 */
@FunctionalInterface
interface Sleeper extends Serializable {

  /** The real, interruptible sleep. */
  Sleeper THREAD = Thread::sleep;

  /** Spends {@code ms} milliseconds (0 or less: none). */
  void sleep(long ms) throws InterruptedException;
}
