package org.flexcode.aggregation.strategy.flexrr;

import java.util.BitSet;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.copies.internal.StealLaunches;

/**
 * {@code flexrr}'s launches: {@code steal}'s ({@link StealLaunches}: idle holders take pending
 * chunks, late chunks get another copy), except for the chunks whose copies from an earlier
 * iteration still run ({@link FlexrrDecoder#lagging}), which neither run nor move until their
 * result is applied.
 */
final class FlexrrLaunches implements LateLaunchPolicy {

  private final FlexrrDecoder decoder;
  private final StealLaunches stealing;

  FlexrrLaunches(FlexrrDecoder decoder, StealLaunches stealing) {
    this.decoder = decoder;
    this.stealing = stealing;
  }

  /** The home copies of the chunks not lagging. */
  @Override
  public BitSet firstJob() {
    stealing.hold(decoder.lagging());
    return stealing.firstJob();
  }

  /** 1: {@link Flexrr}'s layout runs home work per chunk. */
  @Override
  public int homeGroup(int iteration) {
    return stealing.homeGroup(iteration);
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
    return stealing.due(iteration, arrivals);
  }

  @Override
  public boolean redundant(BitSet tasks, Arrivals arrivals) {
    return stealing.redundant(tasks, arrivals);
  }

  @Override
  public Launch withResubmit(Arrivals arrivals) {
    return stealing.withResubmit(arrivals);
  }
}
