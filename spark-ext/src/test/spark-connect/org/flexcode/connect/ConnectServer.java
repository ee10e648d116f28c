package org.flexcode.connect;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connect.service.SparkConnectService$;

/**
 * Spark's Connect server, started in this JVM on a loopback port (local[2]) with {@code
 * spark.connect.ml.backend.classes=org.flexcode.connect.FlexCodeBackend}, and a record of every
 * FlexCode iteration job it ran: its description, its job tags (Connect tags each job with its
 * operation, session and user) and when it started.
 */
final class ConnectServer implements AutoCloseable {

  /** A FlexCode iteration job as a listener saw it start. */
  record EngineJob(String description, Set<String> tags, long startMs) {

    /** Whether an operation of Connect session {@code sessionId} ran this job. */
    boolean ofSession(String sessionId) {
      String operation = "SparkConnect_OperationTag_User_" + ConnectClient.USER + "_Session_";
      return tags.stream().anyMatch(t -> t.startsWith(operation + sessionId + "_Operation_"));
    }

    /** The Connect operation tag of this job (one per ExecutePlan request). */
    String operation() {
      return tags.stream()
          .filter(t -> t.startsWith("SparkConnect_OperationTag_"))
          .findFirst()
          .orElse("");
    }
  }

  private final SparkSession spark;
  private final List<EngineJob> engineJobs = new CopyOnWriteArrayList<>();

  private ConnectServer(SparkSession spark) {
    this.spark = spark;
  }

  /** Starts a session named {@code appName} with {@code conf} added, and the server on it. */
  static ConnectServer start(String appName, Map<String, String> conf) {
    SparkConf sparkConf =
        new SparkConf()
            .setMaster("local[2]")
            .setAppName(appName)
            .set("spark.ui.enabled", "false")
            .set("spark.driver.host", "127.0.0.1")
            .set("spark.driver.bindAddress", "127.0.0.1")
            .set("spark.sql.shuffle.partitions", "4")
            .set("spark.connect.grpc.binding.address", "127.0.0.1")
            .set("spark.connect.grpc.binding.port", "0")
            .set("spark.connect.ml.backend.classes", FlexCodeBackend.class.getName());
    conf.forEach(sparkConf::set);
    ConnectServer server =
        new ConnectServer(SparkSession.builder().config(sparkConf).getOrCreate());
    SparkContext sc = server.spark.sparkContext();
    sc.setLogLevel("WARN");
    sc.addSparkListener(server.new EngineJobRecorder());
    SparkConnectService$.MODULE$.start(sc);
    return server;
  }

  /** The server's own session (classic mode). */
  SparkSession spark() {
    return spark;
  }

  /** A client of a new session on this server. */
  ConnectClient newClient() {
    return new ConnectClient(SparkConnectService$.MODULE$.localPort());
  }

  /** The FlexCode iteration jobs started so far, once the listeners have seen every event. */
  List<EngineJob> engineJobs() {
    drainListenerBus();
    return List.copyOf(engineJobs);
  }

  /** The FlexCode iteration jobs of session {@code sessionId} started so far. */
  List<EngineJob> engineJobsOf(String sessionId) {
    return engineJobs().stream().filter(j -> j.ofSession(sessionId)).toList();
  }

  /** Forgets the jobs recorded so far. */
  void clearEngineJobs() {
    drainListenerBus();
    engineJobs.clear();
  }

  private void drainListenerBus() {
    try {
      spark.sparkContext().listenerBus().waitUntilEmpty();
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("the listener bus did not drain", e);
    }
  }

  @Override
  public void close() {
    SparkConnectService$ server = SparkConnectService$.MODULE$;
    server.stop(server.stop$default$1(), server.stop$default$2());
    spark.stop();
  }

  /** Records the jobs whose description starts with {@code FlexCode }. */
  private final class EngineJobRecorder extends SparkListener {
    @Override
    public void onJobStart(SparkListenerJobStart start) {
      String description = start.properties().getProperty("spark.job.description");
      if (description != null && description.startsWith("FlexCode ")) {
        String tags = start.properties().getProperty("spark.job.tags", "");
        engineJobs.add(
            new EngineJob(
                description,
                Arrays.stream(tags.split(",")).collect(Collectors.toUnmodifiableSet()),
                start.time()));
      }
    }
  }
}
