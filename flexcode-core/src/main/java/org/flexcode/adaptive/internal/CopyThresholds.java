package org.flexcode.adaptive.internal;

import java.util.List;

/**
 * When {@code steal} copies a chunk that is still running (the engine's launches, and the model's
 * {@code steal} rule), measured from the launch of its only copy against the median
 * launch-to-arrival time m of the copies finished so far in the iteration, once at least {@link
 * #QUORUM} of the iteration's chunks are in (so m is the median of the whole iteration, not of its
 * fastest tasks; Spark's speculation waits for {@code spark.speculation.quantile} of the tasks the
 * same way: when most chunks are slow at once, the cluster is slow, not a straggler):
 *
 * <ul>
 *   <li>to any holder other than its executor once it has run over {@code late} x m (and at least
 *       {@link #MIN_RUNTIME_MS}): the late copy, on an idle holder, else on one still computing
 *       whose host has CPU to spare ({@link #spareCpu});
 *   <li>in an iteration whose home work runs as block tasks, also to an <em>idle</em> holder once
 *       it has run over {@link #IDLE_TAKEOVER} x m (at least {@link #MIN_RUNTIME_MS}), if that
 *       holder has CPU to spare ({@link #spareCpu}): other processes do not keep its host busy.
 * </ul>
 *
 * Why block tasks differ: a block task reports its chunks only when the whole block is done, so a
 * slow block shows no progress, and waiting {@code late} x the median block before copying its
 * chunks costs half a block on every straggling iteration; a holder with nothing left to do loses
 * nothing by taking them earlier, and the first copy of a chunk to finish counts. Unless other
 * executors share its host's cores and keep them busy: then the holder's idle cores are not free,
 * the copy takes CPU from the work it is meant to relieve, and a block only a little over the
 * median (the host's contention, not a straggler) is usually done before its copy. A chunk task is
 * short, so its late copy waits the full {@code late}.
 */
public final class CopyThresholds {

  /** No copy counts as late before it has run this long (as spark.speculation.minTaskRuntime). */
  public static final long MIN_RUNTIME_MS = 100;

  /** No copy is due before this share of the iteration's chunks is in. */
  public static final double QUORUM = 0.5;

  /** In block-task iterations, an idle holder takes a chunk run over this x the median. */
  public static final double IDLE_TAKEOVER = 1.1;

  /**
   * An executor whose host's CPU other processes keep busier than this share (0 to 1) has none to
   * spare: idle there, it takes no early copy. (Eight executors sharing two cores report about 0.87
   * each when computing; emulated compute, which sleeps, at most about 0.5.)
   */
  public static final double BUSY_WITH_OTHERS = 0.75;

  private final double anyHolderMs;
  private final double idleHolderMs;

  private CopyThresholds(double anyHolderMs, double idleHolderMs) {
    this.anyHolderMs = anyHolderMs;
    this.idleHolderMs = idleHolderMs;
  }

  /**
   * The thresholds of an iteration whose finished copies took {@code durations} (launch to arrival,
   * ms) out of {@code chunks} chunks, {@code blockHome} when its home work runs as block tasks;
   * null before any copy has finished.
   */
  public static CopyThresholds of(
      List<Long> durations, int chunks, double late, boolean blockHome) {
    if (durations.isEmpty()) {
      return null;
    }
    long median = durations.stream().sorted().toList().get(durations.size() / 2);
    return of(median, durations.size(), chunks, late, blockHome);
  }

  /**
   * The thresholds given the median duration {@code median} (ms) of the {@code finished} copies
   * finished so far, out of {@code chunks} chunks.
   */
  public static CopyThresholds of(
      double median, int finished, int chunks, double late, boolean blockHome) {
    if (!quorum(finished, chunks)) {
      return new CopyThresholds(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
    }
    double anyHolder = Math.max(MIN_RUNTIME_MS, late * median);
    double idleHolder =
        blockHome
            ? Math.min(anyHolder, Math.max(MIN_RUNTIME_MS, IDLE_TAKEOVER * median))
            : anyHolder;
    return new CopyThresholds(anyHolder, idleHolder);
  }

  /**
   * The multiple of the median by which a slow worker's running home work is done by copies (for
   * {@code auto}'s steal prediction): with one chunk per block a chunk is copied after {@code late}
   * x the median and the copy takes about one median more; with {@code chunksPerBlock} > 1 the home
   * work runs as block tasks, whose chunks idle holders take after {@link #IDLE_TAKEOVER} x the
   * median, each a 1 / {@code chunksPerBlock} share of a block (never later than the late copy).
   */
  public static double copiedByMultiple(double late, int chunksPerBlock) {
    return chunksPerBlock == 1
        ? late + 1
        : Math.min(late + 1, IDLE_TAKEOVER + 1.0 / chunksPerBlock);
  }

  /**
   * Whether an executor whose host's CPU other processes keep {@code othersCpuLoad} busy (0 to 1,
   * NaN if unknown: assumed free, as cores of its own are) can take an early copy without slowing
   * them.
   */
  public static boolean spareCpu(double othersCpuLoad) {
    return !(othersCpuLoad > BUSY_WITH_OTHERS);
  }

  /** Whether {@code finished} of the iteration's {@code chunks} chunks are enough for copies. */
  public static boolean quorum(int finished, int chunks) {
    return finished >= QUORUM * chunks;
  }

  /** Whether a copy that has run {@code ranMs} is due a copy on any other holder. */
  public boolean dueAnywhere(long ranMs) {
    return ranMs > anyHolderMs;
  }

  /** Whether a copy that has run {@code ranMs} is due a copy on an idle holder. */
  public boolean dueOnIdle(long ranMs) {
    return ranMs > idleHolderMs;
  }

  /**
   * The shortest run, in whole ms, that is {@link #dueOnIdle}: from then on a copy is due on an
   * idle holder; {@link Long#MAX_VALUE} before the quorum.
   */
  public long idleDueFromMs() {
    return dueFrom(idleHolderMs);
  }

  /** The shortest run, in whole ms, that is {@link #dueAnywhere}; as {@link #idleDueFromMs}. */
  public long anyDueFromMs() {
    return dueFrom(anyHolderMs);
  }

  private static long dueFrom(double thresholdMs) {
    return Double.isInfinite(thresholdMs) ? Long.MAX_VALUE : (long) Math.floor(thresholdMs) + 1;
  }

  /** The idle holders' threshold, ms (the log's). */
  public double idleHolderMs() {
    return idleHolderMs;
  }

  /** The any-holder threshold, ms (the log's). */
  public double anyHolderMs() {
    return anyHolderMs;
  }
}
