package org.flexcode.ui.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.flexcode.metrics.ExecutorSlowness;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.StragglerTally;

/**
 * The hook for the fit page's per-executor verdict column: given a fit's records in iteration
 * order, a verdict per executor id (such as none, transient, persistent or lost). The column is
 * shown when the map is not empty; {@link #NONE} gives none; the tab shows {@link
 * #STRAGGLER_REPORT}'s.
 */
@FunctionalInterface
public interface ExecutorVerdicts {

  /** No verdicts: the column is left out. */
  ExecutorVerdicts NONE = records -> Map.of();

  /** The straggler report's verdicts ({@link StragglerTally}), in lower case. */
  ExecutorVerdicts STRAGGLER_REPORT =
      records ->
          StragglerTally.of(records).executors().stream()
              .collect(
                  Collectors.toMap(
                      ExecutorSlowness::executor,
                      e -> e.verdict().name().toLowerCase(Locale.ROOT)));

  /** The verdict of each executor of the fit whose records are {@code records}. */
  Map<String, String> verdicts(List<IterationRecord> records);
}
