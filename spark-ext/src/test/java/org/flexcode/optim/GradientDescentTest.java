package org.flexcode.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class GradientDescentTest {

  /** f(x) = 0.5 ||x - target||^2, direction its gradient. */
  static GradientDescent.Oracle quadratic(double[] target, List<Integer> calls) {
    return (x, t) -> {
      calls.add(t);
      double[] gradient = new double[x.length];
      double loss = 0;
      for (int d = 0; d < x.length; d++) {
        gradient[d] = x[d] - target[d];
        loss += 0.5 * gradient[d] * gradient[d];
      }
      return new GradientDescent.Evaluation(loss, gradient);
    };
  }

  /** x -= rate g. */
  static GradientDescent.UpdateRule fixedStep(double rate) {
    return (x, gradient, t, step) -> {
      for (int d = 0; d < x.length; d++) {
        step[d] = rate * gradient[d];
        x[d] -= step[d];
      }
    };
  }

  @Test
  void convergesToTheMinimumAndStopsOnASmallStep() {
    List<Integer> calls = new ArrayList<>();
    Solution s =
        GradientDescent.run(
            quadratic(new double[] {3, -4}, calls),
            fixedStep(0.5),
            new double[2],
            GradientDescent.Settings.of(200, 1e-6));
    assertArrayEquals(new double[] {3, -4}, s.x(), 1e-5);
    assertTrue(calls.size() < 200, "stopped early after " + calls.size());
    assertEquals(calls.size(), s.history().length);
    assertEquals(12.5, s.history()[0], 1e-12);
  }

  @Test
  void runsMaxIterMovesWithoutAFinalPass() {
    List<Integer> calls = new ArrayList<>();
    Solution s =
        GradientDescent.run(
            quadratic(new double[] {1}, calls),
            fixedStep(0.1),
            new double[1],
            GradientDescent.Settings.of(5, 0.0));
    assertEquals(List.of(1, 2, 3, 4, 5), calls);
    assertEquals(1 - Math.pow(0.9, 5), s.x()[0], 1e-12);
  }

  @Test
  void theFinalPassOnlyRecordsTheLossOfTheFinalPoint() {
    List<Integer> calls = new ArrayList<>();
    Solution s =
        GradientDescent.run(
            quadratic(new double[] {1}, calls),
            fixedStep(0.1),
            new double[1],
            new GradientDescent.Settings(3, 0.0, 2, true));
    assertEquals(List.of(1, 2, 3, 4), calls);
    assertEquals(4, s.history().length);
    assertEquals(1 - Math.pow(0.9, 3), s.x()[0], 1e-12);
    assertEquals(0.5 * Math.pow(0.9, 6), s.history()[3], 1e-12);
  }

  @Test
  void testsConvergenceFromMinMovesOn() {
    // A rule that does not move: converged at the first move, or at the second with minMoves 2.
    GradientDescent.UpdateRule still = (x, g, t, step) -> java.util.Arrays.fill(step, 0.0);
    List<Integer> first = new ArrayList<>();
    GradientDescent.run(
        quadratic(new double[] {1}, first),
        still,
        new double[1],
        GradientDescent.Settings.of(9, 0.1));
    List<Integer> second = new ArrayList<>();
    GradientDescent.run(
        quadratic(new double[] {1}, second),
        still,
        new double[1],
        new GradientDescent.Settings(9, 0.1, 2, false));
    assertEquals(List.of(1), first);
    assertEquals(List.of(1, 2), second);
  }

  @Test
  void anEmptyEvaluationRecordsNothingAndDoesNotMove() {
    List<Integer> calls = new ArrayList<>();
    GradientDescent.Oracle inner = quadratic(new double[] {1}, calls);
    GradientDescent.Oracle oddOnly =
        (x, t) -> t % 2 == 0 ? GradientDescent.Evaluation.EMPTY : inner.evaluate(x, t);
    Solution s =
        GradientDescent.run(
            oddOnly, fixedStep(0.5), new double[1], GradientDescent.Settings.of(4, 0.0));
    assertEquals(List.of(1, 3), calls);
    assertEquals(2, s.history().length);
    assertEquals(0.75, s.x()[0], 1e-12);
  }
}
