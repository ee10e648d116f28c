package org.flexcode.ui.internal;

import java.util.Map;
import org.flexcode.metrics.IterationRecord;

/**
 * One iteration as the FlexCode tab shows it: the key of the fit it belongs to ({@link FitKeys}),
 * the engine's workload label, the iteration's record, the chunks work stealing moved, and the
 * executor each cancelled task had launched on.
 */
public record FitIteration(
    String fit,
    String workload,
    IterationRecord record,
    int chunksMoved,
    Map<Integer, String> cancelledOn) {

  /** Copies the map; a missing one is empty. */
  public FitIteration {
    cancelledOn = cancelledOn == null ? Map.of() : Map.copyOf(cancelledOn);
  }

  /** The iteration's number as the Spark UI's job descriptions show it (1-based). */
  public int number() {
    return record.iteration() + 1;
  }

  /** The mode the iteration ran in ({@link IterationModes#of}). */
  public String mode() {
    return IterationModes.of(record);
  }
}
