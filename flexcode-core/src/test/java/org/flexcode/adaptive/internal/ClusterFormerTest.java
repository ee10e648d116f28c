package org.flexcode.adaptive.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** GC-DC's layout and its dynamic clustering rule, without Spark. */
@Tag("unit")
class ClusterFormerTest {

  /** Every task 100 ms except {@code slow} (censored at 120 ms: the decode did without them). */
  private static TaskTimes times(int n, BitSet slow) {
    double[] ms = new double[n];
    for (int i = 0; i < n; i++) {
      ms[i] = slow.get(i) ? 120 : 100;
    }
    return new TaskTimes(ms, slow, 5);
  }

  private static BitSet of(int... tasks) {
    BitSet set = new BitSet();
    for (int t : tasks) {
      set.set(t);
    }
    return set;
  }

  @Test
  void cachesItsPositionInEveryClusterAndStartsFromTheHomeClusters() {
    ClusterLayout layout = new ClusterLayout(16, 2, 1);
    // task 5: position 2, cluster slots 2 and 10: FRC groups 1 and 5
    assertArrayEquals(new int[] {2, 3, 10, 11}, layout.cachedBlocks(5));
    Clustering home = new ClusterFormer(layout).form();
    assertEquals(0, home.clusterOf(4));
    assertEquals(1, home.clusterOf(5));
    assertTrue(home.likely().isEmpty());
    assertTrue(home.reason().startsWith("home clusters"), home.reason());
  }

  @Test
  void keepsEveryClusterAtMostSStragglersUnderAPersistentPattern() {
    ClusterLayout layout = new ClusterLayout(16, 2, 1);
    GradientCode slots = GradientCode.fractionalRepetition(16, 1);
    ClusterFormer former = new ClusterFormer(layout);
    // the home clusters put tasks 0 and 2 in cluster 0, one FRC group: undecodable without them
    BitSet slow = of(0, 2);
    Clustering home = former.form();
    assertEquals(2, home.countPerCluster(slow)[0]);
    assertTrue(!slots.isDecodable(home.slotsOf(complement(slow, 16))));
    for (int it = 0; it < 10; it++) {
      former.observe(times(16, slow));
      Clustering clustering = former.form();
      assertEquals(slow, clustering.likely());
      for (int count : clustering.countPerCluster(slow)) {
        assertTrue(count <= 1, clustering.reason());
      }
      assertTrue(slots.isDecodable(clustering.slotsOf(complement(slow, 16))), clustering.reason());
      assertPermutation(clustering, layout);
    }
  }

  @Test
  void followsTheStragglersAsTheyMove() {
    ClusterLayout layout = new ClusterLayout(8, 2, 1);
    GradientCode slots = GradientCode.fractionalRepetition(8, 1);
    ClusterFormer former = new ClusterFormer(layout);
    List<BitSet> pattern = List.of(of(0, 2), of(0, 2), of(4, 6), of(1, 3), of(5, 7), of(4, 7));
    for (BitSet slow : pattern) {
      former.observe(times(8, slow));
      Clustering clustering = former.form();
      for (int count : clustering.countPerCluster(slow)) {
        assertTrue(count <= 1, slow + ": " + clustering.reason());
      }
      assertTrue(slots.isDecodable(clustering.slotsOf(complement(slow, 8))), clustering.reason());
      assertTrue(clustering.reason().contains("spread likely stragglers " + slow));
    }
  }

  @Test
  void marksWholeExecutorsAndKeepsEachExecutorsPartnerAcrossBands() {
    // 16 tasks on 8 executors, task i on executor i mod 8 (as Spark places them round-robin)
    ClusterLayout layout = new ClusterLayout(16, 2, 1);
    GradientCode slots = GradientCode.fractionalRepetition(16, 1);
    ClusterFormer former = new ClusterFormer(layout);
    String[] executors = new String[16];
    for (int i = 0; i < 16; i++) {
      executors[i] = "exec-" + (i % 8);
    }
    List<BitSet> slowExecutors = List.of(of(0, 2), of(0, 2), of(4, 6), of(1, 3, 5), of(7), of());
    for (BitSet slow : slowExecutors) {
      BitSet slowTasks = new BitSet();
      slow.stream()
          .forEach(
              e -> {
                slowTasks.set(e);
                slowTasks.set(e + 8);
              });
      // only the first task of each slow executor is seen late: the executor is what is slow
      BitSet seen = new BitSet();
      slow.stream().forEach(seen::set);
      TaskTimes t = times(16, seen);
      former.observe(new TaskTimes(t.responseMs(), t.censored(), 5, executors));
      Clustering clustering = former.form();
      assertEquals(slowTasks, clustering.likely(), clustering.reason());
      assertTrue(
          slots.isDecodable(clustering.slotsOf(complement(slowTasks, 16))), clustering.reason());
      assertPermutation(clustering, layout);
      // every executor shares its FRC groups with one partner executor, as under FRC
      int[] partner = new int[8];
      java.util.Arrays.fill(partner, -1);
      for (int task = 0; task < 16; task++) {
        int slot = clustering.slotOf(task);
        int mate = slot % 2 == 0 ? slot + 1 : slot - 1;
        int other = -1;
        for (int u = 0; u < 16; u++) {
          other = clustering.slotOf(u) == mate ? u % 8 : other;
        }
        assertTrue(partner[task % 8] < 0 || partner[task % 8] == other, clustering.reason());
        partner[task % 8] = other;
        assertTrue(other != task % 8, clustering.reason());
      }
    }
  }

  @Test
  void refusesAShapeTheClustersCannotTakeNamingTheParameter() {
    IllegalArgumentException clusters =
        assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(10, 4, 1));
    assertTrue(clusters.getMessage().contains("clusters=4 must divide numTasks n=10"));
    IllegalArgumentException s =
        assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(12, 2, 3));
    assertTrue(s.getMessage().contains("s+1=4 must divide the cluster size"), s.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(8, 0, 1));
  }

  private static BitSet complement(BitSet set, int n) {
    BitSet all = new BitSet(n);
    all.set(0, n);
    all.andNot(set);
    return all;
  }

  /** Every slot taken once, every task at its own position. */
  private static void assertPermutation(Clustering clustering, ClusterLayout layout) {
    BitSet seen = new BitSet();
    for (int t = 0; t < layout.tasks(); t++) {
      int slot = clustering.slotOf(t);
      assertEquals(layout.positionOf(t), slot % layout.clusterSize());
      assertTrue(!seen.get(slot), "slot " + slot + " twice");
      seen.set(slot);
    }
    assertEquals(layout.tasks(), seen.cardinality());
  }
}
