package org.flexcode.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cluster shape a bench report ran on: M executors of C cores and n tasks per iteration. Read,
 * in this order, from the report's {@code model.cluster} (written by {@link ModelColumns}), from
 * the params {@code executors}, {@code cores} and {@code tasks} or {@code partitions}, and from the
 * master URL: {@code local-cluster[M,C,mem]} gives M x C, {@code local[N]} one executor of N cores,
 * and a {@code spark://} master the four one-core workers {@code flexcode-submit bench} starts.
 */
record BenchShape(int executors, int cores, int tasks) {

  private static final Pattern LOCAL_CLUSTER =
      Pattern.compile("local-cluster\\[\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,.*\\]");
  private static final Pattern LOCAL = Pattern.compile("local\\[(\\d+|\\*)\\]");

  /** Validates. */
  BenchShape {
    if (executors < 1 || cores < 1 || tasks < 1) {
      throw new IllegalArgumentException(
          "a cluster shape needs executors, cores and tasks >= 1, got "
              + executors
              + " x "
              + cores
              + ", "
              + tasks
              + " tasks");
    }
  }

  /** The shape of the report {@code root}. */
  static BenchShape of(JsonNode root) {
    JsonNode cluster = root.path("model").path("cluster");
    if (cluster.has("executors")) {
      return new BenchShape(
          cluster.get("executors").asInt(),
          cluster.get("cores").asInt(),
          cluster.get("tasks").asInt());
    }
    JsonNode params = root.path("params");
    JsonNode workload = root.path("workload");
    int[] fromMaster = ofMaster(workload.path("master").asText(""));
    int executors = intOf(params, "executors", fromMaster[0]);
    int cores = intOf(params, "cores", fromMaster[1]);
    int partitions = intOf(workload, "partitions", intOf(params, "partitions", executors * cores));
    return new BenchShape(executors, cores, intOf(params, "tasks", partitions));
  }

  /** Executors and cores of a master URL ({@code spark://}: flexcode-submit's four one-core). */
  static int[] ofMaster(String master) {
    Matcher m = LOCAL_CLUSTER.matcher(master);
    if (m.matches()) {
      return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }
    m = LOCAL.matcher(master);
    if (m.matches()) {
      String n = m.group(1);
      return new int[] {
        1, n.equals("*") ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(n)
      };
    }
    return master.equals("local") ? new int[] {1, 1} : new int[] {4, 1};
  }

  private static int intOf(JsonNode node, String key, int fallback) {
    JsonNode v = node.get(key);
    if (v == null || v.isNull()) {
      return fallback;
    }
    return v.isNumber() ? v.asInt() : Integer.parseInt(v.asText().trim());
  }
}
