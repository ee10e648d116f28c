package org.flexcode.aggregation;

import java.util.BitSet;

/**
 * {@code auto}'s launches: every iteration's first job runs the home copies; in steal mode the
 * {@link StealLaunches} then move chunks and launch late copies, in bsp and ignore mode nothing
 * more is launched (the mode is the {@link AutoDecoder}'s current one). In ignore mode the home
 * copies run on their home executors alone: a holder that took a slow executor's pending chunk
 * would spend its cores on a chunk the iteration leaves out.
 */
final class AutoLaunches implements LateLaunchPolicy {

  private final AutoDecoder decoder;
  private final StealLaunches stealing;

  AutoLaunches(AutoDecoder decoder, StealLaunches stealing) {
    this.decoder = decoder;
    this.stealing = stealing;
  }

  /** The home copies; in ignore mode each on its home executor alone (see {@link AutoDecoder}). */
  @Override
  public BitSet firstJob() {
    stealing.keepHome(decoder.mode() == org.flexcode.adaptive.ModeChoice.Mode.IGNORE);
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
