package org.flexcode.bench;

import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.mllib.linalg.Vector;
import org.apache.spark.mllib.linalg.Vectors;
import org.apache.spark.mllib.optimization.GradientDescent;
import org.apache.spark.mllib.optimization.LogisticGradient;
import org.apache.spark.mllib.optimization.SimpleUpdater;
import org.apache.spark.mllib.regression.LabeledPoint;
import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.AggregatorOptions;
import org.flexcode.cli.Args;
import org.flexcode.data.LibSvmReader;
import org.flexcode.data.Lines;
import org.flexcode.optim.FlexCodeGradientDescent;
import org.flexcode.optim.OptimizationResult;
import org.flexcode.stragglers.StragglerInjector;
import org.flexcode.workloads.internal.CtrWorkload;
import scala.Tuple2;

/**
 * Binary or multinomial logistic regression by MLlib's gradient descent (SimpleUpdater), on
 * generated CTR data ({@code --workload ctr}) or LIBSVM data ({@code --workload lr}); with {@code
 * --ctr-path estimator} every row trains spark.ml's multinomial objective instead: the MLlib rows
 * Spark's own LogisticRegression, the FlexCode rows FlexCodeLogisticRegression ({@link
 * EstimatorPath}).
 */
final class LogisticWorkload implements Workload {
  private final JavaRDD<Tuple2<Object, Vector>> data;
  private final LogisticGradient gradient;
  private final int dimension;
  private final double step;
  private JavaRDD<Tuple2<Object, Vector>> overPartitioned;
  private EstimatorPath estimatorPath;

  private LogisticWorkload(
      JavaRDD<Tuple2<Object, Vector>> data, int classes, int dimension, double step) {
    this.data = data;
    this.gradient = new LogisticGradient(classes);
    this.dimension = dimension;
    this.step = step;
  }

  /** ctr's records per partition under emulated compute (16,000 with real compute). */
  static final int EMULATED_ROWS = 2_000;

  /** ctr's hashing buckets under emulated compute (4,096 with real compute). */
  static final int EMULATED_FEATURES = 1_024;

  /**
   * The data of {@code --workload ctr} (generated: --rows-per-partition, --num-features, --classes)
   * or {@code lr} (LIBSVM --train), cached in {@code partitions} blocks; its sizes go to {@code
   * sizes}.
   */
  static LogisticWorkload load(
      JavaSparkContext jsc,
      Args args,
      boolean ctr,
      int partitions,
      long seed,
      Map<String, Object> sizes) {
    int classes = ctr ? args.integer("classes", 5) : 2;
    JavaRDD<LabeledPoint> points;
    int numFeatures;
    if (ctr) {
      // Emulated compute: small blocks, so real compute stays a small share of the emulated time.
      boolean emulated = Compute.parse(args.string("compute", "real")).emulated();
      CtrWorkload.Spec spec =
          new CtrWorkload.Spec(
              partitions,
              args.integer("rows-per-partition", emulated ? EMULATED_ROWS : 16_000),
              args.integer("num-features", emulated ? EMULATED_FEATURES : 4_096),
              classes,
              seed);
      points = CtrWorkload.generate(jsc, spec);
      numFeatures = spec.numFeatures();
      sizes.put("rows_per_partition", spec.rowsPerPartition());
    } else {
      String train = args.required("train");
      numFeatures = LibSvmReader.maxFeatureIndex(jsc, train, partitions);
      points = Lines.validated(LibSvmReader.read(jsc, train, numFeatures, partitions));
    }
    JavaRDD<Tuple2<Object, Vector>> data =
        points
            .map(p -> new Tuple2<>((Object) p.label(), p.features()))
            .repartition(partitions)
            .cache();
    int dimension = (classes - 1) * numFeatures;
    sizes.put("rows", data.count());
    sizes.put("num_features", numFeatures);
    sizes.put("classes", classes);
    sizes.put("model_dimension", dimension);
    LogisticWorkload workload =
        new LogisticWorkload(data, classes, dimension, args.number("step-size", 1.0));
    String path = args.string("ctr-path", "gd");
    if (!path.equals("gd") && !path.equals("estimator")) {
      throw new IllegalArgumentException("--ctr-path must be gd or estimator, got '" + path + "'");
    }
    if (path.equals("estimator")) {
      if (!ctr) {
        throw new IllegalArgumentException("--ctr-path estimator needs --workload ctr");
      }
      workload.estimatorPath = new EstimatorPath(data, workload.step);
    }
    return workload;
  }

  @Override
  public String objective() {
    return "log-loss";
  }

  @Override
  public Trace flexcode(AggregationStrategy strategy, AggregatorOptions options, int iterations) {
    if (estimatorPath != null) {
      return estimatorPath.run(strategy, iterations);
    }
    RecordingUpdater updater = new RecordingUpdater(new SimpleUpdater());
    OptimizationResult result =
        new FlexCodeGradientDescent(gradient, updater)
            .setStepSize(step)
            .setNumIterations(iterations)
            .setConvergenceTol(0.0)
            .setStrategy(strategy)
            .setOptions(options)
            .optimizeWithLossHistory(data.rdd(), Vectors.zeros(dimension));
    return new Trace(result.records(), result.lossHistory(), updater.weights());
  }

  @Override
  public double[] mllib(StragglerInjector injector, int iterations) {
    return run(injector.wrap(data), iterations);
  }

  /** Records of one base-layout block, for the over-partitioned baseline's emulated compute. */
  private long baseBlockRecords;

  @Override
  public double[] mllibOverPartitioned(StragglerInjector injector, int iterations) {
    if (overPartitioned == null) {
      overPartitioned =
          data.repartition(data.getNumPartitions() * MllibBaseline.TUNED_PARTITION_FACTOR)
              .persist(StorageLevel.MEMORY_AND_DISK_2());
      overPartitioned.count(); // cached before the first measured run
      baseBlockRecords = Math.max(1, data.count() / data.getNumPartitions());
    }
    // Each smaller partition emulates its share of one of the base layout's blocks.
    return run(injector.wrap(overPartitioned, baseBlockRecords), iterations);
  }

  /** Gradient descent (not the estimator path's L-BFGS): one loss entry per engine iteration. */
  @Override
  public boolean oneLossPerIteration() {
    return estimatorPath == null;
  }

  @Override
  public double[] exactLoss(Trace trace) {
    if (trace.exact() || trace.weights() == null) {
      return trace.exact() ? trace.loss() : null;
    }
    return ExactLoss.of(data, gradient, trace.weights());
  }

  /** An MLlib row's run: Spark's LogisticRegression on the estimator path, else MLlib's gd. */
  private double[] run(JavaRDD<Tuple2<Object, Vector>> input, int iterations) {
    if (estimatorPath != null) {
      return estimatorPath.spark(input, iterations);
    }
    return GradientDescent.runMiniBatchSGD(
            input.rdd(),
            gradient,
            new SimpleUpdater(),
            step,
            iterations,
            0.0,
            1.0,
            Vectors.zeros(dimension),
            0.0)
        ._2();
  }

  @Override
  public List<BenchListener.Job> mllibIterationJobs(List<BenchListener.Job> jobs, int iterations) {
    // gd: the first counts the data; Spark's LogisticRegression: the first summarizes it.
    return jobs.subList(Math.min(1, jobs.size()), jobs.size());
  }

  @Override
  public int[] mllibLossJobs(int jobs, int lossEntries) {
    return estimatorPath == null ? null : EstimatorPath.latestEvaluations(jobs, lossEntries);
  }

  @Override
  public void close() {
    data.unpersist(false);
    if (estimatorPath != null) {
      estimatorPath.close();
    }
    if (overPartitioned != null) {
      overPartitioned.unpersist(false);
    }
  }
}
