package org.flexcode.aggregation.strategy.gcdc;

import org.flexcode.adaptive.internal.ClusterLayout;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ModelReplay;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * {@code gcdc:s=1,clusters=2}: gradient coding with dynamic clustering (GC-DC, Buyukates et al.).
 * The n blocks form {@code clusters} clusters, each an FRC over its n / C blocks tolerating s
 * stragglers; every task caches the blocks of its position in every cluster ({@link
 * ClusterLayout}), and before each iteration the driver re-forms the clusters from the tasks'
 * recent straggling so that no cluster gets more than s likely stragglers ({@link
 * org.flexcode.adaptive.internal.ClusterFormer}). The assignment ships with the iteration's tasks;
 * each task computes its slot's s+1 blocks from its cached copies, and the decode is FRC's within
 * each cluster: exact; an iteration whose clusters hold more than s stragglers waits (exact still).
 */
record Gcdc(int s, int clusters) implements AggregationStrategy, ModelReplay {

  /** Validates. */
  public Gcdc {
    if (s < 0) {
      throw new IllegalArgumentException("gcdc: s (stragglers per cluster) must be >= 0, got " + s);
    }
    if (clusters < 1) {
      throw new IllegalArgumentException("gcdc: clusters must be >= 1, got " + clusters);
    }
  }

  @Override
  public String spec() {
    return SpecText.of(GcdcFamily.GCDC).with("s", s).with("clusters", clusters).toString();
  }

  @Override
  public boolean isExact() {
    return true;
  }

  @Override
  public int tolerance() {
    return s;
  }

  /** n must be a multiple of clusters x (s+1). */
  @Override
  public int taskMultiple() {
    return clusters * (s + 1);
  }

  /** FRC(n, s) over the n slots (slot r = row r); checks the cluster shape first. */
  @Override
  public GradientCode code(int numTasks) {
    layout(numTasks);
    return GradientCode.fractionalRepetition(numTasks, s);
  }

  /** The clusters' layout over {@code numTasks} tasks (the error names clusters and numTasks). */
  ClusterLayout layout(int numTasks) {
    return new ClusterLayout(numTasks, clusters, s);
  }

  /** Each task caches its position's slot in every cluster. */
  @Override
  public int[][] cachedBlocks(GradientCode code) {
    ClusterLayout layout = layout(code.numTasks());
    int[][] blocks = new int[code.numTasks()][];
    for (int i = 0; i < blocks.length; i++) {
      blocks[i] = layout.cachedBlocks(i);
    }
    return blocks;
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new GcdcDecoder(this, code);
  }

  @Override
  public String toString() {
    return spec();
  }

  /** The model re-forms its clusters before every iteration, as the engine does. */
  @Override
  public <R> R replayIn(ModelReplay.Replays<R> replays) {
    return replays.clusters(s, clusters);
  }
}
