package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.adaptive.BackupChoice;
import org.flexcode.adaptive.BackupChooser;
import org.flexcode.adaptive.TaskTimes;
import org.flexcode.coding.GradientCode;

/**
 * {@link AutoIgnore} bound: before each iteration asks its {@link BackupChooser} for b, then
 * decides as {@link IgnoreDecoder} does with that b (the first n - b arrivals, rescaled); after
 * each iteration hands the chooser the tasks' times. Holds state across iterations: one per engine.
 */
final class AutoIgnoreDecoder implements BoundStrategy {

  private final AutoIgnore strategy;
  private final GradientCode code;
  private final long[] blockRecords;
  private final BackupChooser chooser;
  private BackupChoice choice;

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
    choice = chooser.choose();
    return choice.reason();
  }

  @Override
  public void afterIteration(TaskTimes times) {
    chooser.observe(times);
  }

  @Override
  public Optional<Decision> decide(List<Integer> arrivals, BitSet finished) {
    int needed = code.numTasks() - choice.b();
    if (arrivals.size() < needed) {
      return Optional.empty();
    }
    return Optional.of(
        IgnoreDecoder.rescaled(code.numTasks(), arrivals.subList(0, needed), blockRecords));
  }

  /** The finished tasks' plain sum, not rescaled. */
  @Override
  public Decision bestEffort(BitSet finished) {
    return IgnoreDecoder.rescaled(code.numTasks(), finished.stream().boxed().toList(), new long[0]);
  }
}
