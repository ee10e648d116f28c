package org.flexcode.aggregation.engine;

import org.apache.spark.rdd.RDD;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.IterationDetail;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.TaskLayout;

/**
 * Where the engine's tasks find their data: which RDD the code lays out, where each task prefers to
 * run, how the cached data is counted, which RDD the iteration jobs run over, what the layout
 * launches beyond an iteration's first job, and what it adds to an iteration's result. {@link
 * CodedLayout} is the engine's own; a strategy brings another through {@link LayoutSource}.
 */
public interface DataLayout<T> {

  /** The data whose partition j is block j of the strategy's code. */
  org.apache.spark.api.java.JavaRDD<T> data();

  /** The share of an input block one block of {@link #data} holds (1: a whole block). */
  double blockWorth();

  /** Each task's preferred executor location (null entries: none), for {@code layout}'s tasks. */
  String[] locations(TaskLayout layout, int copiesPerBlock);

  /** Caches {@code coded} and counts the records of each of its {@code n} tasks. */
  BlockCounts cache(CodedRDD<T> coded, int n);

  /** The records of each input block, from the records of each task counted at setup. */
  long[] inputBlockRecords(long[] taskRecords);

  /** The RDD the iteration jobs run over ({@code coded} itself by default). */
  RDD<CodedBlock<T>> jobData(CodedRDD<T> coded);

  /** The RDD of one task per block for {@link JobSubmitter#submitBlocks}; null if none. */
  RDD<CodedBlock<T>> blockTasks(CodedRDD<T> coded);

  /**
   * What launches tasks beyond an iteration's first job, for {@code bound}; null to let the bound
   * strategy choose ({@link LaunchSource}). Asked once, after {@link #jobData}.
   */
  LateLaunchPolicy launches(BoundStrategy bound, TaskLaunchListener listener);

  /** What the layout adds to iteration {@code iteration}'s result; null for nothing. */
  IterationDetail detail(int iteration, Arrivals arrivals, Decision decision, long decodeStartMs);

  /** Releases what the layout cached beyond the coded data. */
  void close();
}
