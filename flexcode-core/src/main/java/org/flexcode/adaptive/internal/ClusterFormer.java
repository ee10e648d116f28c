package org.flexcode.adaptive.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The dynamic clustering rule of GC-DC: before each iteration, re-forms the clusters of a {@link
 * ClusterLayout} from the recent straggling so that the likely stragglers are spread, no FRC group
 * (and, when possible, no cluster) getting more than s of them.
 *
 * <p>Straggling: after each iteration ({@link #observe}) a task straggled if it had not finished
 * when the iteration ended (censored: the decode did without it) or took more than {@value #SLOW} x
 * the median finished time; an executor straggled if at least half of its tasks did (its slowness,
 * not the task's: GC-DC's stragglers are workers). The likely stragglers of the next iteration are
 * the tasks that straggled in the last one and every task of an executor that did (the seed's rule:
 * straggling is time-correlated, so the last iteration predicts the next). Where a task ran comes
 * with its times ({@link TaskTimes#executors()}); a task whose executor was never seen counts as an
 * executor of its own, and a task keeps the executor it last ran on (its cached blocks keep it
 * there).
 *
 * <p>Forming: each band of s+1 positions ({@link GroupMatching}) is matched into C groups so that
 * no group is all likely stragglers, each executor keeps the same partners across bands (as FRC's
 * fixed groups: a newly slow executor meets a slow partner no more often than under FRC), and tasks
 * stay home otherwise; the bands with the most likely stragglers choose first. Each band's groups
 * then go to the clusters, the group with the most likely stragglers first, each to the cluster
 * holding the fewest so far (then its home cluster). Without history the clusters are the home
 * ones.
 *
 * <p>Plain Java, not thread-safe: the engine's driver thread (or the model) calls it.
 */
public final class ClusterFormer {

  /** A finished task slower than this times the median finished time straggled. */
  public static final double SLOW = 1.5;

  private final ClusterLayout layout;
  private final int[] executorOf;
  private final Map<String, Integer> executorIds = new HashMap<>();
  private BitSet lastStraggled = new BitSet();
  private int observed;

  /** A former over {@code layout}, without history. */
  public ClusterFormer(ClusterLayout layout) {
    this.layout = layout;
    this.executorOf = new int[layout.tasks()];
    for (int i = 0; i < executorOf.length; i++) {
      executorOf[i] = executorIndex("task " + i);
    }
  }

  /** The layout. */
  public ClusterLayout layout() {
    return layout;
  }

  /** The clusters of the next iteration, and why. */
  public Clustering form() {
    if (observed == 0) {
      return new Clustering(
          layout, layout.homeSlots(), new BitSet(), "home clusters " + members(layout.homeSlots()));
    }
    BitSet likely = (BitSet) lastStraggled.clone();
    int width = layout.s() + 1;
    int bands = layout.clusterSize() / width;
    List<GroupMatching> matchings = new ArrayList<>();
    for (int b = 0; b < bands; b++) {
      matchings.add(new GroupMatching(layout, b));
    }
    List<Integer> order = new ArrayList<>();
    for (int b = 0; b < bands; b++) {
      order.add(b);
    }
    int[] likelyInBand = new int[bands];
    likely.stream()
        .filter(t -> t < layout.tasks())
        .forEach(t -> likelyInBand[layout.positionOf(t) / width]++);
    order.sort(Comparator.<Integer>comparingInt(b -> -likelyInBand[b]).thenComparingInt(b -> b));
    Set<String> partners = new HashSet<>();
    int[] slotOf = new int[layout.tasks()];
    int[] perCluster = new int[layout.clusters()];
    for (int b : order) {
      GroupMatching matching = matchings.get(b);
      matching.improve(executorOf, likely, partners);
      matching.addPartners(executorOf, partners);
      place(matching, b, likely, perCluster, slotOf);
    }
    return new Clustering(layout, slotOf, likely, reason(slotOf, likely, perCluster));
  }

  /** What iteration showed: the tasks' response times, censored where the decode did without. */
  public void observe(TaskTimes times) {
    int n = layout.tasks();
    double[] ms = times.responseMs();
    String[] executors = times.executors();
    BitSet censored = times.censored();
    double median = medianFinished(ms, censored);
    BitSet straggled = new BitSet(n);
    for (int i = 0; i < n && i < ms.length; i++) {
      straggled.set(i, censored.get(i) || ms[i] > SLOW * median);
      if (executors[i] != null) {
        executorOf[i] = executorIndex(executors[i]);
      }
    }
    lastStraggled = withSlowExecutors(straggled);
    observed++;
  }

  /** {@code straggled} and every task of an executor at least half of whose tasks straggled. */
  private BitSet withSlowExecutors(BitSet straggled) {
    int[] tasks = new int[executorIds.size()];
    int[] late = new int[executorIds.size()];
    for (int i = 0; i < executorOf.length; i++) {
      tasks[executorOf[i]]++;
      late[executorOf[i]] += straggled.get(i) ? 1 : 0;
    }
    BitSet likely = (BitSet) straggled.clone();
    for (int i = 0; i < executorOf.length; i++) {
      int e = executorOf[i];
      if (2 * late[e] >= tasks[e] && late[e] > 0) {
        likely.set(i);
      }
    }
    return likely;
  }

  private int executorIndex(String id) {
    return executorIds.computeIfAbsent(id, k -> executorIds.size());
  }

  /** Puts band {@code band}'s groups in the clusters, the most likely stragglers first. */
  private void place(
      GroupMatching matching, int band, BitSet likely, int[] perCluster, int[] slotOf) {
    int clusters = layout.clusters();
    List<Integer> groups = new ArrayList<>();
    for (int g = 0; g < clusters; g++) {
      groups.add(g);
    }
    groups.sort(
        Comparator.<Integer>comparingInt(g -> -matching.count(g, likely)).thenComparingInt(g -> g));
    boolean[] used = new boolean[clusters];
    for (int g : groups) {
      int best = -1;
      for (int c = 0; c < clusters; c++) {
        if (!used[c]
            && (best < 0
                || perCluster[c] < perCluster[best]
                || (perCluster[c] == perCluster[best] && c == g))) {
          best = c;
        }
      }
      used[best] = true;
      perCluster[best] += matching.count(g, likely);
      for (int k = 0; k <= layout.s(); k++) {
        slotOf[matching.member(k, g)] = layout.slot(best, band * (layout.s() + 1) + k);
      }
    }
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
