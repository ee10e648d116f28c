package org.flexcode.adaptive.internal;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;

/**
 * The FRC groups of one <em>band</em> of a {@link ClusterLayout} (the s+1 consecutive positions
 * whose C tasks each fill the same C groups, one per cluster), chosen for one iteration by {@link
 * ClusterFormer}. Group g holds, at each position k of the band, the task {@code taskAt(k,
 * pick[k][g])}; the home matching is the identity (group g = the tasks whose home cluster is g).
 *
 * <p>Starting from the home matching, the search swaps two groups' tasks at one position while that
 * lowers, in order: (1) the groups whose tasks are all likely stragglers (they could not decode
 * without waiting), (2) the executor pairs a group would put together that are not yet partners
 * this iteration (or share one executor), so that every executor keeps the same s partners across
 * bands as FRC's fixed groups do and an unpredicted straggler is no likelier to meet a slow partner
 * than under FRC, (3) the tasks moved from home. Plain Java, one iteration's use.
 */
final class GroupMatching {

  private final ClusterLayout layout;
  private final int band;
  private final int[][] pick;

  /** The home matching of band {@code band}. */
  GroupMatching(ClusterLayout layout, int band) {
    this.layout = layout;
    this.band = band;
    int width = layout.s() + 1;
    this.pick = new int[width][layout.clusters()];
    for (int k = 0; k < width; k++) {
      for (int g = 0; g < layout.clusters(); g++) {
        pick[k][g] = g;
      }
    }
  }

  /** The task of index {@code j} (0 .. C-1) at the band's position {@code k}. */
  int taskAt(int k, int j) {
    return (band * (layout.s() + 1) + k) * layout.clusters() + j;
  }

  /** The task of group {@code g} at the band's position {@code k}. */
  int member(int k, int g) {
    return taskAt(k, pick[k][g]);
  }

  /**
   * Improves the matching by swaps until none helps, given the likely stragglers and the partner
   * pairs already chosen this iteration ({@code partners}, "a|b" with a < b).
   */
  void improve(int[] executorOf, BitSet likely, Set<String> partners) {
    long best = cost(executorOf, likely, partners);
    boolean better = true;
    for (int round = 0; better && round < 100; round++) {
      better = false;
      for (int k = 1; k <= layout.s(); k++) {
        for (int a = 0; a < layout.clusters(); a++) {
          for (int b = a + 1; b < layout.clusters(); b++) {
            swap(k, a, b);
            long c = cost(executorOf, likely, partners);
            if (c < best) {
              best = c;
              better = true;
            } else {
              swap(k, a, b);
            }
          }
        }
      }
    }
  }

  /** Adds the executor pairs of this matching's groups to {@code partners}. */
  void addPartners(int[] executorOf, Set<String> partners) {
    for (int g = 0; g < layout.clusters(); g++) {
      pairs(executorOf, g).stream().filter(p -> !isShared(p)).forEach(partners::add);
    }
  }

  /** How many of group {@code g}'s tasks are in {@code tasks}. */
  int count(int g, BitSet tasks) {
    int n = 0;
    for (int k = 0; k <= layout.s(); k++) {
      n += tasks.get(member(k, g)) ? 1 : 0;
    }
    return n;
  }

  private static boolean isShared(String pair) {
    int bar = pair.indexOf('|');
    return pair.substring(0, bar).equals(pair.substring(bar + 1));
  }

  private void swap(int k, int a, int b) {
    int t = pick[k][a];
    pick[k][a] = pick[k][b];
    pick[k][b] = t;
  }

  private long cost(int[] executorOf, BitSet likely, Set<String> partners) {
    long blocked = 0;
    long unpaired = 0;
    long moved = 0;
    for (int g = 0; g < layout.clusters(); g++) {
      boolean allSlow = true;
      for (int k = 0; k <= layout.s(); k++) {
        allSlow &= likely.get(member(k, g));
        moved += pick[k][g] == g ? 0 : 1;
      }
      blocked += allSlow ? 1 : 0;
      for (String pair : pairs(executorOf, g)) {
        unpaired += partners.contains(pair) ? 0 : 1;
      }
    }
    return (blocked * 1_000_000L + unpaired) * 1_000L + moved;
  }

  /** The executor pairs of group {@code g} ("a|a" where two of its tasks share an executor). */
  private Set<String> pairs(int[] executorOf, int g) {
    Set<String> pairs = new HashSet<>();
    for (int k = 0; k <= layout.s(); k++) {
      for (int l = k + 1; l <= layout.s(); l++) {
        int a = executorOf[member(k, g)];
        int b = executorOf[member(l, g)];
        pairs.add(Math.min(a, b) + "|" + Math.max(a, b));
      }
    }
    return pairs;
  }
}
