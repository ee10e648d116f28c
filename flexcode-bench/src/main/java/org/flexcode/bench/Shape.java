package org.flexcode.bench;

import org.flexcode.cli.Args;

/**
 * The cluster shape a bench asks for: {@code --executors M} executors of {@code --cores C} cores (4
 * x 1 when neither is given, as the bench always ran). It sets the default master ({@code
 * local-cluster[M,C,1024]}; {@code flexcode-submit bench} starts a standalone cluster of M workers
 * of C cores instead), the default number of tasks (M x C when either flag is given, else 8) and
 * how many executors the bench waits for.
 *
 * @param executors executors (M)
 * @param cores cores per executor (C)
 * @param given whether {@code --executors} or {@code --cores} was given
 */
record Shape(int executors, int cores, boolean given) {

  /** Checks the counts. */
  Shape {
    if (executors < 1 || cores < 1) {
      throw new IllegalArgumentException(
          "--executors and --cores must be >= 1, got " + executors + " and " + cores);
    }
  }

  /** The shape of the bench's options. */
  static Shape of(Args args) {
    return new Shape(
        args.integer("executors", 4),
        args.integer("cores", 1),
        args.has("executors") || args.has("cores"));
  }

  /** The default master: M executor JVMs of C cores, 1 GB each. */
  String localCluster() {
    return "local-cluster[" + executors + "," + cores + ",1024]";
  }

  /** The default number of tasks: M x C when the shape was given, else 8 as before. */
  int defaultPartitions() {
    return given ? executors * cores : 8;
  }
}
