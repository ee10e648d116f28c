package org.flexcode.aggregation.strategy.ssp;

import java.util.BitSet;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.LateLaunchPolicy;

/**
 * {@code ssp}'s first job: only the blocks without a task still running from an earlier iteration
 * ({@link SspDecoder#submission()}); nothing late.
 */
final class SspLaunches implements LateLaunchPolicy {

  private final SspDecoder decoder;

  public SspLaunches(SspDecoder decoder) {
    this.decoder = decoder;
  }

  @Override
  public BitSet firstJob() {
    return decoder.submission();
  }

  @Override
  public boolean launchesLate() {
    return false;
  }

  @Override
  public Launch due(int iteration, Arrivals arrivals) {
    return null;
  }

  @Override
  public Launch withResubmit(Arrivals arrivals) {
    return null;
  }
}
