package org.flexcode.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.internal.config.ConfigEntry;
import org.apache.spark.internal.config.package$;

/**
 * The running Spark version's defaults of the confs the bench's baselines change, read from Spark's
 * own config entries (Spark 4 changed speculation's multiplier from 1.5 to 3 and its quantile from
 * 0.75 to 0.9). The bench's one use of Spark's {@code private[spark]} config objects, public in
 * bytecode.
 */
final class SparkConfDefaults {

  private SparkConfDefaults() {}

  /** spark.speculation.multiplier, .quantile and .minTaskRuntime at their defaults. */
  static Map<String, String> speculation() {
    package$ config = package$.MODULE$;
    Map<String, String> defaults = new LinkedHashMap<>();
    for (ConfigEntry<?> entry :
        List.<ConfigEntry<?>>of(
            config.SPECULATION_MULTIPLIER(),
            config.SPECULATION_QUANTILE(),
            config.SPECULATION_MIN_THRESHOLD())) {
      defaults.put(entry.key(), entry.defaultValueString());
    }
    return defaults;
  }
}
