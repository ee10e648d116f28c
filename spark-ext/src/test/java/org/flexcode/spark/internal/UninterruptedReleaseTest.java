package org.flexcode.spark.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class UninterruptedReleaseTest {

  @Test
  void everyReleaseRunsAfterAFailureAndTheFirstFailureCarriesTheOthers() {
    List<String> ran = new ArrayList<>();
    IllegalStateException first = new IllegalStateException("broadcast already destroyed");
    IllegalArgumentException second = new IllegalArgumentException("block manager gone");
    RuntimeException thrown =
        assertThrows(
            RuntimeException.class,
            () ->
                UninterruptedRelease.runAll(
                    "a test engine",
                    () -> ran.add("jobs"),
                    () -> {
                      ran.add("broadcasts");
                      throw first;
                    },
                    () -> {
                      ran.add("held results");
                      throw second;
                    },
                    () -> ran.add("cached data")));
    assertEquals(List.of("jobs", "broadcasts", "held results", "cached data"), ran);
    assertSame(first, thrown);
    assertArrayEquals(new Throwable[] {second}, thrown.getSuppressed());
  }

  @Test
  void anErrorInOneReleaseLeavesTheNextOnesRunningAndIsRethrown() {
    List<String> ran = new ArrayList<>();
    LinkageError linkage = new NoClassDefFoundError("a class the release needed");
    Error thrown =
        assertThrows(
            Error.class,
            () ->
                UninterruptedRelease.runAll(
                    "a test engine",
                    () -> {
                      throw linkage;
                    },
                    () -> ran.add("cached data")));
    assertSame(linkage, thrown);
    assertEquals(List.of("cached data"), ran);
  }

  @Test
  void releasesRunUninterruptedAndTheInterruptIsKept() {
    List<Boolean> interruptedDuringRelease = new ArrayList<>();
    Thread.currentThread().interrupt();
    try {
      UninterruptedRelease.runAll(
          "a test engine",
          () -> interruptedDuringRelease.add(Thread.currentThread().isInterrupted()),
          () -> interruptedDuringRelease.add(Thread.currentThread().isInterrupted()));
      assertEquals(List.of(false, false), interruptedDuringRelease);
      assertTrue(Thread.currentThread().isInterrupted(), "the caller's interrupt was lost");
    } finally {
      Thread.interrupted();
    }
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void anUndeclaredInterruptedExceptionLeavesTheNextReleasesRunningAndTheInterruptSet() {
    List<String> ran = new ArrayList<>();
    InterruptedException joined = new InterruptedException("stopping a listener queue");
    RuntimeException thrown =
        assertThrows(
            RuntimeException.class,
            () ->
                UninterruptedRelease.runAll(
                    "a test engine",
                    () -> {
                      ran.add("listener");
                      Thread.currentThread().interrupt(); // the user's interrupt arrives again
                      throwUndeclared(joined);
                    },
                    () -> ran.add("cached data: " + Thread.currentThread().isInterrupted())));
    try {
      assertEquals(List.of("listener", "cached data: false"), ran);
      assertSame(joined, thrown.getCause());
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt was lost");
    } finally {
      Thread.interrupted();
    }
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> void throwUndeclared(Throwable e) throws E {
    throw (E) e;
  }
}
