package org.flexcode.aggregation;

import java.util.BitSet;

/**
 * {@code auto}'s launches: every iteration's first job runs the home copies; in steal mode the
 * {@link StealLaunches} then move chunks and launch late copies, in bsp and ignore mode nothing
 * more is launched (the mode is the {@link AutoDecoder}'s current one).
 */
final class AutoLaunches implements LateLaunchPolicy {

  private final AutoDecoder decoder;
  private final StealLaunches stealing;

  AutoLaunches(AutoDecoder decoder, StealLaunches stealing) {
    this.decoder = decoder;
    this.stealing = stealing;
  }

  @Override
  public BitSet firstJob() {
    return stealing.firstJob();
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
    return decoder.mode() == org.flexcode.adaptive.ModeChoice.Mode.STEAL;
  }
}
