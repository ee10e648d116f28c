package org.flexcode.aggregation.strategy.shadow;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.flexcode.aggregation.Arrivals;
import org.flexcode.aggregation.LateLaunchPolicy;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.TaskLaunches;
import org.flexcode.aggregation.TaskLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Late shadows ({@code shadow:...,late=x}): the first job runs the primaries only; once at most s +
 * m primaries are unfinished and one of them has run longer than x times the median time (launch to
 * arrival at the driver) of the finished primaries, and at least 100 ms, the shadows covering the
 * unfinished primaries' blocks launch in a second job. If Spark loses a job first, they launch with
 * the resubmit.
 */
final class LateShadows implements LateLaunchPolicy {

  private static final Logger LOG = LoggerFactory.getLogger(LateShadows.class);

  /**
   * No primary counts as late before it has run this long (as spark.speculation.minTaskRuntime).
   */
  private static final long MIN_RUNTIME_MS = 100;

  private final TaskLayout layout;
  private final int maxUnfinished;
  private final double multiplier;
  private final TaskLaunches listener;

  /** {@code tolerance}: the code's s. */
  public LateShadows(TaskLayout layout, int tolerance, ShadowSpec shadows, TaskLaunches listener) {
    this.layout = layout;
    this.maxUnfinished = tolerance + shadows.count();
    this.multiplier = shadows.lateMultiplier();
    this.listener = listener;
  }

  @Override
  public BitSet firstJob() {
    BitSet primaries = new BitSet(layout.numTasks());
    primaries.set(0, layout.primaries());
    return primaries;
  }

  @Override
  public boolean launchesLate() {
    return true;
  }

  @Override
  public Launch due(int it, Arrivals arrivals) {
    int primaries = layout.primaries();
    BitSet done = arrivals.finished().get(0, primaries);
    int unfinished = primaries - done.cardinality();
    if (done.isEmpty() || unfinished == 0 || unfinished > maxUnfinished) {
      return null;
    }
    Long median = medianDuration(it, done, arrivals);
    if (median == null) {
      return null;
    }
    double threshold = Math.max(MIN_RUNTIME_MS, multiplier * median);
    long now = System.currentTimeMillis();
    List<Integer> late = new ArrayList<>();
    for (int task = 0; task < primaries; task++) {
      long launch = listener.launchTime(it, task);
      if (!done.get(task) && launch > 0 && now - launch > threshold) {
        late.add(task);
      }
    }
    if (late.isEmpty()) {
      return null;
    }
    Launch launch = withResubmit(arrivals);
    LOG.info(
        "FlexCode iteration {}: tasks {} have run over {} x the median {} ms of the finished"
            + " primaries; launching shadows for blocks {}",
        it,
        late,
        multiplier,
        median,
        launch.blocks());
    return launch;
  }

  @Override
  public Launch withResubmit(Arrivals arrivals) {
    BitSet blocks = layout.blocksOfUnfinishedPrimaries(arrivals.finished());
    return new Launch(layout.shadowTasksFor(blocks), blocks);
  }

  /**
   * The median launch-to-arrival time of the finished primaries {@code done}, or null if unknown.
   */
  private Long medianDuration(int it, BitSet done, Arrivals arrivals) {
    List<Long> durations = new ArrayList<>();
    for (int task = done.nextSetBit(0); task >= 0; task = done.nextSetBit(task + 1)) {
      long launch = listener.launchTime(it, task);
      long arrived = arrivals.arrivedMs(task);
      if (launch > 0 && arrived >= 0) {
        durations.add(arrived - launch);
      }
    }
    if (durations.isEmpty()) {
      return null;
    }
    durations.sort(null);
    return durations.get(durations.size() / 2);
  }
}
