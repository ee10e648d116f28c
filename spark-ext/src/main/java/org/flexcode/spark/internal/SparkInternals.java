package org.flexcode.spark.internal;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.SimpleFutureAction;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.VoidFunction;
import org.apache.spark.ml.recommendation.ALSModel;
import org.apache.spark.rdd.RDD;
import org.apache.spark.scheduler.SparkListenerInterface;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.BlockManagerId;
import org.apache.spark.storage.BroadcastBlockId;
import org.apache.spark.storage.RDDBlockId;
import org.apache.spark.util.AccumulatorContext$;
import org.apache.spark.util.AccumulatorV2;
import scala.Option;
import scala.collection.JavaConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * Adapter for Spark internals and Scala collections. Every call that depends on the Scala version
 * (collection converters, {@code Seq} flavours) or on a {@code private[spark]} member goes through
 * here; {@code scala.collection.JavaConverters} exists in both Scala 2.12 and 2.13.
 */
@SuppressWarnings("deprecation") // JavaConverters is deprecated in 2.13 but the only API in both
public final class SparkInternals {

  /** The local property that holds a job's group id (SparkContext.SPARK_JOB_GROUP_ID). */
  public static final String JOB_GROUP_PROPERTY = "spark.jobGroup.id";

  private SparkInternals() {}

  /** A Scala {@code Seq[Int]} as a Java list. */
  public static List<Integer> intList(scala.collection.Seq<Object> values) {
    List<Integer> list = new ArrayList<>(values.size());
    for (Object v : JavaConverters.seqAsJavaList(values)) {
      list.add((Integer) v);
    }
    return list;
  }

  /** An executor as the block manager knows it. */
  public record Executor(String id, String host) {
    /** Spark's executor-level location string ({@code ExecutorCacheTaskLocation}). */
    public String location() {
      return "executor_" + host + "_" + id;
    }
  }

  /**
   * The conf of the running SparkContext, if one runs in this JVM ({@code SparkContext.getActive}
   * is {@code private[spark]}).
   */
  public static java.util.Optional<org.apache.spark.SparkConf> activeConf() {
    scala.Option<SparkContext> active = SparkContext$.MODULE$.getActive();
    return active.isDefined()
        ? java.util.Optional.of(active.get().getConf())
        : java.util.Optional.empty();
  }

  /**
   * The thread's active session, else the default one, whichever still has a running SparkContext
   * (as {@code SparkSession.active}, but a thread's active session outlives its application: Spark
   * 3.5 does not drop a stopped one).
   */
  public static java.util.Optional<SparkSession> liveSession() {
    for (scala.Option<SparkSession> session :
        List.of(SparkSession.getActiveSession(), SparkSession.getDefaultSession())) {
      if (session.isDefined() && !session.get().sparkContext().isStopped()) {
        return java.util.Optional.of(session.get());
      }
    }
    return java.util.Optional.empty();
  }

  /** The executors registered with the driver's block manager master, the driver excluded. */
  public static List<Executor> executors(SparkContext sc) {
    List<Executor> executors = new ArrayList<>();
    Map<BlockManagerId, ?> status =
        JavaConverters.mapAsJavaMap(sc.env().blockManager().master().getMemoryStatus());
    for (BlockManagerId id : status.keySet()) {
      if (!id.isDriver()) {
        executors.add(new Executor(id.executorId(), id.host()));
      }
    }
    executors.sort(
        (a, b) -> {
          int byLength = Integer.compare(a.id().length(), b.id().length());
          return byLength != 0 ? byLength : a.id().compareTo(b.id());
        });
    return executors;
  }

  /**
   * The tasks {@code sc}'s executors run at once under the default resource profile (their cores
   * over {@code spark.task.cpus}; local[N]: N), as Spark's barrier scheduling counts them.
   */
  public static int taskSlots(SparkContext sc) {
    return sc.maxNumConcurrentTasks(sc.resourceProfileManager().defaultResourceProfile());
  }

  /** The executor ids whose block managers hold cached partition {@code partition} of an RDD. */
  public static List<String> cachedOn(SparkContext sc, int rddId, int partition) {
    List<String> ids = new ArrayList<>();
    for (BlockManagerId id :
        JavaConverters.seqAsJavaList(
            sc.env().blockManager().master().getLocations(new RDDBlockId(rddId, partition)))) {
      ids.add(id.executorId());
    }
    return ids;
  }

  /**
   * Where the scheduler would run partition {@code partition} of {@code rdd}: the executors caching
   * it, else its own or its narrow ancestors' preferred locations, as location strings ({@code
   * SparkContext.getPreferredLocs} is {@code private[spark]}). Driver side.
   */
  public static List<String> preferredLocations(SparkContext sc, RDD<?> rdd, int partition) {
    List<String> locations = new ArrayList<>();
    scala.collection.Seq<?> preferred = sc.getPreferredLocs(rdd, partition);
    for (Object location : JavaConverters.seqAsJavaList(preferred)) {
      locations.add(location.toString());
    }
    return locations;
  }

  /** Whether the driver's block manager still holds broadcast {@code broadcastId}. */
  public static boolean isBroadcastLive(long broadcastId) {
    SparkEnv env = SparkEnv.get();
    return env != null
        && env.blockManager().getStatus(new BroadcastBlockId(broadcastId, "")).isDefined();
  }

  /**
   * The listeners registered on {@code sc}'s listener bus, Spark's own included ({@code
   * SparkContext.listenerBus} is {@code private[spark]}).
   */
  public static List<SparkListenerInterface> listeners(SparkContext sc) {
    return new ArrayList<>(sc.listenerBus().listeners());
  }

  /**
   * Waits until every event posted to {@code sc}'s listener bus so far has reached its listeners
   * ({@code LiveListenerBus.waitUntilEmpty}, {@code private[spark]}), for at most {@code
   * timeoutMs}; past it, fails naming what it waited for.
   */
  public static void awaitListenerBus(SparkContext sc, long timeoutMs) {
    try {
      sc.listenerBus().waitUntilEmpty(timeoutMs);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(
          "the listener bus did not deliver its queued events within " + timeoutMs + " ms", e);
    }
  }

  /**
   * How many accumulators the driver has registered ({@code AccumulatorContext} is {@code
   * private[spark]}); each is removed once garbage-collected and cleaned.
   */
  public static int registeredAccumulators() {
    return AccumulatorContext$.MODULE$.numAccums();
  }

  /**
   * Whether accumulator {@code id} is still registered with the driver and reachable: false once it
   * is removed, or collected and waiting for Spark's cleaner (when Spark's lookup throws).
   */
  public static boolean isAccumulatorRegistered(long id) {
    try {
      return AccumulatorContext$.MODULE$.get(id).isDefined();
    } catch (Exception collected) {
      return false;
    }
  }

  /**
   * Registers an unnamed accumulator whose updates from failed task attempts also reach the driver
   * ({@code countFailedValues}), so the driver learns which tasks failed and why.
   */
  public static void registerCountingFailures(SparkContext sc, AccumulatorV2<?, ?> accumulator) {
    accumulator.register(sc, Option.empty(), true);
  }

  /**
   * spark.ml's own ALS model ({@code private[spark]} constructor); the factor frames have columns
   * {@code id} (int) and {@code features} (array of float), as {@code ALS.fit} builds them.
   */
  public static ALSModel alsModel(
      String uid, int rank, Dataset<Row> userFactors, Dataset<Row> itemFactors) {
    return new ALSModel(uid, rank, userFactors, itemFactors);
  }

  /**
   * Runs {@code task} on the listed partitions of {@code rdd} only, asynchronously ({@code
   * SparkContext.submitJob}); Spark's Java API can only run a job over every partition.
   */
  public static <T> Future<Void> submitJob(
      SparkContext sc, RDD<T> rdd, VoidFunction<Iterator<T>> task, int[] partitions) {
    SimpleFutureAction<BoxedUnit> action =
        sc.submitJob(
            rdd, new PartitionTask<>(task), intSeq(partitions), new IgnoreResult(), new Done());
    return new SubmittedJob(action);
  }

  /** A Java partition function as the Scala function Spark runs in each task. */
  private static final class PartitionTask<T>
      extends AbstractFunction1<scala.collection.Iterator<T>, BoxedUnit> implements Serializable {
    private static final long serialVersionUID = 1L;
    private final VoidFunction<Iterator<T>> task;

    PartitionTask(VoidFunction<Iterator<T>> task) {
      this.task = task;
    }

    @Override
    public BoxedUnit apply(scala.collection.Iterator<T> records) {
      try {
        task.call(
            new Iterator<T>() {
              @Override
              public boolean hasNext() {
                return records.hasNext();
              }

              @Override
              public T next() {
                return records.next();
              }
            });
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      return BoxedUnit.UNIT;
    }
  }

  private static final class IgnoreResult extends AbstractFunction2<Object, BoxedUnit, BoxedUnit> {
    @Override
    public BoxedUnit apply(Object partition, BoxedUnit result) {
      return BoxedUnit.UNIT;
    }
  }

  private static final class Done extends AbstractFunction0<BoxedUnit> {
    @Override
    public BoxedUnit apply() {
      return BoxedUnit.UNIT;
    }
  }

  /** A submitted Spark job as a Java future: done when Spark ends the job, failed if it aborted. */
  private static final class SubmittedJob implements Future<Void> {
    private final SimpleFutureAction<BoxedUnit> action;

    SubmittedJob(SimpleFutureAction<BoxedUnit> action) {
      this.action = action;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      if (action.isCompleted()) {
        return false;
      }
      action.cancel();
      return true;
    }

    @Override
    public boolean isCancelled() {
      return action.isCancelled();
    }

    @Override
    public boolean isDone() {
      return action.isCompleted();
    }

    @Override
    public Void get() throws ExecutionException, InterruptedException {
      try {
        return get(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        throw new IllegalStateException("unreachable: no deadline", e);
      }
    }

    @Override
    public Void get(long timeout, TimeUnit unit)
        throws ExecutionException, InterruptedException, TimeoutException {
      long start = System.nanoTime();
      long limit = unit.toNanos(timeout);
      while (!action.isCompleted()) {
        if (System.nanoTime() - start > limit) {
          throw new TimeoutException("Spark job still running after " + timeout + " " + unit);
        }
        Thread.sleep(5);
      }
      return outcome();
    }

    private Void outcome() throws ExecutionException {
      scala.util.Try<BoxedUnit> outcome = action.value().get();
      if (outcome.isFailure()) {
        throw new ExecutionException(((scala.util.Failure<BoxedUnit>) outcome).exception());
      }
      return null;
    }
  }

  /**
   * Throws Spark's {@code TaskKilledException} if the task of {@code context} has been cancelled
   * ({@code TaskContext.killTaskIfInterrupted} is {@code private[spark]}); otherwise returns.
   */
  public static void killTaskIfInterrupted(TaskContext context) {
    context.killTaskIfInterrupted();
  }

  /**
   * The ClassTag of {@code rdd}'s elements ({@code RDD.elementClassTag} is {@code private[spark]}).
   */
  public static <T> ClassTag<T> elementClassTag(RDD<T> rdd) {
    return rdd.elementClassTag();
  }

  /** A Scala iterator over a Java iterator. */
  public static <T> scala.collection.Iterator<T> asScala(Iterator<T> iterator) {
    return JavaConverters.asScalaIterator(iterator);
  }

  /** An immutable Scala list, usable wherever Spark 3.5 or 4.x expects a {@code Seq}. */
  public static <T> scala.collection.immutable.List<T> immutableSeq(Collection<T> values) {
    return JavaConverters.collectionAsScalaIterable(values).toList();
  }

  /** An immutable Scala list of boxed ints, for Spark signatures typed {@code Seq[Int]}. */
  @SuppressWarnings("unchecked")
  public static scala.collection.immutable.List<Object> intSeq(int[] values) {
    List<Object> boxed = new ArrayList<>(values.length);
    for (int v : values) {
      boxed.add(v);
    }
    return immutableSeq(boxed);
  }

  /** The ClassTag Spark's Scala constructors want. */
  public static <T> ClassTag<T> classTag(Class<?> type) {
    @SuppressWarnings("unchecked")
    ClassTag<T> tag = (ClassTag<T>) ClassTag$.MODULE$.apply(type);
    return tag;
  }

  /** MLlib's local LDA model ({@code private[clustering]} constructor). */
  public static org.apache.spark.mllib.clustering.LocalLDAModel mllibLocalLdaModel(
      org.apache.spark.mllib.linalg.Matrix topics,
      org.apache.spark.mllib.linalg.Vector docConcentration,
      double topicConcentration,
      double gammaShape) {
    return new org.apache.spark.mllib.clustering.LocalLDAModel(
        topics, docConcentration, topicConcentration, gammaShape);
  }

  /** spark.ml's local LDA model around an MLlib one ({@code private[ml]} constructor). */
  public static org.apache.spark.ml.clustering.LocalLDAModel mlLocalLdaModel(
      String uid,
      int vocabSize,
      org.apache.spark.mllib.clustering.LocalLDAModel model,
      org.apache.spark.sql.SparkSession session) {
    return new org.apache.spark.ml.clustering.LocalLDAModel(uid, vocabSize, model, session);
  }

  /**
   * Reads the params saved by {@code DefaultParamsWriter} at {@code path} (checking the saved class
   * is {@code expectedClass}) into the instance {@code create} makes from the saved uid.
   */
  public static <T extends org.apache.spark.ml.param.Params> T loadParams(
      String path,
      SparkContext sc,
      Class<T> expectedClass,
      java.util.function.Function<String, T> create) {
    org.apache.spark.ml.util.DefaultParamsReader.Metadata metadata =
        org.apache.spark.ml.util.DefaultParamsReader$.MODULE$.loadMetadata(
            path, sc, expectedClass.getName());
    T instance = create.apply(metadata.uid());
    metadata.getAndSetParams(instance, Option.empty());
    return instance;
  }

  /** Posts {@code event} to the listener bus of {@code sc} (on the driver). */
  public static void postEvent(
      SparkContext sc, org.apache.spark.scheduler.SparkListenerEvent event) {
    sc.listenerBus().post(event);
  }

  /**
   * Registers the metrics of {@code registry} with the metrics system of {@code sc}'s driver, as
   * the source {@code name} (Spark's {@code Source} is {@code private[spark]}): its sinks report
   * them as {@code <app>.driver.<name>.<metric>}.
   */
  public static void registerMetricsSource(
      SparkContext sc, String name, com.codahale.metrics.MetricRegistry registry) {
    sc.env().metricsSystem().registerSource(new MetricsSource(name, registry));
  }

  /** A named Dropwizard registry as a source of Spark's metrics system. */
  private record MetricsSource(
      String sourceName, com.codahale.metrics.MetricRegistry metricRegistry)
      implements org.apache.spark.metrics.source.Source {}
}
