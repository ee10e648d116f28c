package org.flexcode.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.connect.proto.Expression;
import org.apache.spark.connect.proto.MlParams;
import org.flexcode.aggregation.EngineTestHooks;
import org.flexcode.spark.internal.SparkInternals;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sparkproject.connect.grpc.StatusRuntimeException;

/**
 * One Spark Connect server shared by several client sessions, as a team's server is: a client's
 * interrupt ({@code interruptAll} of its session, {@code interruptTag} of a tag it set) ends its
 * running FlexCode fit within a few seconds and leaves no FlexCode cached RDD, model broadcast or
 * listener behind; and each session's {@code spark.flexcode.*} settings reach its own fits only,
 * also while another session fits at the same time. Runs in the {@code spark-connect} profile.
 */
@Tag("spark")
class FlexCodeSharedServerConnectTest {

  private static final String STOCK_LR = "org.apache.spark.ml.classification.LogisticRegression";
  private static final String SERVER_STRATEGY = "ignore:b=1";

  /** How long after the interrupt the client's fit call must have failed. */
  private static final long INTERRUPT_BOUND_MS = 5_000;

  private static ConnectServer server;
  private final Set<Long> modelBroadcasts = ConcurrentHashMap.newKeySet();
  private final ExecutorService fits = Executors.newCachedThreadPool();

  @BeforeAll
  static void startServer() {
    server =
        ConnectServer.start(
            "FlexCodeSharedServerConnectTest", Map.of("spark.flexcode.strategy", SERVER_STRATEGY));
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @AfterEach
  void clearHooks() {
    EngineTestHooks.clear();
    fits.shutdownNow();
  }

  /** How the client interrupts its running fit. */
  enum Interrupt {
    ALL,
    TAG;

    List<String> send(ConnectClient client, String tag) {
      return this == ALL ? client.interruptAll() : client.interruptTag(tag);
    }
  }

  @ParameterizedTest(name = "{0} via interrupt {1}")
  @CsvSource({
    "bsp,ALL",
    "ignore:b=1,TAG",
    "cyclic:s=1,TAG",
    "gcdc,ALL",
    "shadow,TAG",
    "steal,TAG",
    "ssp,ALL",
    "auto:exact=true,ALL"
  })
  void theClientsInterruptEndsItsFitAndLeavesNothingBehind(String strategy, Interrupt interrupt)
      throws Exception {
    SparkContext sc = server.spark().sparkContext();
    EngineTestHooks.watchBroadcasts(modelBroadcasts::add);
    Set<Integer> persistedBefore = persistedIds(sc);
    int listenersBefore = flexCodeListeners(sc);
    try (ConnectClient client = server.newClient()) {
      client.setConf("spark.flexcode.strategy", strategy);
      client.setConf("spark.flexcode.solver", "gd"); // with tol 0: runs until maxIter
      if (strategy.startsWith("gcdc")) {
        client.setConf("spark.flexcode.numTasks", "4"); // gcdc s=1, clusters=2: 4 tasks, 2 cores
      }
      client.addTag("long-fit");
      Future<StatusRuntimeException> fit = fitInBackground(client, 100_000);
      awaitTrue(() -> server.engineJobsOf(client.sessionId()).size() >= 3, "3 iterations ran");

      long interruptNanos = System.nanoTime();
      List<String> interrupted = interrupt.send(client, "long-fit");
      StatusRuntimeException error = fit.get(60, TimeUnit.SECONDS);
      long endedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - interruptNanos);
      long endedAtMs = System.currentTimeMillis();

      System.out.printf(
          "Connect interrupt %s of a %s fit: the fit call failed %d ms after it%n",
          interrupt, strategy, endedMs);
      assertEquals(1, interrupted.size(), "operations interrupted: " + interrupted);
      assertNotNull(error, strategy + ": the fit returned a model after the interrupt");
      assertTrue(error.getMessage().contains("OPERATION_CANCELED"), "the fit's error: " + error);
      assertTrue(
          endedMs < INTERRUPT_BOUND_MS,
          strategy + ": the fit call ended " + endedMs + " ms after the interrupt");
      List<ConnectServer.EngineJob> jobs = server.engineJobsOf(client.sessionId());
      assertTrue(
          jobs.stream().allMatch(j -> j.startMs() <= endedAtMs),
          "an iteration job started after the fit ended: " + jobs);
      assertTrue(
          jobs.stream().allMatch(j -> j.description().contains("(" + strategyLabel(strategy))),
          "the session's strategy " + strategy + ": " + jobs);
    }
    assertReleased(sc, persistedBefore, strategy);
    assertEquals(listenersBefore, flexCodeListeners(sc), "FlexCode listeners still registered");
    assertFalse(modelBroadcasts.isEmpty(), "no model broadcast was watched");
    awaitTrue(
        () -> modelBroadcasts.stream().noneMatch(SparkInternals::isBroadcastLive),
        "the model broadcasts released");
  }

  @Test
  void concurrentSessionsFitWithTheirOwnStrategy() throws Exception {
    SparkContext sc = server.spark().sparkContext();
    Set<Integer> persistedBefore = persistedIds(sc);
    try (ConnectClient a = server.newClient();
        ConnectClient b = server.newClient()) {
      a.setConf("spark.flexcode.strategy", "bsp");
      a.setConf("spark.flexcode.solver", "gd");
      a.addTag("a-long-fit");
      Future<StatusRuntimeException> longFit = fitInBackground(a, 100_000);
      awaitTrue(() -> server.engineJobsOf(a.sessionId()).size() >= 2, "session A fits");

      b.setConf("spark.flexcode.strategy", "cyclic:s=1");
      b.fit(STOCK_LR, params(10), FlexCodeBackendConnectTest.a9a());
      List<ConnectServer.EngineJob> bJobs = server.engineJobsOf(b.sessionId());
      assertFalse(bJobs.isEmpty(), "session B's fit ran no iteration job");
      long bFirst = bJobs.get(0).startMs();
      long bLast = bJobs.get(bJobs.size() - 1).startMs();
      awaitTrue(
          () -> server.engineJobsOf(a.sessionId()).stream().anyMatch(j -> j.startMs() > bLast),
          "session A's fit goes on after B's");
      assertFalse(longFit.isDone(), "session A's fit ended while B's ran");
      assertTrue(
          server.engineJobsOf(a.sessionId()).stream().anyMatch(j -> j.startMs() < bFirst),
          "session A's fit ran before B's started");
      assertEquals(1, a.interruptTag("a-long-fit").size(), "session A's operations interrupted");
      assertNotNull(longFit.get(60, TimeUnit.SECONDS), "session A's interrupted fit");
      a.removeTag("a-long-fit");
      int aJobsBefore = server.engineJobsOf(a.sessionId()).size();
      a.fit(STOCK_LR, params(5), FlexCodeBackendConnectTest.a9a());

      List<ConnectServer.EngineJob> aJobs = server.engineJobsOf(a.sessionId());
      assertTrue(aJobs.size() > aJobsBefore, "session A's second fit ran no iteration job");
      assertTrue(
          aJobs.stream().allMatch(j -> j.description().contains("(bsp)")),
          "every fit of session A is bsp: " + aJobs);
      assertTrue(
          bJobs.stream().allMatch(j -> j.description().contains("(cyclic s=1)")),
          "session B's fit is cyclic s=1: " + bJobs);
    }
    assertEquals(
        SERVER_STRATEGY,
        server.spark().conf().get("spark.flexcode.strategy"),
        "the server's own session conf");
    assertReleased(sc, persistedBefore, "session A's bsp");
  }

  private Future<StatusRuntimeException> fitInBackground(ConnectClient client, int maxIter) {
    return fits.submit(
        () -> {
          try {
            client.fit(STOCK_LR, params(maxIter), FlexCodeBackendConnectTest.a9a());
            return null;
          } catch (StatusRuntimeException e) {
            return e;
          }
        });
  }

  private static MlParams params(int maxIter) {
    return MlParams.newBuilder()
        .putParams("maxIter", Expression.Literal.newBuilder().setInteger(maxIter).build())
        .putParams("tol", Expression.Literal.newBuilder().setDouble(0.0).build())
        .putParams("regParam", Expression.Literal.newBuilder().setDouble(0.01).build())
        .build();
  }

  /** The strategy as the iteration jobs' descriptions name it, up to its parameters. */
  private static String strategyLabel(String strategy) {
    return strategy.split(":")[0];
  }

  private static Set<Integer> persistedIds(SparkContext sc) {
    return Set.copyOf(JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().keySet());
  }

  /** The RDDs persisted now and not in {@code before}, by name (the engine's start "FlexCode"). */
  private static List<String> persistedSince(SparkContext sc, Set<Integer> before) {
    return JavaSparkContext.fromSparkContext(sc).getPersistentRDDs().entrySet().stream()
        .filter(e -> !before.contains(e.getKey()))
        .map(e -> e.getKey() + " " + e.getValue().name())
        .toList();
  }

  /**
   * The fit's cached RDDs are released: Connect may answer the interrupted call (a reattach of the
   * interrupted operation) while the operation's thread still runs the fit's cleanup, so the
   * release is awaited for {@link #INTERRUPT_BOUND_MS}; a failure shows the stacks of Connect's
   * operation threads and of every thread in FlexCode's code.
   */
  private static void assertReleased(SparkContext sc, Set<Integer> before, String strategy)
      throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + TimeUnit.MILLISECONDS.toNanos(INTERRUPT_BOUND_MS);
    while (!persistedSince(sc, before).isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20); // the server's cleanup, seen from a client: polled to a deadline
    }
    List<String> left = persistedSince(sc, before);
    System.out.printf(
        "Connect interrupt of a %s fit: its RDDs released %d ms after the call failed%n",
        strategy, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    assertEquals(
        List.of(), left, "RDDs the fit left persisted; Connect threads: " + connectStacks());
  }

  private static String connectStacks() {
    StringBuilder stacks = new StringBuilder();
    Thread.getAllStackTraces()
        .forEach(
            (thread, frames) -> {
              boolean flexCode =
                  java.util.Arrays.stream(frames)
                      .anyMatch(f -> f.getClassName().startsWith("org.flexcode."));
              if (thread.getName().startsWith("SparkConnectExecuteThread") || flexCode) {
                stacks.append(System.lineSeparator()).append(thread.getName());
                for (StackTraceElement frame : frames) {
                  stacks.append(System.lineSeparator()).append("    at ").append(frame);
                }
              }
            });
    return stacks.toString();
  }

  private static int flexCodeListeners(SparkContext sc) {
    return (int)
        sc.listenerBus().listeners().stream()
            .map(l -> l.getClass().getName())
            .filter(name -> name.startsWith("org.flexcode.") && !name.contains(".connect."))
            .count();
  }

  private static void awaitTrue(BooleanSupplier condition, String what)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 120_000;
    while (!condition.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("not within 120 s: " + what);
      }
      Thread.sleep(50); // the server's state, seen from a client: polled to a deadline
    }
  }
}
