package org.flexcode.aggregation.copies.internal;

import java.util.Set;

/**
 * Where the driver asks a copy it launches to run (Spark's preferred location of its task), and
 * which executors its chunks keep away from: the engine's holders RDD, or the model's simulated
 * cluster, which runs each copy where it is placed.
 */
public interface CopyPlacement {
  /** Run copy task {@code task} on planned executor {@code executor}. */
  void place(int task, int executor);

  /** Forgets every placement. */
  void clear();

  /** Keeps chunks away from planned executors {@code executors} where another holder exists. */
  void avoid(Set<Integer> executors);

  /** Runs home copies on their home executor alone ({@code home}), or on any holder. */
  void keepHome(boolean home);
}
