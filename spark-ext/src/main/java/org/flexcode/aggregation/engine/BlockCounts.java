package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;

/**
 * The records of each block (counted from the primaries) and of the shadows' selections, counted
 * once at setup; counting also fills the coded RDD's cache.
 */
public record BlockCounts(long[] blockRecords, long shadowRecords) {

  /** Counts the coded partitions of {@code coded}, whose primaries cover n blocks. */
  static <T> BlockCounts count(JavaRDD<CodedBlock<T>> coded, int n) {
    List<long[]> counts =
        coded
            .mapPartitions(
                (Iterator<CodedBlock<T>> blocks) -> {
                  List<long[]> out = new ArrayList<>();
                  while (blocks.hasNext()) {
                    CodedBlock<T> b = blocks.next();
                    out.add(new long[] {b.block(), b.records().size(), b.isSubset() ? 1 : 0});
                  }
                  return out.iterator();
                })
            .collect();
    long[] records = new long[n];
    long shadowRecords = 0;
    for (long[] c : counts) {
      if (c[2] == 0) {
        records[(int) c[0]] = c[1];
      } else {
        shadowRecords += c[1];
      }
    }
    return new BlockCounts(records, shadowRecords);
  }
}
