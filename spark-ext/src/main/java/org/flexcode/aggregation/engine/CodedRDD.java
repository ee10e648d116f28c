package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.NarrowDependency;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.coding.GradientCode;
import org.flexcode.entropy.internal.Colouring;
import org.flexcode.entropy.internal.Selection;
import org.flexcode.entropy.internal.SubsetSelector;
import org.flexcode.spark.internal.SparkInternals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coded layout of a data set: block j is partition j of the parent RDD, and coded partition i
 * holds the blocks task i of the code holds (a narrow dependency on those parent partitions). Each
 * partition may carry an executor-level preferred location, chosen so that the copies of one block
 * sit on different executors.
 *
 * <p>With shadows, partitions n .. n+m-1 are shadow partitions: shadow k holds, for each block of
 * its group, the weighted subset its selector picks from the block's joint colours. The selection
 * runs where the partition is first computed (on an executor, at setup) and is cached with it.
 */
public final class CodedRDD<T> extends RDD<CodedBlock<T>> {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(CodedRDD.class);

  private final RDD<T> parent;
  private final int[][] blocksOfTask;
  private final String[] preferredLocation;
  private final int primaries;
  private final ShadowSpec shadows;
  private final Colouring<T> colouring;

  public CodedRDD(
      RDD<T> parent,
      GradientCode code,
      ShadowSpec shadows,
      Colouring<T> colouring,
      String[] preferredLocation) {
    this(parent, new TaskLayout(code, shadows), code.describe(), colouring, preferredLocation);
  }

  /**
   * The layout {@code layout} of {@code parent} (its primaries' cached blocks, then its shadows);
   * {@code describe} names the code in errors.
   */
  public CodedRDD(
      RDD<T> parent,
      TaskLayout layout,
      String describe,
      Colouring<T> colouring,
      String[] preferredLocation) {
    super(
        parent.context(),
        SparkInternals.immutableSeq(List.of(new BlockDependency<>(parent, layout.allBlocks()))),
        SparkInternals.classTag(CodedBlock.class));
    if (preferredLocation.length != layout.numTasks()) {
      throw new IllegalArgumentException("one preferred location per task, primaries and shadows");
    }
    if (parent.getNumPartitions() != layout.primaries()) {
      throw new IllegalArgumentException(
          "the data has "
              + parent.getNumPartitions()
              + " partitions but "
              + describe
              + " needs one block per task ("
              + layout.primaries()
              + ")");
    }
    this.parent = parent;
    this.blocksOfTask = layout.allBlocks();
    this.preferredLocation = preferredLocation.clone();
    this.primaries = layout.primaries();
    this.shadows = layout.shadows();
    this.colouring = colouring;
  }

  /**
   * Preferred locations over the registered executors: primaries round-robin, so a block's {@code
   * copies} copies (on consecutive tasks) sit on different executors, and shadows on executors that
   * hold none of the primaries they cover ({@link ShadowPlacement}); none in local mode.
   */
  static String[] spreadOverExecutors(SparkContext sc, TaskLayout layout, int copies) {
    String[] locations = new String[layout.numTasks()];
    List<SparkInternals.Executor> executors = SparkInternals.executors(sc);
    if (executors.isEmpty()) {
      return locations; // local mode: a single executor, nothing to spread
    }
    if (executors.size() < copies) {
      LOG.warn(
          "FlexCode: only {} executors for {} copies of each block; some copies share an executor",
          executors.size(),
          copies);
    }
    int[][] blocks = new int[layout.numTasks()][];
    for (int task = 0; task < blocks.length; task++) {
      blocks[task] = layout.blocksOf(task);
    }
    int[] executorOf = ShadowPlacement.place(blocks, layout.primaries(), executors.size());
    for (int i = 0; i < locations.length; i++) {
      locations[i] = executors.get(executorOf[i]).location();
    }
    return locations;
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
      int block = partition.blocks[k];
      blocks.add(
          partition.index() < primaries
              ? new CodedBlock<>(block, records)
              : subset(block, records, shadows, colouring));
    }
    return SparkInternals.asScala(blocks.iterator());
  }

  /** A shadow's weighted subset of one block, picked from the records' joint colours. */
  static <T> CodedBlock<T> subset(
      int block, List<T> records, ShadowSpec shadows, Colouring<T> colouring) {
    int[] colours = colouring == null ? new int[records.size()] : colouring.colours(records);
    SubsetSelector selector = shadows.selector().selector();
    Selection selection =
        records.isEmpty()
            ? new Selection(new int[0], new double[0])
            : selector.select(
                colours, shadows.budget(records.size()), shadows.selectionSeed(block));
    List<T> picked = new ArrayList<>(selection.size());
    for (int i : selection.indices()) {
      picked.add(records.get(i));
    }
    return new CodedBlock<>(block, picked, selection.weights());
  }

  @Override
  public scala.collection.immutable.Seq<String> getPreferredLocations(Partition split) {
    String location = preferredLocation[split.index()];
    return SparkInternals.immutableSeq(location == null ? List.of() : List.of(location));
  }

  /** Coded partition i: the blocks it holds and the parent partitions they come from. */
  static final class CodedPartition extends IndexedPartition {
    private static final long serialVersionUID = 1L;
    private final int[] blocks;
    private final Partition[] parents;

    CodedPartition(int index, int[] blocks, Partition[] parents) {
      super(index);
      this.blocks = blocks;
      this.parents = parents;
    }

    @Override
    public String toString() {
      return "CodedPartition(" + index() + ", blocks=" + Arrays.toString(blocks) + ")";
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
