package org.flexcode.aggregation.copies.internal;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.internal.SparkInternals;

/**
 * Setup's caching of many partitions of a persisted RDD in a few tasks: task g reads (and so
 * computes and caches where it runs) the parent partitions of its group, preferring its group's
 * location, and reports how many records each held. {@code steal} caches 64 chunks and 192 chunk
 * copies at r=3, chunks=4. One task per partition cost about 20 ms of CPU each on this machine's 16
 * slots over two cores; one task per block for the chunks and two per executor for the copies (16
 * and 16 tasks) took the emulated setup from 2.4-3.1 s to 1.4-2.8 s
 * (docs/archive/BENCHMARKS-journal.md, 2026-11-27, "what steal spends before its first iteration").
 */
final class GroupedCaching<T> extends PlanRDD<T, long[]> {

  private static final long serialVersionUID = 1L;

  /** How many records one element of the parent holds. */
  interface RecordCount<T> extends Serializable {
    /** The records {@code element} holds (1 for a plain record). */
    long of(T element);
  }

  private final String[] locations;
  private final RecordCount<T> count;

  private GroupedCaching(
      RDD<T> parent, StealPlan plan, int[][] groups, String[] locations, RecordCount<T> count) {
    super(parent, plan, of(groups), groups.length, SparkInternals.classTag(long[].class));
    this.locations = locations;
    this.count = count;
  }

  /**
   * Computes (caching, as {@code parent} is persisted) every partition listed in {@code groups},
   * one task per group, group g preferring {@code locations[g]} (null: where its first partition's
   * own parents are); the records each partition holds, by partition index (0 if not listed).
   */
  static <T> long[] cache(
      RDD<T> parent, StealPlan plan, int[][] groups, String[] locations, RecordCount<T> count) {
    long[] records = new long[parent.getNumPartitions()];
    List<long[]> counted =
        new GroupedCaching<>(parent, plan, groups, locations, count).toJavaRDD().collect();
    for (long[] partition : counted) {
      records[(int) partition[0]] = partition[1];
    }
    return records;
  }

  private static PlanDependency.ParentsOf of(int[][] groups) {
    return (plan, group) -> groups[group];
  }

  @Override
  public scala.collection.immutable.Seq<String> getPreferredLocations(Partition split) {
    String location = locations == null ? null : locations[split.index()];
    return SparkInternals.immutableSeq(location == null ? List.of() : List.of(location));
  }

  @Override
  public scala.collection.Iterator<long[]> compute(Partition split, TaskContext context) {
    PlanDependency.PlanPartition partition = (PlanDependency.PlanPartition) split;
    List<long[]> counted = new ArrayList<>();
    for (Partition read : partition.parents()) {
      scala.collection.Iterator<T> elements = parent.iterator(read, context);
      long records = 0;
      while (elements.hasNext()) {
        records += count.of(elements.next());
      }
      counted.add(new long[] {read.index(), records});
    }
    return SparkInternals.asScala(counted.iterator());
  }
}
