package org.flexcode.aggregation.engine;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.spark.Dependency;
import org.apache.spark.Partition;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.rdd.RDD;
import org.flexcode.spark.internal.SparkInternals;

/**
 * The RDD an iteration's jobs run on: the partitions of the engine's job data (the cached coded
 * data, or a view of it), without its lineage. A Spark task carries its RDD's whole lineage, and
 * the job data's reaches back through the user's DataFrame plan: every task of every iteration
 * deserialized it again, which cost the executors more CPU than the iteration's gradients on small
 * fits. Here the lineage travels once per engine, as a broadcast, and each executor JVM reads it
 * once; a task computes its partition through it, so a cached block is read from the block manager
 * and a lost one is recomputed from the lineage as before. The scheduler places a partition where
 * it would place the job data's (the executors caching it, else its preferred locations).
 *
 * @param <U> the element type
 */
final class ThinJobRDD<U> extends RDD<U> {

  private static final long serialVersionUID = 1L;

  /** The lineages read in this JVM, by key; the few newest are kept. */
  private static final Map<String, RDD<?>> READ = new LinkedHashMap<>(16, 0.75f, true);

  private static final int KEPT = 8;

  private final transient RDD<U> source;
  private final Broadcast<byte[]> lineage;
  // Broadcast ids restart with every SparkContext of a JVM: the cache is keyed by a random key.
  private final String key = UUID.randomUUID().toString();
  private final Partition[] sourcePartitions;

  private ThinJobRDD(RDD<U> source, Broadcast<byte[]> lineage) {
    super(
        source.context(),
        SparkInternals.immutableSeq(List.of()),
        SparkInternals.elementClassTag(source));
    this.source = source;
    this.lineage = lineage;
    this.sourcePartitions = source.partitions();
    setName(source.name() == null ? "FlexCode job data" : source.name());
  }

  /** {@code source} without its lineage in the tasks; null stays null. */
  static <U> ThinJobRDD<U> of(RDD<U> source) {
    if (source == null) {
      return null;
    }
    resolveDependencies(source, new HashSet<>());
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(source.context());
    return new ThinJobRDD<>(source, jsc.broadcast(BroadcastModel.serialize(source)));
  }

  /**
   * Asks every RDD of {@code rdd}'s lineage for its dependencies, as the scheduler does before it
   * serializes a task: an RDD serializes the dependencies it has resolved, not those it was built
   * with, so an unresolved one would reach the executor without its parents.
   */
  private static void resolveDependencies(RDD<?> rdd, Set<Integer> visited) {
    if (!visited.add(rdd.id())) {
      return;
    }
    scala.collection.Iterator<Dependency<?>> dependencies = rdd.dependencies().iterator();
    while (dependencies.hasNext()) {
      resolveDependencies(dependencies.next().rdd(), visited);
    }
  }

  /** Releases the broadcast lineage (driver side). */
  void destroy() {
    lineage.destroy();
  }

  @Override
  public Partition[] getPartitions() {
    Partition[] partitions = new Partition[sourcePartitions.length];
    for (int i = 0; i < partitions.length; i++) {
      partitions[i] = new ThinPartition(i, sourcePartitions[i]);
    }
    return partitions;
  }

  @Override
  public scala.collection.Iterator<U> compute(Partition split, TaskContext context) {
    return sourceOnExecutor().iterator(((ThinPartition) split).source, context);
  }

  @Override
  public scala.collection.immutable.Seq<String> getPreferredLocations(Partition split) {
    return SparkInternals.immutableSeq(
        SparkInternals.preferredLocations(context(), source, split.index()));
  }

  @SuppressWarnings("unchecked")
  private RDD<U> sourceOnExecutor() {
    synchronized (READ) {
      RDD<?> read = READ.get(key);
      if (read == null) {
        read = (RDD<?>) BroadcastModel.deserialize(lineage.value());
        READ.put(key, read);
        if (READ.size() > KEPT) {
          READ.remove(READ.keySet().iterator().next());
        }
      }
      return (RDD<U>) read;
    }
  }

  /** Partition i: the job data's partition i, which the task hands to the lineage. */
  private static final class ThinPartition extends IndexedPartition {
    private static final long serialVersionUID = 1L;
    private final Partition source;

    ThinPartition(int index, Partition source) {
      super(index);
      this.source = source;
    }
  }
}
