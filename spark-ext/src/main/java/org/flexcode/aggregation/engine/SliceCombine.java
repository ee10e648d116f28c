package org.flexcode.aggregation.engine;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.function.Function;
import org.flexcode.aggregation.CombinationTerm;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.engine.ExecutorCombine.HeldTerm;
import org.flexcode.aggregation.engine.internal.SlicedDecode;
import org.flexcode.spark.internal.ExecutorBlocks;
import org.flexcode.spark.internal.SparkInternals;

/**
 * An iteration's decode by slices ({@link SlicedDecode}): one task per slice on the executors adds
 * its slice of every chosen result (a held one read from the block managers that hold its slices,
 * {@link HeldSlices}, or whole when it was kept whole; one that travelled sent with the task,
 * already summed over such results on the driver) and runs the slice's {@link SlicedDecode#reduce}
 * there; the driver receives only the reduced outputs, in slice order, one after the other. Nothing
 * the size of the statistic is formed on the driver unless results travelled to it (then they were
 * small by the inline budget).
 */
final class SliceCombine {

  private SliceCombine() {}

  /** What one slice task is given: its slice, the held terms and the driver's part (or null). */
  record SliceTask(int slice, ArrayList<SliceTerm> held, double[] driverPart)
      implements Serializable {}

  /** A held term, and how its result is kept: cut in slices, or whole ({@code slices} null). */
  record SliceTerm(HeldTerm term, HeldSlices slices) implements Serializable {}

  /**
   * Applies {@code terms} to {@code results} slice by slice and reduces each slice on the
   * executors; returns the outputs, concatenated in slice order.
   */
  static double[] combine(
      SparkContext sc,
      int iteration,
      List<CombinationTerm> terms,
      Map<Integer, PartialResult> results,
      IntFunction<ResultHolding> holdingOf,
      SlicedDecode sliced,
      String label) {
    int slices = sliced.slices();
    double[][] driverParts = new double[slices][];
    ArrayList<SliceTerm> held = new ArrayList<>();
    for (CombinationTerm term : terms) {
      PartialResult r = results.get(term.task());
      if (r.values().isHeld()) {
        ResultHolding holding = holdingOf.apply(r.iteration());
        held.add(new SliceTerm(HeldTerm.of(holding, r, term), holding.slices()));
        continue;
      }
      for (int s = 0; s < slices; s++) {
        if (driverParts[s] == null) {
          driverParts[s] = new double[sliced.to(s) - sliced.from(s)];
        }
        r.values().addScaledSliceTo(driverParts[s], term.offset() + sliced.from(s), term.weight());
      }
    }
    List<SliceTask> tasks = new ArrayList<>();
    List<List<String>> locations = new ArrayList<>();
    for (int s = 0; s < slices; s++) {
      tasks.add(new SliceTask(s, held, driverParts[s]));
      locations.add(List.of());
    }
    List<double[]> outputs =
        ExecutorCombine.described(
            sc,
            label,
            () ->
                ExecutorBlocks.withLocations(
                        sc, tasks, locations, SparkInternals.<SliceTask>classTag(SliceTask.class))
                    .toJavaRDD()
                    .map(new ReduceSlice(sliced, iteration))
                    .collect());
    return concatenate(outputs, sliced);
  }

  private static double[] concatenate(List<double[]> outputs, SlicedDecode sliced) {
    int length = 0;
    for (int s = 0; s < outputs.size(); s++) {
      length += sliced.outputLength(s);
    }
    double[] all = new double[length];
    int at = 0;
    for (int s = 0; s < outputs.size(); s++) {
      double[] out = outputs.get(s);
      if (out.length != sliced.outputLength(s)) {
        throw new IllegalStateException(
            "slice " + s + " reduced to " + out.length + " entries, not " + sliced.outputLength(s));
      }
      System.arraycopy(out, 0, all, at, out.length);
      at += out.length;
    }
    return all;
  }

  /** Executor side: one slice's sum over the chosen results, then its reduction. */
  private record ReduceSlice(SlicedDecode sliced, int iteration)
      implements Function<SliceTask, double[]> {
    @Override
    public double[] call(SliceTask task) {
      int s = task.slice();
      int from = sliced.from(s);
      double[] sum =
          task.driverPart() != null ? task.driverPart() : new double[sliced.to(s) - from];
      for (SliceTerm held : task.held()) {
        if (!add(held, from, sum)) {
          throw held.term().gone();
        }
      }
      return sliced.reduce(iteration, s, sum);
    }

    /** Adds {@code held}'s entries [from, from + sum.length) to {@code sum}; false when gone. */
    private static boolean add(SliceTerm held, int from, double[] sum) {
      HeldTerm t = held.term();
      HeldSlices slices = held.slices();
      if (slices != null) {
        int sub = t.offset() / slices.dimension();
        return slices.addRange(t.block(), sub, from, t.weight(), sum);
      }
      Object[] wire = ExecutorBlocks.get(t.id(), t.block());
      if (wire == null) {
        return false;
      }
      PackedVector.fromWire(wire).addScaledSliceTo(sum, t.offset() + from, t.weight());
      return true;
    }
  }
}
