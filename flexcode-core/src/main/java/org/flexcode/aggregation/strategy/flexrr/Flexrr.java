package org.flexcode.aggregation.strategy.flexrr;

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
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * {@code flexrr:staleness=1,r=3,chunks=4}: rapid reassignment with bounded staleness (FlexRR,
 * Harlap et al., SoCC 2016). The layout and the reassignment are {@code steal}'s: each block cut
 * into {@code chunks} chunks, each chunk cached on r executors; idle holders take a straggler's
 * pending chunks and a chunk running late gets another copy. What cannot move in time follows
 * {@code ssp}'s rule, per chunk: once every chunk but one has arrived, the iteration ends without
 * that one, whose copies keep running; its result is applied in the iteration it arrives in if at
 * most {@code staleness} iterations old (the engine waits for it rather than exceed that), and the
 * chunk gets no new copy while one runs ({@link FlexrrDecoder}). Each chunk counts once per
 * iteration. {@code staleness=0} is {@code steal}: every chunk every iteration, exact.
 *
 * <p>The home work always runs as one task per chunk: a block task reports its block's sum as one
 * result, which a chunk applied late from another copy would then count twice.
 */
public record Flexrr(int staleness, int copies, int chunks)
    implements AggregationStrategy, CopiedLayout {

  /** Validates (the layout as {@link CopiesSpec}). */
  public Flexrr {
    if (staleness < 0) {
      throw new IllegalArgumentException(
          "flexrr: staleness (iterations a chunk's result may lag) must be >= 0, got " + staleness);
    }
    new CopiesSpec(copies, chunks, CopiesSpec.DEFAULT_LATE, StealHome.CHUNKS, false);
  }

  /** Steal's layout with these copies and chunks, its default late copies, home work per chunk. */
  @Override
  public CopiesSpec layout() {
    return new CopiesSpec(copies, chunks, CopiesSpec.DEFAULT_LATE, StealHome.CHUNKS, false);
  }

  /**
   * Fewer copies when fewer executors than r are registered or the free storage memory holds fewer;
   * {@code bsp} when it holds fewer than two.
   */
  @Override
  public AggregationStrategy fitTo(ClusterShape cluster, StorageBudget budget) {
    return CopiesFit.fit(
        this, layout(), cluster.executors(), budget, fewer -> new Flexrr(staleness, fewer, chunks));
  }

  /** {@code flexrr:staleness=K}, with r and chunks when not the defaults. */
  @Override
  public String spec() {
    return SpecText.of(FlexrrFamily.FLEXRR)
        .with("staleness", staleness)
        .withIf(copies != CopiesSpec.DEFAULT_COPIES, "r", copies)
        .withIf(chunks != CopiesSpec.DEFAULT_CHUNKS, "chunks", chunks)
        .toString();
  }

  @Override
  public boolean isExact() {
    return staleness == 0;
  }

  @Override
  public AggregationStrategy withShadows(ShadowSpec shadows) {
    throw new IllegalArgumentException(
        spec() + " takes no shadows: its copies of each chunk stand in for stragglers");
  }

  /** {@link FlexrrDecoder}; with {@code staleness=0}, {@code steal}'s decoder and launches. */
  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    if (staleness == 0) {
      return new StealDecoder(this, copies, code);
    }
    return new FlexrrDecoder(this, code);
  }

  @Override
  public String toString() {
    return spec();
  }
}
