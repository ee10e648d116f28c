package org.flexcode.aggregation.engine;

import java.io.Serializable;
import java.util.TreeSet;
import org.apache.spark.SparkContext;
import org.flexcode.aggregation.PackedVector;
import org.flexcode.aggregation.engine.internal.SlicedDecode;
import org.flexcode.spark.internal.ExecutorBlocks;

/**
 * How a sliced iteration keeps a held result: cut at {@code bounds} (covering the statistic's
 * {@code dimension} entries, 0 first), slice s kept as one block of set {@code setIds[s]}, so that
 * a slice task reads only the slices it needs, not the whole result. A result holding several
 * blocks' statistics (a shadow task's: sub-vector j at offset j x dimension) keeps, in slice s,
 * each sub-vector's part one after the other. Any range can be read back ({@link #addRange}), also
 * with another iteration's slicing (a stale result's).
 */
record HeldSlices(int dimension, int[] bounds, int[] setIds) implements Serializable {

  /**
   * The slicing of {@code sliced} over a statistic of {@code dimension} entries: every slice's
   * bounds, with the gaps between slices as slices of their own; one fresh set per slice.
   */
  static HeldSlices of(SparkContext sc, SlicedDecode sliced, int dimension) {
    TreeSet<Integer> cuts = new TreeSet<>();
    cuts.add(0);
    cuts.add(dimension);
    for (int s = 0; s < sliced.slices(); s++) {
      cuts.add(sliced.from(s));
      cuts.add(sliced.to(s));
    }
    int[] bounds = cuts.stream().mapToInt(Integer::intValue).toArray();
    int[] ids = new int[bounds.length - 1];
    for (int s = 0; s < ids.length; s++) {
      ids[s] = ExecutorBlocks.newId(sc);
    }
    return new HeldSlices(dimension, bounds, ids);
  }

  private int length(int s) {
    return bounds[s + 1] - bounds[s];
  }

  /**
   * Executor side: keeps every slice of {@code values} as block {@code block}; false if refused.
   */
  boolean put(int block, PackedVector values) {
    int subs = values.length() / dimension;
    for (int s = 0; s < setIds.length; s++) {
      double[] part = new double[subs * length(s)];
      double[] sub = new double[length(s)];
      for (int j = 0; j < subs; j++) {
        java.util.Arrays.fill(sub, 0.0);
        values.addScaledSliceTo(sub, j * dimension + bounds[s], 1.0);
        System.arraycopy(sub, 0, part, j * length(s), sub.length);
      }
      if (!ExecutorBlocks.put(setIds[s], block, PackedVector.pack(part).toWire())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Executor side: adds {@code scale} x entries [from, from + target.length) of sub-vector {@code
   * sub} of held result {@code block} to {@code target}, from the slices that hold them; false when
   * one of them is gone.
   */
  boolean addRange(int block, int sub, int from, double scale, double[] target) {
    int to = from + target.length;
    for (int s = 0; s < setIds.length; s++) {
      int lo = Math.max(from, bounds[s]);
      int hi = Math.min(to, bounds[s + 1]);
      if (lo >= hi) {
        continue;
      }
      Object[] wire = ExecutorBlocks.get(setIds[s], block);
      if (wire == null) {
        return false;
      }
      PackedVector slice = PackedVector.fromWire(wire);
      int at = sub * length(s) + lo - bounds[s];
      if (lo == from && hi == to) {
        slice.addScaledSliceTo(target, at, scale);
        continue;
      }
      double[] part = new double[hi - lo];
      slice.addScaledSliceTo(part, at, scale);
      for (int d = 0; d < part.length; d++) {
        target[lo - from + d] += part[d];
      }
    }
    return true;
  }

  /** Driver side: removes every slice's set from every executor. */
  void removeAll(SparkContext sc) {
    for (int id : setIds) {
      ExecutorBlocks.removeAll(sc, id);
    }
  }
}
