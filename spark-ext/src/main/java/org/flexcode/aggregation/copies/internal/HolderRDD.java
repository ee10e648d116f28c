package org.flexcode.aggregation.copies.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.Partition;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.engine.CodedBlock;
import org.flexcode.aggregation.engine.CodedRDD;
import org.flexcode.spark.internal.SparkInternals;

/**
 * What {@code steal}'s jobs run over: the cached chunk copies ({@link CodedRDD} over {@link
 * ChunkRDD}, partition t = copy t of the {@link StealPlan}), with each chunk's home copy runnable
 * on <em>any</em> of its holders. Partition t of this RDD is copy t; a home copy prefers every
 * executor that holds a copy of its chunk (its home first), so Spark's scheduler itself gives a
 * pending chunk to the first holder with a free core, without a job of the engine's; the task then
 * reads the copy cached on the executor it runs on (no transfer). Other copies (launched late on a
 * chosen executor) prefer the executor {@link #place} named for them, else their planned one. Any
 * copy reads the copy of its chunk cached where it runs; on an executor with none, its own copy is
 * read from wherever Spark finds it (a remote cached block, or the lineage).
 */
final class HolderRDD<T> extends RDD<CodedBlock<T>> implements CopyPlacement {

  private static final long serialVersionUID = 1L;

  private final CodedRDD<T> copies;
  private final StealPlan plan;
  private final String[] executorIds;
  private final String[] locations;
  private final transient Map<Integer, Integer> placed = new ConcurrentHashMap<>();
  private transient volatile Set<Integer> avoided = Set.of();
  private transient volatile boolean homeOnly;

  /**
   * {@code executorIds[e]} and {@code locations[e]}: the id and Spark location string of planned
   * executor e (locations null in local mode).
   */
  HolderRDD(CodedRDD<T> copies, StealPlan plan, String[] executorIds, String[] locations) {
    super(
        copies.context(),
        SparkInternals.immutableSeq(
            List.of(new PlanDependency<>(copies, plan, HolderRDD::copiesOfChunk))),
        SparkInternals.classTag(CodedBlock.class));
    this.copies = copies;
    this.plan = plan;
    this.executorIds = executorIds.clone();
    this.locations = locations == null ? null : locations.clone();
  }

  @Override
  public Partition[] getPartitions() {
    return new PlanDependency<>(copies, plan, HolderRDD::copiesOfChunk).partitions(plan.numTasks());
  }

  @Override
  public scala.collection.Iterator<CodedBlock<T>> compute(Partition split, TaskContext context) {
    PlanDependency.PlanPartition partition = (PlanDependency.PlanPartition) split;
    int task = partition.index();
    int source = sourceCopy(task, SparkEnv.get().executorId());
    scala.collection.Iterator<CodedBlock<T>> blocks =
        copies.iterator(partition.parents()[plan.copyOf(source)], context);
    if (source == task) {
      return blocks;
    }
    List<CodedBlock<T>> relabelled = new ArrayList<>(1);
    while (blocks.hasNext()) { // the same chunk, under the block index of this task's copy
      relabelled.add(new CodedBlock<>(task, blocks.next().records()));
    }
    return SparkInternals.asScala(relabelled.iterator());
  }

  /**
   * The copy task {@code task} reads on executor {@code executorId}: the copy of its chunk planned
   * on that executor if there is one; otherwise its own.
   */
  int sourceCopy(int task, String executorId) {
    int chunk = plan.chunkOf(task);
    for (int k = 0; k < plan.copies(); k++) {
      int copy = plan.taskOf(chunk, k);
      if (executorIds[plan.executorOf(copy)].equals(executorId)) {
        return copy;
      }
    }
    return task;
  }

  @Override
  public scala.collection.immutable.Seq<String> getPreferredLocations(Partition split) {
    List<String> preferred = new ArrayList<>();
    int task = split.index();
    Integer target = placed == null ? null : placed.get(task);
    if (locations != null && target != null) {
      preferred.add(locations[target]);
    } else if (locations != null) {
      int chunk = plan.chunkOf(task);
      int first = plan.copyOf(task) == 0 ? 0 : plan.copyOf(task);
      int last = plan.copyOf(task) == 0 && !homeOnly ? plan.copies() : first + 1;
      for (int k = first; k < last; k++) {
        int e = plan.executorOf(plan.taskOf(chunk, k));
        if (!preferred.contains(locations[e]) && (last - first == 1 || !avoided.contains(e))) {
          preferred.add(locations[e]);
        }
      }
      if (preferred.isEmpty()) { // every holder avoided: its home
        preferred.add(locations[plan.executorOf(plan.taskOf(chunk, 0))]);
      }
    }
    return SparkInternals.immutableSeq(preferred);
  }

  /**
   * Driver side, before the job that launches copy {@code task}: run it on planned executor {@code
   * executor} (a holder of its chunk other than the one its chunk's running copy occupies).
   */
  @Override
  public void place(int task, int executor) {
    placed.put(task, executor);
  }

  /** Home copies prefer holders other than planned executors {@code executors} (when any). */
  @Override
  public void avoid(Set<Integer> executors) {
    avoided = Set.copyOf(executors);
  }

  /** Home copies prefer their home executor alone (when {@code home}), or any holder. */
  @Override
  public void keepHome(boolean home) {
    homeOnly = home;
  }

  /** Forgets every {@link #place} (at the start of an iteration). */
  @Override
  public void clear() {
    placed.clear();
  }

  /** The copies task {@code t} may read: every copy of its chunk, in copy order. */
  static int[] copiesOfChunk(StealPlan plan, int t) {
    int chunk = plan.chunkOf(t);
    int[] all = new int[plan.copies()];
    for (int k = 0; k < all.length; k++) {
      all[k] = plan.taskOf(chunk, k);
    }
    return all;
  }
}
