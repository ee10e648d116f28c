package org.flexcode.spark.internal;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.rdd.RDD;
import org.apache.spark.storage.BlockId;
import org.apache.spark.storage.BlockManager;
import org.apache.spark.storage.BlockResult;
import org.apache.spark.storage.RDDBlockId;
import org.apache.spark.storage.StorageLevel;
import scala.Option;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * Values kept in executors' block managers under an RDD id that names no RDD (one per iteration of
 * a fit, {@link #newId}), so that one {@code removeRdd} call releases all of them, on every
 * executor, at once. A value is an {@code Object[]} of JDK types, readable in any JVM and class
 * loader; {@link #get} reads it from this executor's block manager, else fetches it from the one
 * that holds it.
 */
public final class ExecutorBlocks {

  private static final ClassTag<Object[]> WIRE = ClassTag$.MODULE$.apply(Object[].class);

  private ExecutorBlocks() {}

  /** A fresh id for a set of blocks (driver side), from the context's own RDD ids. */
  public static int newId(SparkContext sc) {
    return sc.newRddId();
  }

  /**
   * Keeps {@code value} as block {@code index} of set {@code id} in this executor's memory (on its
   * disk when memory is short), told to the driver's block manager master; false when neither store
   * took it.
   */
  public static boolean put(int id, int index, Object[] value) {
    BlockManager manager = SparkEnv.get().blockManager();
    return manager.putSingle(
        new RDDBlockId(id, index), value, StorageLevel.MEMORY_AND_DISK(), true, WIRE);
  }

  /** Block {@code index} of set {@code id}, local or fetched from its executor; null when gone. */
  public static Object[] get(int id, int index) {
    BlockId block = new RDDBlockId(id, index);
    Option<BlockResult> found = SparkEnv.get().blockManager().get(block, WIRE);
    if (found.isEmpty()) {
      return null;
    }
    scala.collection.Iterator<Object> data = found.get().data();
    Object value = data.next();
    while (data.hasNext()) { // reading to the end releases the block's read lock
      data.next();
    }
    return (Object[]) value;
  }

  /**
   * An RDD with one partition per element of {@code values}, partition i preferring {@code
   * locations.get(i)} (Spark location strings, e.g. {@code executor_host_id}; empty for none).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <T> RDD<T> withLocations(
      SparkContext sc, List<T> values, List<List<String>> locations, ClassTag<T> tag) {
    List<Tuple2> pairs = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      pairs.add(new Tuple2(values.get(i), SparkInternals.immutableSeq(locations.get(i))));
    }
    scala.collection.immutable.List seq = SparkInternals.immutableSeq(pairs);
    return sc.makeRDD(seq, tag);
  }

  /** Removes every block of set {@code id} from every executor, without waiting (driver side). */
  public static void removeAll(SparkContext sc, int id) {
    sc.env().blockManager().master().removeRdd(id, false);
  }
}
