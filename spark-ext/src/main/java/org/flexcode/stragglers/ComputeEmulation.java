package org.flexcode.stragglers;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;
import org.flexcode.spark.internal.SparkInternals;
import org.flexcode.spec.SpecTable;
import org.flexcode.spec.SpecText;

/**
 * How tasks spend their compute: {@code real} (default: only the real computation) or {@code
 * emulated:block-ms=T} (dedicated cores emulated: on top of its real computation, a task sleeps T
 * ms x (its records / a block's records) x its executor's straggler factor, interruptibly). Read
 * from the session conf key {@code spark.flexcode.compute} through the shared spec grammar; the
 * {@link StragglerInjector} applies it to FlexCode's tasks and to wrapped inputs (MLlib's) alike.
 *
 * <p>A block's records are {@code block-records=R} when given, else the mean partition of the input
 * a task reads: for FlexCode's engine a task computing s + 1 whole blocks sleeps s + 1 times T; a
 * wrapped input's reference is its mean partition size (or the value given to {@link
 * StragglerInjector#wrap(org.apache.spark.api.java.JavaRDD, long)}).
 *
 * @param blockMs emulated ms of compute per block, 0 for real compute
 * @param blockRecords records of one block, 0 for "the input's mean partition"
 */
public record ComputeEmulation(long blockMs, long blockRecords) implements Serializable {

  /** The Spark conf key. */
  public static final String KEY = "spark.flexcode.compute";

  /** The specs {@link #parse} accepts. */
  public static final String KNOWN = "real, emulated:block-ms=500[,block-records=R]";

  private static final SpecTable<ComputeEmulation> TABLE =
      SpecTable.<ComputeEmulation>of("compute mode", KNOWN)
          .with("real", List.of(), spec -> real())
          .with(
              "emulated",
              List.of("block-ms", "block-records"),
              spec -> {
                long ms = spec.longInteger("block-ms", 500);
                if (ms <= 0) {
                  throw spec.error("block-ms must be > 0, got " + ms, null);
                }
                return new ComputeEmulation(ms, spec.longInteger("block-records", 0));
              });

  /** Validates. */
  public ComputeEmulation {
    if (blockMs < 0) {
      throw new IllegalArgumentException("compute mode: block-ms must be >= 0, got " + blockMs);
    }
    if (blockRecords < 0) {
      throw new IllegalArgumentException(
          "compute mode: block-records must be >= 0, got " + blockRecords);
    }
  }

  /** Real compute only. */
  public static ComputeEmulation real() {
    return new ComputeEmulation(0, 0);
  }

  /** Parses {@code real} or {@code emulated:block-ms=T[,block-records=R]}. */
  public static ComputeEmulation parse(String spec) {
    return TABLE.parse(spec);
  }

  /** The mode set by {@link #KEY} in {@code conf}, real when absent. */
  public static ComputeEmulation fromConf(SparkConf conf) {
    return fromText(conf.get(KEY, "real"));
  }

  /**
   * The mode of the active (else default) session: its runtime conf, which falls back to the
   * SparkContext's; real when there is no session (as on executors). A session whose SparkContext
   * has stopped (a thread's active session outlives its application) does not count.
   */
  public static ComputeEmulation active() {
    java.util.Optional<SparkSession> session = SparkInternals.liveSession();
    if (session.isEmpty()) {
      return SparkInternals.activeConf().map(ComputeEmulation::fromConf).orElse(real());
    }
    scala.Option<String> value = session.get().conf().getOption(KEY);
    return value.isDefined() ? fromText(value.get()) : real();
  }

  private static ComputeEmulation fromText(String text) {
    try {
      return parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(KEY + ": " + e.getMessage(), e);
    }
  }

  /** Whether tasks sleep an emulated compute time. */
  public boolean isEmulated() {
    return blockMs > 0;
  }

  /** This mode with {@code records} as a block's records (a no-op when R is fixed already). */
  ComputeEmulation withReference(long records) {
    return blockRecords > 0 ? this : new ComputeEmulation(blockMs, records);
  }

  /** The emulated ms for {@code blocks} blocks' worth of records at straggler factor {@code f}. */
  long sleepMs(double blocks, double factor) {
    return isEmulated() ? Math.round(blockMs * blocks * factor) : 0;
  }

  /** The canonical spec; {@link #parse} reads it back. */
  public String spec() {
    return isEmulated()
        ? SpecText.of("emulated")
            .with("block-ms", blockMs)
            .withIf(blockRecords > 0, "block-records", blockRecords)
            .toString()
        : "real";
  }
}
