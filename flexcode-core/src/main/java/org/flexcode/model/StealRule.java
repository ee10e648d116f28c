package org.flexcode.model;

import org.flexcode.adaptive.internal.StealHome;
import org.flexcode.aggregation.copies.internal.CopiesSpec;
import org.flexcode.aggregation.strategy.steal.Steal;

/**
 * Work stealing at chunk granularity, as the engine runs it, with its home work as chunk tasks, as
 * block tasks or as the engine's {@code home=auto} measures: the engine's own launches on simulated
 * time ({@link StealSimulation}). Block j (task j's block, home executor j mod M) is cut into
 * {@code chunks} chunks of T / chunks x load(home) ms of work each, chunk c cached on its home and
 * on r - 1 other executors. A free core takes the lowest-numbered pending chunk its executor holds;
 * a chunk whose only copy has run over {@code late} x the median gets one late copy, placed by the
 * engine on an idle holder, else on another holder, where it waits for a free core; the first copy
 * to finish wins; an executor slow in two iterations in a row is avoided for the engine's hold. The
 * iteration ends when every chunk has finished once. {@code late=0}: no late copies.
 */
final class StealRule implements Rule {

  private final int r;
  private final int chunks;
  private final double late;
  private final StealHome home;

  StealRule(int r, int chunks, double late, StealHome home) {
    Checks.check(r >= 1, "steal: r (copies of each chunk) must be >= 1, got " + r);
    Checks.check(chunks >= 1, "steal: chunks (per block) must be >= 1, got " + chunks);
    Checks.check(late == 0 || late >= 1, "steal: late must be 0 or >= 1, got " + late);
    this.r = r;
    this.chunks = chunks;
    this.late = late;
    this.home = home;
  }

  @Override
  public String spec() {
    return "steal:r="
        + r
        + ",chunks="
        + chunks
        + (late != CopiesSpec.DEFAULT_LATE ? ",late=" + late : "")
        + (home != StealHome.AUTO ? ",home=" + home.label() : "");
  }

  @Override
  public Simulation prepare(Cluster cluster) {
    int m = cluster.executors();
    int copies = Math.min(r, Math.max(2, m)); // as the engine fits r to the executors
    Checks.check(copies <= m, "steal: r=" + copies + " copies need at least r executors, got " + m);
    return new StealSimulation(cluster, new Steal(copies, chunks, late, home));
  }

  @Override
  public String toString() {
    return spec();
  }
}
