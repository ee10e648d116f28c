package org.flexcode.adaptive.internal;

import java.util.Arrays;

/**
 * The data layout of gradient coding with dynamic clustering ({@code gcdc:s=S,clusters=C};
 * Buyukates et al., "Gradient Coding with Dynamic Clustering for Straggler-Tolerant Distributed
 * Learning"): n tasks and n blocks, C clusters of m = n / C <em>slots</em>. Cluster c owns blocks c
 * m .. c m + m - 1 and runs a fractional repetition code over them: its slots form m / (s+1) groups
 * of s+1 consecutive slots, and every slot of a group computes the plain sum of the group's s+1
 * blocks. Slot c m + p is (cluster c, position p); slot r holds the blocks of row r of FRC(n, s).
 *
 * <p>Task i has the fixed position p(i) = i / C and may join <em>any</em> cluster at that position,
 * so it caches the blocks of the C slots (c, p(i)): C (s+1) blocks (C times FRC's storage, the
 * redundancy that lets the clusters be re-formed). The C tasks of one position are consecutive, so
 * they sit on C distinct executors when there are at least C (tasks are placed round-robin), and
 * the C (s+1) tasks that can fill one group of every cluster sit on distinct executors when there
 * are at least C (s+1). A clustering is a bijection, per position, between its C tasks and the C
 * clusters; the home clustering puts task i in cluster i mod C.
 *
 * <p>Within a cluster the decode is FRC's: exact as soon as every group has a finished slot, so any
 * s stragglers per cluster are tolerated. Immutable.
 */
public record ClusterLayout(int tasks, int clusters, int s) {

  /** Validates: {@code clusters} divides {@code tasks} and s+1 divides the cluster size. */
  public ClusterLayout {
    if (s < 0) {
      throw new IllegalArgumentException("gcdc: s (stragglers per cluster) must be >= 0, got " + s);
    }
    if (clusters < 1) {
      throw new IllegalArgumentException("gcdc: clusters must be >= 1, got " + clusters);
    }
    if (tasks < 1 || tasks % clusters != 0) {
      throw new IllegalArgumentException(
          "gcdc: clusters="
              + clusters
              + " must divide numTasks n="
              + tasks
              + " (choose n a multiple of clusters x (s+1) = "
              + clusters * (s + 1)
              + ")");
    }
    if ((tasks / clusters) % (s + 1) != 0) {
      throw new IllegalArgumentException(
          "gcdc: s+1="
              + (s + 1)
              + " must divide the cluster size numTasks/clusters = "
              + tasks
              + "/"
              + clusters
              + " = "
              + tasks / clusters
              + " (choose n a multiple of clusters x (s+1) = "
              + clusters * (s + 1)
              + ")");
    }
  }

  /** The slots of one cluster, m = n / C. */
  public int clusterSize() {
    return tasks / clusters;
  }

  /** The position task {@code task} takes in whatever cluster it joins: task / C. */
  public int positionOf(int task) {
    return task / clusters;
  }

  /** The cluster task {@code task} joins in the home clustering: task mod C. */
  public int homeClusterOf(int task) {
    return task % clusters;
  }

  /** The slot (cluster {@code cluster}, position {@code position}): cluster x m + position. */
  public int slot(int cluster, int position) {
    return cluster * clusterSize() + position;
  }

  /** The cluster of slot {@code slot}. */
  public int clusterOfSlot(int slot) {
    return slot / clusterSize();
  }

  /** The FRC group (over all n slots) of slot {@code slot}: slot / (s+1). */
  public int groupOfSlot(int slot) {
    return slot / (s + 1);
  }

  /** The s+1 blocks slot {@code slot} sums: those of its FRC group. */
  public int[] blocksOfSlot(int slot) {
    int first = groupOfSlot(slot) * (s + 1);
    int[] blocks = new int[s + 1];
    for (int k = 0; k <= s; k++) {
      blocks[k] = first + k;
    }
    return blocks;
  }

  /** The blocks task {@code task} caches: those of its position in every cluster, ascending. */
  public int[] cachedBlocks(int task) {
    int[] blocks = new int[clusters * (s + 1)];
    int at = 0;
    for (int c = 0; c < clusters; c++) {
      for (int block : blocksOfSlot(slot(c, positionOf(task)))) {
        blocks[at++] = block;
      }
    }
    Arrays.sort(blocks);
    return blocks;
  }

  /** The home clustering: task i in slot (i mod C, i / C). */
  public int[] homeSlots() {
    int[] slots = new int[tasks];
    for (int i = 0; i < tasks; i++) {
      slots[i] = slot(homeClusterOf(i), positionOf(i));
    }
    return slots;
  }
}
