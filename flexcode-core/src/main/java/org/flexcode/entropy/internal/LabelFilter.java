package org.flexcode.entropy.internal;

import java.util.Arrays;
import java.util.List;
import org.flexcode.entropy.internal.RecordFunctions.ToDouble;

/** Level = rank of the record's label among the block's distinct labels (ascending). */
final class LabelFilter<T> implements FeatureFilter<T> {

  private static final long serialVersionUID = 1L;

  private final ToDouble<T> label;

  LabelFilter(ToDouble<T> label) {
    this.label = label;
  }

  @Override
  public int[] levels(List<T> block) {
    double[] labels = new double[block.size()];
    for (int i = 0; i < labels.length; i++) {
      labels[i] = label.applyAsDouble(block.get(i)) + 0.0; // -0.0 and 0.0 are one label
    }
    double[] distinct = Arrays.stream(labels).sorted().distinct().toArray();
    int[] levels = new int[labels.length];
    for (int i = 0; i < labels.length; i++) {
      levels[i] = Arrays.binarySearch(distinct, labels[i]);
    }
    return levels;
  }

  @Override
  public String name() {
    return "label";
  }
}
