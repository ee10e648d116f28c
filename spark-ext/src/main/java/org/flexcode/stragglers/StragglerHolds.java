package org.flexcode.stragglers;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link StragglerPlugin}'s driver side: checks {@code spark.flexcode.stragglers} when the
 * application starts (a bad spec stops it with one line naming the key), collects the holds the
 * executors report, and logs per executor how many tasks it held and for how long when the
 * application ends.
 */
public final class StragglerHolds implements DriverPlugin {

  private static final Logger LOG = LoggerFactory.getLogger(StragglerHolds.class);

  /** The pattern's key, shared with the engine's injector. */
  public static final String PATTERN_KEY = "spark.flexcode.stragglers";

  /** The seed's key. */
  public static final String SEED_KEY = "spark.flexcode.stragglers.seed";

  private static final long DEFAULT_SEED = 7L;
  private static final int KEPT = 100_000;
  private static final List<Held> HELD = Collections.synchronizedList(new ArrayList<>());

  /**
   * One task held back.
   *
   * @param executor the executor's id
   * @param stage the task's stage (the iteration the pattern drew for)
   * @param partition the task's partition
   * @param factor the pattern's factor
   * @param ranMs how long the task computed
   * @param heldMs how long it was held back after
   */
  public record Held(
      String executor, int stage, int partition, double factor, long ranMs, long heldMs)
      implements Serializable {}

  @Override
  public Map<String, String> init(SparkContext sc, PluginContext pluginContext) {
    StragglerPattern pattern = pattern(sc.getConf());
    LOG.info(
        "FlexCode straggler plugin: every task outside FlexCode's engine runs under {} (seed {}),"
            + " one draw per executor and stage",
        pattern == null ? "no pattern (" + PATTERN_KEY + " is not set)" : pattern.spec(),
        seed(sc.getConf()));
    return Map.of();
  }

  @Override
  public Object receive(Object message) {
    if (message instanceof Held held && HELD.size() < KEPT) {
      HELD.add(held);
    }
    return null;
  }

  @Override
  public void shutdown() {
    Map<String, long[]> byExecutor = new TreeMap<>();
    synchronized (HELD) {
      for (Held held : HELD) {
        long[] tally = byExecutor.computeIfAbsent(held.executor(), e -> new long[2]);
        tally[0]++;
        tally[1] += held.heldMs();
      }
    }
    byExecutor.forEach(
        (executor, tally) ->
            LOG.info(
                "FlexCode straggler plugin: executor {} held {} task(s), {} ms in all",
                executor,
                tally[0],
                tally[1]));
  }

  /** The holds reported to this driver so far (at most 100,000), in arrival order. */
  public static List<Held> held() {
    synchronized (HELD) {
      return List.copyOf(HELD);
    }
  }

  /** Forgets the holds reported so far. */
  public static void clear() {
    HELD.clear();
  }

  /** The pattern {@code conf} sets, or null without one; a bad spec names the key. */
  static StragglerPattern pattern(SparkConf conf) {
    if (!conf.contains(PATTERN_KEY)) {
      return null;
    }
    try {
      return StragglerPattern.parse(conf.get(PATTERN_KEY));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(PATTERN_KEY + ": " + e.getMessage(), e);
    }
  }

  static long seed(SparkConf conf) {
    String text = conf.get(SEED_KEY, Long.toString(DEFAULT_SEED)).trim();
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SEED_KEY + " must be an integer, got '" + text + "'", e);
    }
  }
}
