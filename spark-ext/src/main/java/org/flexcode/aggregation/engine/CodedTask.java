package org.flexcode.aggregation.engine;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.VoidFunction;
import org.apache.spark.util.AccumulatorV2;
import org.flexcode.aggregation.OthersCpuLoad;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.PartialResult;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.stragglers.StragglerHook;
import org.flexcode.stragglers.StragglerInjector;

/**
 * The executor side of an iteration: task i computes c_ij x statistic(block j) summed over its
 * blocks (a shadow: one unweighted slice per block, only {@code shadowBlocks} when launched late)
 * and reports it, or its error, through the accumulator. Injected straggling (the user's pattern,
 * and the tests' forced delays) runs here, interruptibly; the statistic reads its records through
 * {@link InterruptibleRecords}, so a cancelled task stops computing within a thousand records.
 * {@code shadowBlocks}: the blocks shadow tasks estimate, null for all of theirs. With {@code
 * homeGroup} g > 1 the task is one of {@code steal}'s block tasks: partition p runs the home copies
 * of chunks p .. p + g - 1 and reports their sum once, as one result covering the g chunks (one
 * gradient per block travels, as bsp's; the driver records it as chunk p's result and zero for the
 * others, all at once, and the chunk-copies decoder ({@code copies.StealDecoder}) takes a chunk
 * from its home copy whenever that arrived, so a block's chunks count together), injected
 * straggling once for the block. {@code testOthersCpuLoad}: the other processes' CPU load results
 * report, when a test forces one (else NaN: measured). A result above the iteration's {@link
 * ResultHolding} threshold stays in this executor's block manager; only its length travels.
 */
record CodedTask<T, M>(
    IterationInput<T, M> input,
    BitSet shadowBlocks,
    TaskLayout layout,
    AccumulatorV2<Object[], List<Object[]>> accumulator,
    StragglerInjector injector,
    StragglerHook testDelays,
    double testOthersCpuLoad,
    int homeGroup)
    implements VoidFunction<Iterator<CodedBlock<T>>> {

  private static final long serialVersionUID = 1L;

  @Override
  public void call(Iterator<CodedBlock<T>> blocks) {
    if (homeGroup > 1) {
      callBlock(blocks);
      return;
    }
    TaskContext context = TaskContext.get();
    int it = input.iteration();
    int task = context.partitionId();
    int attempt = context.attemptNumber();
    PartialResult.Attempt self =
        new PartialResult.Attempt(
            it, task, attempt, SparkEnv.get().executorId(), System.currentTimeMillis());
    try {
      injector.beforeCompute();
      testDelays.straggle(it, task, attempt);
      SparkInternals.killTaskIfInterrupted(context);
      long computeStart = System.nanoTime();
      double[] worth = new double[1];
      double[] partial = compute(task, blocks, worth);
      long computeMs = (System.nanoTime() - computeStart) / 1_000_000;
      long injected = injector.afterCompute(task, it + 1, attempt, computeMs, worth[0]);
      SparkInternals.killTaskIfInterrupted(context);
      PackedVector values = input.holding().report(task, attempt, PackedVector.pack(partial));
      accumulator.add(
          PartialResult.successPacked(self, injected, values, othersCpuLoad(), 1).toWire());
    } catch (Throwable t) {
      accumulator.add(PartialResult.failure(self, t.toString()).toWire());
      throw t;
    }
  }

  /** A block task: its home chunks computed, their sum reported as the first chunk's result. */
  private void callBlock(Iterator<CodedBlock<T>> blocks) {
    TaskContext context = TaskContext.get();
    int it = input.iteration();
    int first = context.partitionId();
    int attempt = context.attemptNumber();
    long startMs = System.currentTimeMillis();
    String executor = SparkEnv.get().executorId();
    List<PartialResult.Attempt> chunks = new java.util.ArrayList<>();
    for (int task = first; task < first + homeGroup; task++) {
      chunks.add(new PartialResult.Attempt(it, task, attempt, executor, startMs));
    }
    try {
      injector.beforeCompute();
      for (PartialResult.Attempt chunk : chunks) {
        testDelays.straggle(it, chunk.task(), attempt);
      }
      SparkInternals.killTaskIfInterrupted(context);
      long computeStart = System.nanoTime();
      double[] worth = new double[1];
      double[] sum = sumOfChunks(blocks, first, worth);
      long computeMs = (System.nanoTime() - computeStart) / 1_000_000;
      long injected = injector.afterCompute(first, it + 1, attempt, computeMs, worth[0]);
      SparkInternals.killTaskIfInterrupted(context);
      double load = othersCpuLoad();
      PackedVector values = input.holding().report(first, attempt, PackedVector.pack(sum));
      accumulator.add(
          PartialResult.successPacked(chunks.get(0), injected, values, load, homeGroup).toWire());
    } catch (Throwable t) {
      for (PartialResult.Attempt chunk : chunks) {
        accumulator.add(PartialResult.failure(chunk, t.toString()).toWire());
      }
      throw t;
    }
  }

  /** The sum of the block task's home chunks first .. first + g - 1; fails if one is absent. */
  private double[] sumOfChunks(Iterator<CodedBlock<T>> blocks, int first, double[] worth) {
    double[] sum = null;
    BitSet present = new BitSet();
    while (blocks.hasNext()) {
      CodedBlock<T> b = blocks.next();
      double[] partial = compute(b.block(), List.of(b).iterator(), worth);
      present.set(b.block());
      if (sum == null) {
        sum = partial;
      } else {
        for (int d = 0; d < sum.length; d++) {
          sum[d] += partial[d];
        }
      }
    }
    int absent = present.nextClearBit(first);
    if (sum == null || absent < first + homeGroup) {
      throw new IllegalStateException(
          "FlexCode iteration "
              + input.iteration()
              + ": block task "
              + first
              + " has no chunk "
              + absent);
    }
    return sum;
  }

  /** Other processes' CPU load for the result: a test's if forced, else {@link OthersCpuLoad}. */
  private double othersCpuLoad() {
    return Double.isNaN(testOthersCpuLoad) ? OthersCpuLoad.recent() : testOthersCpuLoad;
  }

  /** Adds to {@code worth[0]} the blocks' worth of records computed (for emulated compute). */
  private double[] compute(int task, Iterator<CodedBlock<T>> blocks, double[] worth) {
    int dimension = input.dimension();
    M model = input.model().value();
    boolean shadow = layout.isShadow(task);
    double[] partial = new double[layout.resultLength(task, dimension)];
    double[] block = null; // a block's own statistic, when it cannot go straight into partial
    boolean untouched = true;
    while (blocks.hasNext()) {
      CodedBlock<T> b = blocks.next();
      if (shadow && shadowBlocks != null && !shadowBlocks.get(b.block())) {
        continue; // a late shadow estimates only the blocks it was launched for
      }
      if (!shadow && !input.blocks().computes(task, b.block())) {
        continue; // gcdc: a cached block of a slot this task was not assigned this iteration
      }
      worth[0] += b.isSubset() ? subsetWorth(b) : layout.blockWorth();
      int offset = layout.sliceOf(task, b.block(), dimension);
      double c = layout.coefficientOf(task, b.block());
      // The first block of a plain-sum slice is its own statistic: accumulated in place, without
      // a second dimension-long array and a copy (a large statistic's main cost outside the data).
      boolean inPlace = untouched && offset == 0 && c == 1.0 && partial.length == dimension;
      if (!inPlace) {
        block = block == null ? new double[dimension] : block;
        Arrays.fill(block, 0.0);
      }
      accumulate(model, b, inPlace ? partial : block);
      untouched = false;
      for (int d = 0; d < dimension; d++) {
        double value = inPlace ? partial[d] : block[d];
        if (!Double.isFinite(value)) {
          throw new IllegalStateException(notFinite(task, b.block(), d, value));
        }
        if (!inPlace) {
          partial[offset + d] += c * value;
        }
      }
    }
    return partial;
  }

  /**
   * Adds block {@code b}'s statistic (a shadow's subset: its weighted estimate) into {@code out}.
   */
  private void accumulate(M model, CodedBlock<T> b, double[] out) {
    List<T> records = InterruptibleRecords.of(b.records(), TaskContext.get());
    if (b.isSubset()) {
      input
          .statistic()
          .accumulateWeighted(model, input.iteration(), b.block(), records, b.weights(), out);
    } else {
      input.statistic().accumulate(model, input.iteration(), b.block(), records, out);
    }
  }

  /** A shadow's subset: its records over the block's (its weights' sum). */
  private static double subsetWorth(CodedBlock<?> b) {
    double total = Arrays.stream(b.weights()).sum();
    return total > 0 ? Math.min(1.0, b.records().size() / total) : 0.0;
  }

  private String notFinite(int task, int block, int index, double value) {
    return "FlexCode iteration "
        + input.iteration()
        + ": the statistic of block "
        + block
        + " is not finite ("
        + value
        + " at index "
        + index
        + (layout.isShadow(task) ? ", in shadow task " + task : "")
        + "); check the data of that block (partition "
        + block
        + " of the input) for NaN or infinite values";
  }
}
