package org.flexcode.cli;

import static java.util.Map.entry;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.flexcode.aggregation.AggregationStrategy;

/**
 * Spark's param errors in the words of the command line: {@code flexcodeLogreg_3f2a parameter
 * maxIter given invalid value -1.} becomes {@code --iterations: invalid value -1 (expected >= 0)},
 * naming the flag the user typed, not the param or the Estimator's uid; a bad {@code --strategy}
 * lists the valid strategies. Other messages pass unchanged.
 */
final class OptionErrors {

  /** Spark's {@code Params.set} validation failure. */
  private static final Pattern SPARK_PARAM =
      Pattern.compile("^\\S+ parameter (\\w+) given invalid value (.*?)\\.?$", Pattern.DOTALL);

  /** The flag setting each Estimator param, and what it accepts. */
  private static final Map<String, String[]> FLAGS =
      Map.ofEntries(
          entry("maxIter", new String[] {"--iterations", "an integer >= 0"}),
          entry("regParam", new String[] {"--reg-param", ">= 0"}),
          entry("elasticNetParam", new String[] {"--elastic-net", "in [0, 1]"}),
          entry("tol", new String[] {"--tol", ">= 0"}),
          entry("stepSize", new String[] {"--step-size", "> 0"}),
          entry("solver", new String[] {"--solver", "auto, lbfgs or gd"}),
          entry("stragglerTolerance", new String[] {"--tolerance", "an integer >= 0"}),
          entry("ignoreCount", new String[] {"--ignore", "an integer >= 0"}),
          entry("shadowTasks", new String[] {"--shadows", "an integer >= 1"}),
          entry("shadowFraction", new String[] {"--shadow-fraction", "in (0, 1]"}),
          entry("shadowSelector", new String[] {"--selector", "entropy or random"}),
          entry("shadowLate", new String[] {"--shadow-late", "0, or >= 1"}),
          entry("numTasks", new String[] {"--tasks", "an integer >= 1"}),
          entry("rank", new String[] {"--rank", "an integer >= 1"}),
          entry("k", new String[] {"--k", "an integer > 1"}),
          entry("subsamplingRate", new String[] {"--mini-batch-fraction", "in (0, 1]"}),
          entry("learningOffset", new String[] {"--learning-offset", "> 0"}),
          entry("learningDecay", new String[] {"--learning-decay", "in (0.5, 1]"}),
          entry("docConcentration", new String[] {"--doc-concentration", "> 0"}),
          entry("topicConcentration", new String[] {"--topic-concentration", "> 0"}),
          entry("coldStartStrategy", new String[] {"--cold-start", "nan or drop"}));

  private OptionErrors() {}

  /** {@code message} with a Spark param error restated for the flag; else unchanged. */
  static String forFlags(String message) {
    if (message == null) {
      return null;
    }
    Matcher m = SPARK_PARAM.matcher(message.trim());
    if (!m.matches()) {
      return message;
    }
    String param = m.group(1);
    String value = m.group(2);
    if (param.equals("strategy")) {
      return "--strategy " + value + ": " + strategyProblem(value);
    }
    String[] flag = FLAGS.get(param);
    if (flag == null) {
      return "invalid value " + value + " for " + param;
    }
    return flag[0] + ": invalid value " + value + " (expected " + flag[1] + ")";
  }

  private static String strategyProblem(String value) {
    try {
      AggregationStrategy.parse(value);
      return "not a valid strategy";
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }
}
