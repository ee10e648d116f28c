package org.flexcode.adaptive.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * One iteration's clusters ({@link ClusterFormer}): {@code slotOfTask[i]} is the slot of the {@link
 * ClusterLayout} task i computes, {@code likely} the tasks predicted to straggle, and {@code
 * reason} what the log and the iteration record say.
 */
public record Clustering(ClusterLayout layout, int[] slotOfTask, BitSet likely, String reason) {

  /** Copies. */
  public Clustering {
    slotOfTask = slotOfTask.clone();
    likely = (BitSet) likely.clone();
  }

  @Override
  public int[] slotOfTask() {
    return slotOfTask.clone();
  }

  @Override
  public BitSet likely() {
    return (BitSet) likely.clone();
  }

  /** The slot task {@code task} computes. */
  public int slotOf(int task) {
    return slotOfTask[task];
  }

  /** The cluster task {@code task} joined. */
  public int clusterOf(int task) {
    return layout.clusterOfSlot(slotOfTask[task]);
  }

  /** The blocks task {@code task} computes this iteration (its slot's). */
  public int[] blocksOf(int task) {
    return layout.blocksOfSlot(slotOfTask[task]);
  }

  /** The tasks of each cluster, ascending. */
  public List<List<Integer>> members() {
    List<List<Integer>> members = new ArrayList<>();
    for (int c = 0; c < layout.clusters(); c++) {
      members.add(new ArrayList<>());
    }
    for (int i = 0; i < slotOfTask.length; i++) {
      members.get(clusterOf(i)).add(i);
    }
    return members;
  }

  /** How many of {@code tasks} each cluster holds. */
  public int[] countPerCluster(BitSet tasks) {
    int[] counts = new int[layout.clusters()];
    tasks.stream().filter(t -> t < slotOfTask.length).forEach(t -> counts[clusterOf(t)]++);
    return counts;
  }

  /** The finished slots, given the finished tasks. */
  public BitSet slotsOf(BitSet tasks) {
    BitSet slots = new BitSet(slotOfTask.length);
    tasks.stream().filter(t -> t < slotOfTask.length).forEach(t -> slots.set(slotOfTask[t]));
    return slots;
  }
}
