package org.flexcode.adaptive;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The dynamic clustering rule of GC-DC: before each iteration, re-forms the clusters of a {@link
 * ClusterLayout} from the tasks' recent straggling so that the likely stragglers are spread, no
 * cluster getting more than s of them when that is possible.
 *
 * <p>Straggling: after each iteration ({@link #observe}) a task straggled if it had not finished
 * when the iteration ended (censored: the decode did without it) or took more than {@value #SLOW} x
 * the median finished time. The likely stragglers of the next iteration are those that straggled in
 * the last one (the seed's rule: straggling is time-correlated, so the last iteration predicts the
 * next); each task also keeps a score, its straggling discounted by half per iteration, which
 * orders them.
 *
 * <p>Forming: the likely stragglers are placed first, those at the positions with the most likely
 * stragglers first (the most constrained), then by score. Each takes, among the clusters whose slot
 * at its position is still free, the one that (1) does not fill its FRC group with stragglers (a
 * group with all s+1 slots straggling cannot decode), (2) holds the fewest likely stragglers, (3)
 * has the fewest in that group, (4) is its home cluster, (5) has the lowest index. The other tasks
 * then take their home cluster if free, else the lowest free one. With at most C x s likely
 * stragglers, no two at one position beyond C, the result keeps every cluster at <= s; beyond that
 * it still keeps every group decodable when it can. Without history the clusters are the home ones.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread (or the model) calls it.
 */
public final class ClusterFormer {

  /** A finished task slower than this times the median finished time straggled. */
  public static final double SLOW = 1.5;

  private final ClusterLayout layout;
  private final double[] score;
  private BitSet lastStraggled = new BitSet();
  private int observed;

  /** A former over {@code layout}, without history. */
  public ClusterFormer(ClusterLayout layout) {
    this.layout = layout;
    this.score = new double[layout.tasks()];
  }

  /** The layout. */
  public ClusterLayout layout() {
    return layout;
  }

  /** The clusters of the next iteration, and why. */
  public Clustering form() {
    int n = layout.tasks();
    if (observed == 0) {
      return new Clustering(
          layout, layout.homeSlots(), new BitSet(), "home clusters " + members(layout.homeSlots()));
    }
    BitSet likely = (BitSet) lastStraggled.clone();
    int[] slotOf = new int[n];
    Arrays.fill(slotOf, -1);
    boolean[] taken = new boolean[n];
    int[] perCluster = new int[layout.clusters()];
    int[] perGroup = new int[n / (layout.s() + 1)];
    for (int task : byConstraint(likely)) {
      int slot = bestSlot(task, taken, perCluster, perGroup);
      slotOf[task] = slot;
      taken[slot] = true;
      perCluster[layout.clusterOfSlot(slot)]++;
      perGroup[layout.groupOfSlot(slot)]++;
    }
    for (int task = 0; task < n; task++) {
      if (slotOf[task] < 0) {
        slotOf[task] = freeSlot(task, taken);
        taken[slotOf[task]] = true;
      }
    }
    return new Clustering(layout, slotOf, likely, reason(slotOf, likely, perCluster));
  }

  /** What iteration showed: the tasks' response times, censored where the decode did without. */
  public void observe(TaskTimes times) {
    int n = layout.tasks();
    double[] ms = times.responseMs();
    BitSet censored = times.censored();
    double median = medianFinished(ms, censored);
    BitSet straggled = new BitSet(n);
    for (int i = 0; i < n && i < ms.length; i++) {
      boolean late = censored.get(i) || ms[i] > SLOW * median;
      straggled.set(i, late);
      score[i] = score[i] / 2 + (late ? 1 : 0);
    }
    lastStraggled = straggled;
    observed++;
  }

  /** The likely stragglers, most constrained position first, then by score. */
  private List<Integer> byConstraint(BitSet likely) {
    int[] atPosition = new int[layout.clusterSize()];
    likely.stream().forEach(t -> atPosition[layout.positionOf(t)]++);
    List<Integer> order = new ArrayList<>(likely.stream().boxed().toList());
    order.sort(
        Comparator.<Integer>comparingInt(t -> -atPosition[layout.positionOf(t)])
            .thenComparingDouble(t -> -score[t])
            .thenComparingInt(t -> t));
    return order;
  }

  private int bestSlot(int task, boolean[] taken, int[] perCluster, int[] perGroup) {
    int position = layout.positionOf(task);
    int best = -1;
    long bestKey = Long.MAX_VALUE;
    for (int c = 0; c < layout.clusters(); c++) {
      int slot = layout.slot(c, position);
      if (taken[slot]) {
        continue;
      }
      int inGroup = perGroup[layout.groupOfSlot(slot)];
      long fills = inGroup >= layout.s() ? 1 : 0;
      long home = c == layout.homeClusterOf(task) ? 0 : 1;
      long key =
          (((fills * 1_000_000L + perCluster[c]) * 1_000L + inGroup) * 2 + home) * 1_000L + c;
      if (key < bestKey) {
        bestKey = key;
        best = slot;
      }
    }
    return best;
  }

  private int freeSlot(int task, boolean[] taken) {
    int position = layout.positionOf(task);
    int home = layout.slot(layout.homeClusterOf(task), position);
    if (!taken[home]) {
      return home;
    }
    for (int c = 0; c < layout.clusters(); c++) {
      if (!taken[layout.slot(c, position)]) {
        return layout.slot(c, position);
      }
    }
    throw new IllegalStateException("no free slot at position " + position + " for task " + task);
  }

  private String reason(int[] slotOf, BitSet likely, int[] perCluster) {
    if (likely.isEmpty()) {
      return "clusters " + members(slotOf) + " (no straggler in the last iteration)";
    }
    int max = Arrays.stream(perCluster).max().orElse(0);
    return String.format(
        Locale.ROOT,
        "clusters %s: spread likely stragglers %s (straggled last iteration), per cluster %s%s",
        members(slotOf),
        likely,
        Arrays.toString(perCluster),
        max > layout.s() ? ", more than s=" + layout.s() + " in a cluster: may wait" : "");
  }

  private String members(int[] slotOf) {
    return new Clustering(layout, slotOf, new BitSet(), "").members().toString();
  }

  private static double medianFinished(double[] ms, BitSet censored) {
    double[] done =
        java.util.stream.IntStream.range(0, ms.length)
            .filter(i -> !censored.get(i))
            .mapToDouble(i -> ms[i])
            .sorted()
            .toArray();
    if (done.length == 0) {
      return Double.POSITIVE_INFINITY;
    }
    return done[done.length / 2];
  }
}
