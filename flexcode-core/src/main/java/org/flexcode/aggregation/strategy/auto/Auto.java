package org.flexcode.aggregation.strategy.auto;

import org.flexcode.adaptive.internal.BackupChooser;
import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ClusterShape;
import org.flexcode.aggregation.ModelReplay;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.StorageBudget;
import org.flexcode.aggregation.copies.internal.CopiedLayout;
import org.flexcode.aggregation.copies.internal.CopiesFit;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code auto:exact=false,floor=0.5}: lays the data out as {@code steal:r=R,chunks=C} does (each
 * block cut into chunks, each chunk cached on r executors), and before each iteration picks the
 * mode that one cached layout supports with the lowest predicted time per pass over the data
 * ({@link org.flexcode.adaptive.internal.ModeChooser}): {@code bsp} (home copies only, every chunk
 * waited for, no late copy), {@code steal} (moves and late copies, exact) or {@code ignore:b} (home
 * copies, the chunks of the b slowest workers left out, rescaled as {@code ignore}, keeping at
 * least {@code floor} of the records; inexact, never chosen with {@code exact=true}). The
 * prediction comes from the last {@code window} (5) iterations' home-chunk times; a switch needs a
 * 10% gain and is logged with its reason; each iteration's record says the mode and the predictions
 * ({@link org.flexcode.metrics.IterationRecord#choice()}).
 *
 * <p>{@link #isExact()} is {@code exact}: with {@code exact=false} an iteration may be inexact.
 */
public record Auto(boolean exact, int copies, int chunks, double floor)
    implements AggregationStrategy, CopiedLayout, ModelReplay {

  private static final Logger LOG = LoggerFactory.getLogger(Auto.class);

  /** Validates (the layout as {@link CopiesSpec}). */
  public Auto {
    new CopiesSpec(copies, chunks, CopiesSpec.DEFAULT_LATE, StealHome.AUTO, true);
    BackupChooser.checkFloor(floor);
  }

  /**
   * The layout: steal's, with these copies and chunks and its default late copies; the holders'
   * copies cached on first use (bsp and ignore iterations run home copies alone).
   */
  @Override
  public CopiesSpec layout() {
    return new CopiesSpec(copies, chunks, CopiesSpec.DEFAULT_LATE, StealHome.AUTO, true);
  }

  /**
   * Fewer copies when fewer executors than r are registered or the free storage memory holds fewer;
   * {@code bsp} when it holds fewer than two, or when one executor queues the blocks ({@link
   * ClusterShape#queuesBlocksOnOneExecutor}): a chunk's time from its iteration's submission is
   * then its place in Spark's queue, not its speed, so the modes cannot be told apart from it, and
   * the queue already hands each free core the next block, as steal's moves would.
   */
  @Override
  public AggregationStrategy fitTo(ClusterShape cluster, StorageBudget budget) {
    if (cluster.queuesBlocksOnOneExecutor()) {
      LOG.info(
          "FlexCode: {} runs bsp: one executor runs {} tasks at once, fewer than the {} blocks,"
              + " which queue for its cores",
          describe(),
          cluster.slots(),
          cluster.blocks());
      return AggregationStrategy.bsp();
    }
    return CopiesFit.fit(
        this,
        layout(),
        cluster.executors(),
        budget,
        fewer -> new Auto(exact, fewer, chunks, floor));
  }

  /** {@code auto:exact=B}, with r, chunks and floor when not the defaults. */
  @Override
  public String spec() {
    return SpecText.of(AutoFamily.AUTO)
        .with("exact", exact)
        .withIf(copies != CopiesSpec.DEFAULT_COPIES, "r", copies)
        .withIf(chunks != CopiesSpec.DEFAULT_CHUNKS, "chunks", chunks)
        .withIf(floor != AutoFamily.FLOOR, "floor", floor)
        .toString();
  }

  @Override
  public boolean isExact() {
    return exact;
  }

  @Override
  public AggregationStrategy withShadows(ShadowSpec shadows) {
    throw new IllegalArgumentException(spec() + " takes no shadows: it chooses among its modes");
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new AutoDecoder(this, code, blockRecords);
  }

  @Override
  public String toString() {
    return spec();
  }

  /** The model chooses the mode before every iteration with the engine's window and late copies. */
  @Override
  public <R> R replayIn(ModelReplay.Replays<R> replays) {
    return replays.modeChoice(
        exact, copies, chunks, floor, AutoFamily.WINDOW, CopiesSpec.DEFAULT_LATE);
  }
}
