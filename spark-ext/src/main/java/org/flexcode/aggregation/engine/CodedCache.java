package org.flexcode.aggregation.engine;

import org.apache.spark.storage.StorageLevel;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.aggregation.TaskLayout;
import org.flexcode.entropy.internal.Colouring;
import org.flexcode.spark.internal.UninterruptedRelease;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An engine's coded data, named, persisted and cached by counting each block's records at setup. A
 * count that fails or is interrupted (the user cancels the fit during setup) releases what setup
 * cached before the error goes on, so a cancelled setup leaves no cached RDD behind.
 */
record CodedCache<T>(CodedRDD<T> coded, BlockCounts counts) {

  private static final Logger LOG = LoggerFactory.getLogger(CodedCache.class);

  /**
   * Lays {@code data} out as {@code layout} says (code {@code codeName}, copies at {@code
   * locations}), persists it at {@code level} and counts it; {@code strategy} names the strategy in
   * the log lines about shadows.
   */
  static <T> CodedCache<T> build(
      DataLayout<T> data,
      TaskLayout layout,
      String codeName,
      Colouring<T> colouring,
      String[] locations,
      StorageLevel level,
      String strategy) {
    ShadowSpec shadows = layout.shadows();
    if (shadows.count() > 0 && colouring == null) {
      LOG.warn(
          "FlexCode: {} without a colouring for these records: every record has one colour, so"
              + " the shadows' subsets are uniform random",
          strategy);
    }
    CodedRDD<T> coded = new CodedRDD<>(data.data().rdd(), layout, codeName, colouring, locations);
    coded.setName("FlexCode coded data, " + codeName);
    coded.persist(level);
    BlockCounts counts = countOrRelease(data, coded);
    if (shadows.count() > 0) {
      LOG.info(
          "FlexCode: {} shadow tasks hold {} selected records ({} selector, f={})",
          shadows.count(),
          counts.shadowRecords(),
          shadows.selector(),
          shadows.fraction());
    }
    return new CodedCache<>(coded, counts);
  }

  private static <T> BlockCounts countOrRelease(DataLayout<T> data, CodedRDD<T> coded) {
    try {
      return data.cache(coded, data.data().getNumPartitions());
    } catch (RuntimeException | Error e) {
      try {
        UninterruptedRelease.runAll("a failed setup", () -> coded.unpersist(false), data::close);
      } catch (RuntimeException releaseFailed) {
        e.addSuppressed(releaseFailed);
      }
      throw e;
    }
  }
}
