package org.flexcode.aggregation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.NarrowDependency;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.coding.GradientCode;
import org.flexcode.spark.SparkInternals;

/**
 * The coded layout of a data set: block j is partition j of the parent RDD, and coded partition i
 * holds the blocks task i of the code holds (a narrow dependency on those parent partitions). Each
 * partition may carry an executor-level preferred location, chosen so that the copies of one block
 * sit on different executors.
 */
final class CodedRDD<T> extends RDD<CodedBlock<T>> {

  private static final long serialVersionUID = 1L;

  private final RDD<T> parent;
  private final int[][] blocksOfTask;
  private final String[] preferredLocation;

  CodedRDD(RDD<T> parent, GradientCode code, String[] preferredLocation) {
    super(
        parent.context(),
        SparkInternals.immutableSeq(List.of(new BlockDependency<>(parent, blocksOf(code)))),
        SparkInternals.classTag(CodedBlock.class));
    if (parent.getNumPartitions() != code.numTasks()) {
      throw new IllegalArgumentException(
          "the data has "
              + parent.getNumPartitions()
              + " partitions but "
              + code.describe()
              + " needs one block per task ("
              + code.numTasks()
              + ")");
    }
    this.parent = parent;
    this.blocksOfTask = blocksOf(code);
    this.preferredLocation = preferredLocation.clone();
  }

  private static int[][] blocksOf(GradientCode code) {
    int[][] blocks = new int[code.numTasks()][];
    for (int i = 0; i < blocks.length; i++) {
      blocks[i] = code.blocksOf(i);
    }
    return blocks;
  }

  @Override
  public Partition[] getPartitions() {
    Partition[] parentPartitions = parent.partitions();
    Partition[] partitions = new Partition[blocksOfTask.length];
    for (int i = 0; i < partitions.length; i++) {
      Partition[] held = new Partition[blocksOfTask[i].length];
      for (int k = 0; k < held.length; k++) {
        held[k] = parentPartitions[blocksOfTask[i][k]];
      }
      partitions[i] = new CodedPartition(i, blocksOfTask[i], held);
    }
    return partitions;
  }

  @Override
  public scala.collection.Iterator<CodedBlock<T>> compute(Partition split, TaskContext context) {
    CodedPartition partition = (CodedPartition) split;
    List<CodedBlock<T>> blocks = new ArrayList<>(partition.blocks.length);
    for (int k = 0; k < partition.blocks.length; k++) {
      List<T> records = new ArrayList<>();
      scala.collection.Iterator<T> it = parent.iterator(partition.parents[k], context);
      while (it.hasNext()) {
        records.add(it.next());
      }
      blocks.add(new CodedBlock<>(partition.blocks[k], records));
    }
    return SparkInternals.asScala(blocks.iterator());
  }

  @Override
  public scala.collection.immutable.Seq<String> getPreferredLocations(Partition split) {
    String location = preferredLocation[split.index()];
    return SparkInternals.immutableSeq(location == null ? List.of() : List.of(location));
  }

  /** Coded partition i: the blocks it holds and the parent partitions they come from. */
  static final class CodedPartition implements Partition {
    private static final long serialVersionUID = 1L;
    private final int index;
    private final int[] blocks;
    private final Partition[] parents;

    CodedPartition(int index, int[] blocks, Partition[] parents) {
      this.index = index;
      this.blocks = blocks;
      this.parents = parents;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public int hashCode() {
      return index;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof CodedPartition p && p.index == index;
    }

    @Override
    public String toString() {
      return "CodedPartition(" + index + ", blocks=" + Arrays.toString(blocks) + ")";
    }
  }

  /** Coded partition i depends on the parent partitions of the blocks task i holds. */
  static final class BlockDependency<T> extends NarrowDependency<T> {
    private static final long serialVersionUID = 1L;
    private final int[][] blocksOfTask;

    BlockDependency(RDD<T> parent, int[][] blocksOfTask) {
      super(parent);
      this.blocksOfTask = blocksOfTask;
    }

    @Override
    public scala.collection.immutable.Seq<Object> getParents(int partitionId) {
      return SparkInternals.intSeq(blocksOfTask[partitionId]);
    }
  }
}
