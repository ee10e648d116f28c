package org.flexcode.aggregation.strategy.ignore;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.adaptive.internal.BackupChoice;
import org.flexcode.adaptive.internal.BackupChooser;
import org.flexcode.adaptive.internal.TaskTimes;
import org.flexcode.aggregation.Adaptive;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.rules.internal.IgnoreDecoder;
import org.flexcode.coding.GradientCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link AutoIgnore} bound: before each iteration asks its {@link BackupChooser} for b, then
 * decides as {@link IgnoreDecoder} does with that b (the first n - b arrivals, rescaled); after
 * each iteration hands the chooser the tasks' times. An iteration that waits for more than the
 * floor's quorum ends at the chooser's deadline ({@link BackupChooser#DEADLINE_FACTOR} x the time
 * the quorum took) with the tasks arrived by then. Holds state across iterations: one per engine.
 */
final class AutoIgnoreDecoder implements BoundStrategy, Adaptive {

  private final AutoIgnore strategy;
  private final GradientCode code;
  private final long[] blockRecords;
  private static final Logger LOG = LoggerFactory.getLogger(AutoIgnoreDecoder.class);

  private final BackupChooser chooser;
  private BackupChoice choice;
  private int iteration;
  private long startMs;
  private long quorumMs;

  AutoIgnoreDecoder(AutoIgnore strategy, GradientCode code, long[] blockRecords) {
    this.strategy = strategy;
    this.code = code;
    this.blockRecords = blockRecords.clone();
    long[] perTask = new long[code.numTasks()];
    for (int i = 0; i < perTask.length; i++) {
      perTask[i] = i < blockRecords.length ? blockRecords[i] : 1;
    }
    this.chooser = new BackupChooser(perTask, strategy.floor(), strategy.window());
    this.choice = chooser.choose();
  }

  @Override
  public AggregationStrategy strategy() {
    return strategy;
  }

  @Override
  public GradientCode code() {
    return code;
  }

  /** The b of the current iteration. */
  int b() {
    return choice.b();
  }

  @Override
  public String beforeIteration(int iteration) {
    this.iteration = iteration;
    startMs = System.currentTimeMillis();
    quorumMs = -1;
    int previousB = choice == null ? -1 : choice.b();
    choice = chooser.choose();
    if (choice.b() != previousB) {
      LOG.info(
          "FlexCode iteration {}: ignore:b=auto now ignores {}: {}",
          iteration,
          choice.b(),
          choice.reason());
    }
    return choice.reason();
  }

  @Override
  public void afterIteration(TaskTimes times) {
    chooser.observe(times);
  }

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    if (quorumMs < 0 && arrivals.size() >= code.numTasks() - chooser.maxB()) {
      quorumMs = System.currentTimeMillis();
    }
    int needed = code.numTasks() - choice.b();
    if (arrivals.size() < needed) {
      return Optional.empty();
    }
    return Optional.of(
        IgnoreDecoder.rescaled(code.numTasks(), arrivals.subList(0, needed), blockRecords));
  }

  /** Past the deadline with the quorum in: the arrivals so far, rescaled. */
  @Override
  public Optional<Decision> decideOnWait(List<Integer> arrivals, BitSet finished) {
    if (quorumMs < 0 || arrivals.size() >= code.numTasks() - choice.b()) {
      return Optional.empty();
    }
    long now = System.currentTimeMillis();
    double deadline = startMs + BackupChooser.DEADLINE_FACTOR * (quorumMs - startMs);
    if (now < deadline) {
      return Optional.empty();
    }
    LOG.info(
        "FlexCode iteration {}: b={} waited {} ms, {} x the {} ms the quorum of {} tasks took;"
            + " ending with the {} of {} tasks arrived",
        iteration,
        choice.b(),
        now - startMs,
        BackupChooser.DEADLINE_FACTOR,
        quorumMs - startMs,
        code.numTasks() - chooser.maxB(),
        arrivals.size(),
        code.numTasks());
    return Optional.of(IgnoreDecoder.rescaled(code.numTasks(), arrivals, blockRecords));
  }

  /** The finished tasks' plain sum, not rescaled. */
  @Override
  public Decision bestEffort(BitSet finished) {
    return IgnoreDecoder.rescaled(code.numTasks(), finished.stream().boxed().toList(), new long[0]);
  }
}
