package org.flexcode.bench;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.flexcode.metrics.IterationRecord;
import org.flexcode.metrics.SampleStats;

/**
 * What share of the data an iteration aggregated, and the short label of an adaptive strategy's
 * choice, so that approximate rows compare per pass over the data: an exact iteration aggregated
 * all of it (1); an approximate one the tasks it used out of every task it launched (finished or
 * cancelled), the bench's blocks being of equal size. Mean iteration ms / mean share is the time
 * per pass ({@code ms_per_pass}), what {@code ignore:b=auto} minimises (records aggregated per
 * second).
 */
final class DataShare {

  private DataShare() {}

  /** The share of the data iteration {@code r} aggregated. */
  static double of(IterationRecord r) {
    if (r.exact()) {
      return 1.0;
    }
    Set<Integer> launched = new HashSet<>(r.cancelledTasks());
    r.finished().forEach(t -> launched.add(t.task()));
    launched.addAll(r.usedTasks());
    return launched.isEmpty() ? 1.0 : (double) r.usedTasks().size() / launched.size();
  }

  /**
   * The choice's label: its text up to the first ": " or ";" ({@code b=2} of {@code ignore:b=auto},
   * {@code mode=ignore:b=1} of {@code auto}); empty for a fixed strategy.
   */
  static String label(String choice) {
    if (choice == null || choice.isEmpty()) {
      return "";
    }
    int colon = choice.indexOf(": ");
    int semicolon = choice.indexOf(';');
    int end = choice.length();
    if (colon >= 0) {
      end = Math.min(end, colon);
    }
    if (semicolon >= 0) {
      end = Math.min(end, semicolon);
    }
    return choice.substring(0, end);
  }

  private static final Pattern SPREAD = Pattern.compile("gradients' spread rho=([0-9.eE+-]+)");

  /**
   * The median spread rho of the workers' gradients that {@code auto}'s choices report ({@code
   * ModeChooser}: "... by the gradients' spread rho=0.2"), NaN when none does: what the model
   * replays the row with.
   */
  static double gradientSpread(List<String> choices) {
    double[] rhos =
        choices.stream()
            .map(c -> c == null ? null : SPREAD.matcher(c))
            .filter(m -> m != null && m.find())
            .mapToDouble(m -> Double.parseDouble(m.group(1)))
            .toArray();
    return rhos.length == 0 ? Double.NaN : SampleStats.median(rhos);
  }

  /** How many iterations made each choice, by label (none for a fixed strategy). */
  static Map<String, Integer> counts(List<String> labels) {
    Map<String, Integer> counts = new TreeMap<>();
    for (String label : labels) {
      if (!label.isEmpty()) {
        counts.merge(label, 1, Integer::sum);
      }
    }
    return counts;
  }
}
