package org.flexcode.aggregation.strategy.ignore;

import org.flexcode.adaptive.internal.BackupChooser;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.ModelReplay;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * {@code ignore:b=auto,floor=0.75,window=5}: dynamic backup workers, an uncoded layout whose b (the
 * slowest tasks left out, the aggregate rescaled as {@link Ignore}'s) is chosen before every
 * iteration from the last {@code window} iterations' task times to maximise records aggregated per
 * second, keeping at least {@code floor} of the records ({@link BackupChooser}).
 */
record AutoIgnore(double floor, int window) implements AggregationStrategy, ModelReplay {

  /** Validates. */
  public AutoIgnore {
    BackupChooser.checkFloor(floor);
    BackupChooser.checkWindow(window);
  }

  @Override
  public String spec() {
    return SpecText.of(IgnoreFamily.IGNORE)
        .with("b", IgnoreFamily.AUTO)
        .with("floor", floor)
        .with("window", window)
        .toString();
  }

  @Override
  public boolean isExact() {
    return false;
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new AutoIgnoreDecoder(this, code, blockRecords);
  }

  @Override
  public String toString() {
    return spec();
  }

  /** The model chooses b before every iteration, as the engine does. */
  @Override
  public <R> R replayIn(ModelReplay.Replays<R> replays) {
    return replays.backupChoice(floor, window);
  }
}
