package org.flexcode.aggregation.engine;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.IterationDetail;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.TaskLayout;

/**
 * The engine's own layout: block j is partition j of the input, coded task i caches the blocks its
 * row of the code names, and the copies of a block prefer different executors.
 */
final class CodedLayout<T> implements DataLayout<T> {

  private final JavaRDD<T> input;

  CodedLayout(JavaRDD<T> input) {
    this.input = input;
  }

  @Override
  public JavaRDD<T> data() {
    return input;
  }

  @Override
  public double blockWorth() {
    return 1.0;
  }

  @Override
  public String[] locations(TaskLayout layout, int copiesPerBlock) {
    return CodedRDD.spreadOverExecutors(input.context(), layout, copiesPerBlock);
  }

  @Override
  public BlockCounts cache(CodedRDD<T> coded, int n) {
    return BlockCounts.count(coded.toJavaRDD(), n);
  }

  @Override
  public long[] inputBlockRecords(long[] taskRecords) {
    return taskRecords;
  }

  @Override
  public RDD<CodedBlock<T>> jobData(CodedRDD<T> coded) {
    return coded;
  }

  @Override
  public RDD<CodedBlock<T>> blockTasks(CodedRDD<T> coded) {
    return null;
  }

  @Override
  public LateLaunchPolicy launches(BoundStrategy bound, TaskLaunchListener listener) {
    return null;
  }

  @Override
  public IterationDetail detail(
      int iteration, Arrivals arrivals, Decision decision, long decodeStartMs) {
    return null;
  }

  @Override
  public void close() {}
}
