package org.flexcode.adaptive.internal;

/**
 * Where {@code steal} and {@code auto} cache the copies of a chunk: the one placement the engine's
 * chunk-copies layout and the model's steal simulation both use.
 *
 * <p>A block is cut into pieces (chunks); piece p of a block whose home is executor h keeps copy 0
 * on h and copy k >= 1 on executor (h + 1 + ((p + k - 1) mod (M - 1))) mod M, M the executors. So a
 * chunk's r copies sit on r distinct executors when r <= M, and the pieces of one block have their
 * other copies on different neighbours: when an executor straggles, several others can take its
 * chunks. With one executor (local mode) every copy sits on it.
 */
public final class ChunkPlacement {

  private ChunkPlacement() {}

  /**
   * The executor (0 .. M - 1) holding copy {@code copy} of piece {@code piece} of a block whose
   * home is {@code home}: {@code home} for copy 0 or one executor, else (home + 1 + ((piece + copy
   * - 1) mod (executors - 1))) mod executors.
   *
   * @param home the block's home executor, 0 .. executors - 1
   * @param piece the chunk's index within its block, >= 0
   * @param copy the copy, 0 (the home copy) or more
   * @param executors M, >= 1
   */
  public static int holderOf(int home, int piece, int copy, int executors) {
    if (executors < 1 || home < 0 || home >= executors || piece < 0 || copy < 0) {
      throw new IllegalArgumentException(
          "chunk placement: need 0 <= home < executors and piece, copy >= 0, got home "
              + home
              + ", piece "
              + piece
              + ", copy "
              + copy
              + ", executors "
              + executors);
    }
    if (copy == 0 || executors == 1) {
      return home;
    }
    return (home + 1 + (piece + copy - 1) % (executors - 1)) % executors;
  }
}
