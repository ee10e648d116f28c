package org.flexcode.aggregation;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.flexcode.coding.Decoding;
import org.flexcode.coding.GradientCode;

/**
 * A strategy bound to the data ({@link AggregationStrategy#bind}): it owns the code laying the n
 * blocks out over the primary tasks, knows the shadow tasks after them and the records of each
 * block, and decides for a set of finished tasks. What only some strategies do comes as
 * capabilities ({@link #capability}): {@link Adaptive}, {@link StaleResults}, and the engine's
 * layout and launch sources.
 */
public interface BoundStrategy {

  /** The strategy bound. */
  AggregationStrategy strategy();

  /** The code over the n primary tasks. */
  GradientCode code();

  /** The shadow tasks after the primaries. */
  default ShadowSpec shadows() {
    return strategy().shadows();
  }

  /** Primary plus shadow tasks. */
  default int numTasks() {
    return code().numTasks() + shadows().count();
  }

  /**
   * The blocks each task holds: a primary's from the code, shadow k's the group of primary blocks
   * it covers ({@link ShadowSpec#blocksOf}).
   */
  default int[][] layout() {
    return TaskLayout.blocksOf(code(), shadows());
  }

  /**
   * Decides for the tasks finished so far ({@code arrivals} in arrival order, {@code finished} the
   * same as a set; shadow k is task n + k). Empty while the iteration must keep waiting.
   */
  Optional<Decision> decide(List<Integer> arrivals, BitSet finished);

  /**
   * Asked while the iteration waits with no new arrival (every few ms): a decision the strategy
   * takes on time alone (a deadline), with the arrivals so far; none by default.
   */
  default Optional<Decision> decideOnWait(List<Integer> arrivals, BitSet finished) {
    return Optional.empty();
  }

  /** Whether the tasks {@code possible}, all of them finished, would suffice. */
  default boolean couldDecide(BitSet possible) {
    return decide(possible.stream().boxed().toList(), possible).isPresent();
  }

  /**
   * The best decision without waiting for more tasks (used when Spark gave up on tasks and the user
   * accepts an approximation): by default the code's least-squares best approximation.
   */
  default Decision bestEffort(BitSet finished) {
    Decoding decoding = code().decode(finished);
    return new Decision(
        decoding.taskCoefficients(), decoding.usedTasks(), decoding.residual(), decoding.exact());
  }

  /**
   * This bound strategy as the capability {@code type} (an interface the engine or a layout
   * defines, such as a layout or launches of its own), if it has it.
   */
  default <C> Optional<C> capability(Class<C> type) {
    return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
  }
}
