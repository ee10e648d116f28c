package org.flexcode.entropy.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Joint colour = the tuple of the filters' levels, numbered densely in order of first appearance in
 * the block.
 */
final class JointColouring<T> implements Colouring<T> {

  private static final long serialVersionUID = 1L;

  private final List<FeatureFilter<T>> filters;

  JointColouring(List<FeatureFilter<T>> filters) {
    this.filters = filters;
  }

  @Override
  public int[] colours(List<T> block) {
    int n = block.size();
    int[][] levels = new int[filters.size()][];
    for (int f = 0; f < levels.length; f++) {
      FeatureFilter<T> filter = filters.get(f);
      levels[f] = filter.levels(block);
      if (levels[f].length != n) {
        throw new IllegalStateException(
            "filter "
                + filter.name()
                + " gave "
                + levels[f].length
                + " levels for "
                + n
                + " records");
      }
      for (int i = 0; i < n; i++) {
        if (levels[f][i] < 0) {
          throw new IllegalStateException(
              "filter "
                  + filter.name()
                  + " gave negative level "
                  + levels[f][i]
                  + " to record "
                  + i);
        }
      }
    }
    Map<Object, Integer> ids = new HashMap<>();
    long[] radix = radix(levels);
    int[] colours = new int[n];
    for (int i = 0; i < n; i++) {
      Object key = radix == null ? tuple(levels, i) : (Object) packed(levels, radix, i);
      Integer id = ids.putIfAbsent(key, ids.size());
      colours[i] = id == null ? ids.size() - 1 : id;
    }
    return colours;
  }

  /** Place values of a mixed-radix packing of the tuples into a long, or null if it overflows. */
  private static long[] radix(int[][] levels) {
    long[] place = new long[levels.length];
    long product = 1;
    try {
      for (int f = 0; f < levels.length; f++) {
        place[f] = product;
        product = Math.multiplyExact(product, 1L + Arrays.stream(levels[f]).max().orElse(0));
      }
    } catch (ArithmeticException overflow) {
      return null;
    }
    return place;
  }

  private static long packed(int[][] levels, long[] place, int i) {
    long key = 0;
    for (int f = 0; f < levels.length; f++) {
      key += levels[f][i] * place[f];
    }
    return key;
  }

  private static List<Integer> tuple(int[][] levels, int i) {
    Integer[] t = new Integer[levels.length];
    for (int f = 0; f < levels.length; f++) {
      t[f] = levels[f][i];
    }
    return List.of(t);
  }

  @Override
  public String toString() {
    return "joint" + filters.stream().map(FeatureFilter::name).toList();
  }
}
