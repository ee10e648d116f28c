package org.flexcode.model;

import java.util.List;
import java.util.Locale;
import org.flexcode.aggregation.copies.internal.ChunkQueue;
import org.flexcode.spec.SpecTable;

/**
 * The chunk queue served by the driver ({@link ChunkQueue}), as the model runs it: {@code steal}'s
 * layout of chunk copies (every block cut into {@code chunks} chunks, each cached on r distinct
 * executors), one task per core launched once per iteration, each core asking the queue for its
 * next chunk, {@code ask} ms per chunk for the round trip to the driver. Exact: the iteration ends
 * when every chunk is done once. Spec {@code queue:r=3,chunks=8,ask=1}; a model rule the engine
 * does not run yet, so that its expectation stands beside {@code balanced} before it is built.
 */
final class QueueRule implements Rule {

  static final int DEFAULT_COPIES = 3;
  static final int DEFAULT_CHUNKS = 8;
  static final double DEFAULT_ASK_MS = 1.0;

  private final int r;
  private final int chunks;
  private final double askMs;

  QueueRule(int r, int chunks, double askMs) {
    Checks.check(r >= 1, "queue: r (copies of each chunk) must be >= 1, got " + r);
    Checks.check(chunks >= 1, "queue: chunks (per block) must be >= 1, got " + chunks);
    Checks.check(askMs >= 0 && Double.isFinite(askMs), "queue: ask must be >= 0 ms, got " + askMs);
    this.r = r;
    this.chunks = chunks;
    this.askMs = askMs;
  }

  /** Parses {@code queue[:r=R,chunks=K,ask=MS]}. */
  static QueueRule parse(String text) {
    return SpecTable.<QueueRule>of("model rule", "queue:r=3,chunks=8,ask=1")
        .with(
            "queue",
            List.of("r", "chunks", "ask"),
            spec ->
                new QueueRule(
                    spec.integer("r", DEFAULT_COPIES),
                    spec.integer("chunks", DEFAULT_CHUNKS),
                    spec.number("ask", DEFAULT_ASK_MS)))
        .parse(text);
  }

  @Override
  public String spec() {
    return String.format(Locale.ROOT, "queue:r=%d,chunks=%d,ask=%s", r, chunks, trim(askMs));
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int copies = Math.min(r, cluster.executors());
    return new QueueSimulation(cluster, copies, chunks, askMs);
  }

  @Override
  public String toString() {
    return spec();
  }
}
