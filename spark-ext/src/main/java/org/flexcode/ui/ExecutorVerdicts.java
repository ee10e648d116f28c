package org.flexcode.ui;

import java.util.List;
import java.util.Map;
import org.flexcode.metrics.IterationRecord;

/**
 * The hook for the fit page's per-executor verdict column: given a fit's records in iteration
 * order, a verdict per executor id (such as none, transient, persistent or lost). The column is
 * shown when the map is not empty; {@link #NONE} gives none, and the tab uses it until a straggler
 * report is plugged in here.
 */
@FunctionalInterface
public interface ExecutorVerdicts {

  /** No verdicts: the column is left out. */
  ExecutorVerdicts NONE = records -> Map.of();

  /** The verdict of each executor of the fit whose records are {@code records}. */
  Map<String, String> verdicts(List<IterationRecord> records);
}
