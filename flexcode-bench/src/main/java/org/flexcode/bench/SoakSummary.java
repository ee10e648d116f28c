package org.flexcode.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A soak's first {@code window} fits against its last {@code window}: the mean of each {@link
 * SoakSample} measure over either window, and the fits' outcomes counted.
 */
public record SoakSummary(
    int fits,
    int window,
    Map<String, Double> first,
    Map<String, Double> last,
    Map<String, Integer> outcomes) {

  /** Summarizes {@code samples} over windows of {@code window} fits (fewer if there are fewer). */
  public static SoakSummary of(List<SoakSample> samples, int window) {
    if (samples.isEmpty()) {
      throw new IllegalArgumentException("a soak summary needs at least one fit");
    }
    int size = Math.min(window, samples.size());
    Map<String, Integer> outcomes = new LinkedHashMap<>();
    samples.forEach(s -> outcomes.merge(s.outcome(), 1, Integer::sum));
    return new SoakSummary(
        samples.size(),
        size,
        means(samples.subList(0, size)),
        means(samples.subList(samples.size() - size, samples.size())),
        outcomes);
  }

  private static Map<String, Double> means(List<SoakSample> window) {
    Map<String, Double> means = new LinkedHashMap<>();
    for (String measure : SoakSample.MEASURES) {
      means.put(measure, window.stream().mapToDouble(s -> s.measure(measure)).average().orElse(0));
    }
    return means;
  }

  /** The last window's mean of {@code measure} minus the first window's. */
  public double growth(String measure) {
    return last.get(measure) - first.get(measure);
  }

  /** One line per measure: first-window mean, last-window mean, growth. */
  public String table() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "%d fits (%s); mean of the first %d against the last %d:%n",
            fits, outcomes, window, window));
    for (String measure : SoakSample.MEASURES) {
      out.append(
          String.format(
              "  %-24s %10.2f %10.2f %+10.2f%n",
              measure, first.get(measure), last.get(measure), growth(measure)));
    }
    return out.toString();
  }
}
