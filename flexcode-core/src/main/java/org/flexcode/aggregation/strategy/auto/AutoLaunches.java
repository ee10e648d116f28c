package org.flexcode.aggregation.strategy.auto;

import java.util.BitSet;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.copies.internal.StealLaunches;
import org.flexcode.aggregation.copies.internal.StealPlan;

/**
 * {@code auto}'s launches: every iteration's first job runs the home copies; in steal mode the
 * {@link StealLaunches} then move chunks and launch late copies, in bsp and ignore mode nothing
 * more is launched (the mode is the {@link AutoDecoder}'s current one). In ignore mode the home
 * copies run on their home executors alone: a holder that took a slow executor's pending chunk
 * would spend its cores on a chunk the iteration leaves out. In bsp mode the home work runs as one
 * task per block while the last iterations were calm ({@link AutoDecoder#calm}: a task's launch
 * costs the least, and nothing needs to move) or there is one executor (no other holder to hand a
 * chunk to, and each chunk task pays a whole result vector: on a wide model, the most of its cost),
 * else as chunk tasks, which Spark's scheduler hands to a slow executor's other holders (a bsp
 * iteration after ignore ones, under a straggler the ignore mode hid, costs a chunk's moves rather
 * than the straggler's whole block); in steal mode as {@code steal}'s {@link
 * org.flexcode.adaptive.internal.HomeGrouping} measures faster; in ignore mode (with several
 * executors, a worker each, whose blocks it waits for or leaves out whole) as block tasks. (With
 * one executor each home chunk is a worker, which ignore mode may leave out alone.)
 */
final class AutoLaunches implements LateLaunchPolicy {

  private final AutoDecoder decoder;
  private final StealLaunches stealing;

  private final int chunksPerBlock;
  private final boolean severalExecutors;

  /** {@code plan}: the cached layout (its chunks per block and executors). */
  AutoLaunches(AutoDecoder decoder, StealLaunches stealing, StealPlan plan) {
    this.decoder = decoder;
    this.stealing = stealing;
    this.chunksPerBlock = plan.chunksPerBlock();
    this.severalExecutors = plan.executors() > 1;
  }

  /** The home copies; in ignore mode each on its home executor alone (see {@link AutoDecoder}). */
  @Override
  public BitSet firstJob() {
    stealing.keepHome(decoder.mode() == org.flexcode.adaptive.internal.ModeChoice.Mode.IGNORE);
    return stealing.firstJob();
  }

  @Override
  public int homeGroup(int iteration) {
    return switch (decoder.mode()) {
      case STEAL -> stealing.homeGroup(iteration);
      case IGNORE -> severalExecutors ? chunksPerBlock : 1;
      case BSP -> decoder.calm() || !severalExecutors ? chunksPerBlock : 1;
    };
  }

  @Override
  public boolean launchesLate() {
    return stealing.launchesLate();
  }

  @Override
  public boolean launchesRepeatedly() {
    return true;
  }

  @Override
  public Launch due(int iteration, Arrivals arrivals) {
    return stealing() ? stealing.due(iteration, arrivals) : null;
  }

  @Override
  public boolean redundant(BitSet tasks, Arrivals arrivals) {
    return stealing.redundant(tasks, arrivals);
  }

  @Override
  public Launch withResubmit(Arrivals arrivals) {
    return stealing.withResubmit(arrivals);
  }

  private boolean stealing() {
    return decoder.mode() == org.flexcode.adaptive.internal.ModeChoice.Mode.STEAL;
  }
}
