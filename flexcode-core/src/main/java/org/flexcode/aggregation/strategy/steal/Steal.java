package org.flexcode.aggregation.strategy.steal;

import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ClusterShape;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.StorageBudget;
import org.flexcode.aggregation.copies.internal.CopiedLayout;
import org.flexcode.aggregation.copies.internal.CopiesFit;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.copies.internal.StealDecoder;
import org.flexcode.aggregation.copies.internal.StealLaunches;
import org.flexcode.aggregation.copies.internal.StealPlan;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * {@code steal:r=R,chunks=C,late=X}: work stealing over cached chunk copies, exact. Each block is
 * cut into {@code chunks} chunks and each chunk cached on {@code r} distinct executors ({@link
 * StealPlan}); an iteration runs every chunk's home copy, launches another copy of a chunk when an
 * executor holding it has run out of home work or when it has run {@code late} x the median chunk
 * time ({@link StealLaunches}), and ends when every chunk has arrived once ({@link StealDecoder}):
 * the exact sum, as {@code bsp} up to summation order. {@code late=0}: no late copies. {@code
 * home=auto|chunks|block} ({@link StealHome}): whether the home copies run as one task per chunk or
 * one per block, by default whichever measured faster.
 *
 * <p>The engine's tasks are the chunk copies: task t = copy (t / C') of chunk (t mod C'), C' = n x
 * chunks, so {@link #code} is the uncoded code over n x chunks x r tasks.
 */
public record Steal(int copies, int chunks, double late, StealHome home)
    implements AggregationStrategy, CopiedLayout {

  /** With home work chosen by measurement ({@code home=auto}). */
  public Steal(int copies, int chunks, double late) {
    this(copies, chunks, late, StealHome.AUTO);
  }

  /** Validates (as {@link CopiesSpec}). */
  public Steal {
    new CopiesSpec(copies, chunks, late, home, false);
  }

  /** The chunk copies this strategy caches, each at setup. */
  @Override
  public CopiesSpec layout() {
    return new CopiesSpec(copies, chunks, late, home, false);
  }

  /**
   * Fewer copies when fewer executors than r are registered or the free storage memory holds fewer;
   * {@code bsp} when it holds fewer than two.
   */
  @Override
  public AggregationStrategy fitTo(ClusterShape cluster, StorageBudget budget) {
    return CopiesFit.fit(
        this, layout(), cluster.executors(), budget, fewer -> new Steal(fewer, chunks, late, home));
  }

  /**
   * {@code steal:r=R,chunks=C}, with {@code late=X} when not the default (so the Estimators' shadow
   * late param, keyed {@code late} too, never overrides a bare {@code steal}).
   */
  @Override
  public String spec() {
    return SpecText.of(StealFamily.STEAL)
        .with("r", copies)
        .with("chunks", chunks)
        .withIf(late != CopiesSpec.DEFAULT_LATE, "late", late)
        .withIf(home != StealHome.AUTO, "home", home.label())
        .toString();
  }

  @Override
  public boolean isExact() {
    return true;
  }

  @Override
  public AggregationStrategy withShadows(ShadowSpec shadows) {
    throw new IllegalArgumentException(
        "steal takes no shadows: its copies of each chunk stand in for stragglers, got " + shadows);
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new StealDecoder(this, copies, code);
  }

  @Override
  public String toString() {
    return spec();
  }
}
