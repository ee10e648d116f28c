package org.flexcode.aggregation;

/**
 * A strategy capability: the model ({@code org.flexcode.model}) replays this strategy with one of
 * its adaptive or shadow replays, fed with the strategy's own parameters, rather than with the
 * replays it picks by the other capabilities (the copies layout, or the bound strategy's plain
 * decisions over the simulated arrivals). A strategy names its replay through {@link
 * #replayIn(Replays)}.
 */
public interface ModelReplay {

  /** The replay of {@code replays} that runs this strategy. */
  <R> R replayIn(Replays<R> replays);

  /** The model's replays a strategy may name, each with the parameters it runs with. */
  interface Replays<R> {

    /**
     * Primaries coded to tolerate {@code s} stragglers (0: uncoded) plus {@code m} shadows of f.
     */
    R shadows(int s, int m, double f);

    /** b chosen before each iteration from the last {@code window}, keeping {@code floor}. */
    R backupChoice(double floor, int window);

    /** {@code clusters} FRC clusters tolerating s each, re-formed before each iteration. */
    R clusters(int s, int clusters);

    /** Late results at most {@code staleness} iterations old, at most b blocks missing. */
    R boundedStaleness(int staleness, int b);

    /**
     * The mode predicted fastest before each iteration over r copies of {@code chunks} chunks per
     * block (never an inexact one when {@code exact}), from the last {@code window} iterations,
     * late copies after {@code late} x the median.
     */
    R modeChoice(boolean exact, int copies, int chunks, double floor, int window, double late);
  }
}
