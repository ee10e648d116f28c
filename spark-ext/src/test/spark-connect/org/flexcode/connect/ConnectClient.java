package org.flexcode.connect;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.TimeUnit;
import org.apache.spark.connect.proto.Command;
import org.apache.spark.connect.proto.ConfigRequest;
import org.apache.spark.connect.proto.ExecutePlanRequest;
import org.apache.spark.connect.proto.ExecutePlanResponse;
import org.apache.spark.connect.proto.Expression;
import org.apache.spark.connect.proto.Fetch;
import org.apache.spark.connect.proto.Filter;
import org.apache.spark.connect.proto.InterruptRequest;
import org.apache.spark.connect.proto.KeyValue;
import org.apache.spark.connect.proto.MlCommand;
import org.apache.spark.connect.proto.MlCommandResult;
import org.apache.spark.connect.proto.MlOperator;
import org.apache.spark.connect.proto.MlParams;
import org.apache.spark.connect.proto.MlRelation;
import org.apache.spark.connect.proto.ObjectRef;
import org.apache.spark.connect.proto.Plan;
import org.apache.spark.connect.proto.Project;
import org.apache.spark.connect.proto.Read;
import org.apache.spark.connect.proto.Relation;
import org.apache.spark.connect.proto.Repartition;
import org.apache.spark.connect.proto.SparkConnectServiceGrpc;
import org.apache.spark.connect.proto.UserContext;
import org.sparkproject.connect.grpc.ManagedChannel;
import org.sparkproject.connect.grpc.netty.NettyChannelBuilder;

/**
 * A Spark Connect client at the protocol level, as PySpark's {@code pyspark.ml} talks to the
 * server: plans and ML commands built from the protocol classes Spark ships, sent over gRPC to one
 * session.
 */
final class ConnectClient implements AutoCloseable {

  /** The user id every request names. */
  static final String USER = "flexcode-test";

  private static final String CLIENT_TYPE = "flexcode-protocol-test";

  private final ManagedChannel channel;
  private final SparkConnectServiceGrpc.SparkConnectServiceBlockingStub stub;
  private final String sessionId = UUID.randomUUID().toString();
  private final Set<String> tags = new CopyOnWriteArraySet<>();

  ConnectClient(int port) {
    channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    stub = SparkConnectServiceGrpc.newBlockingStub(channel);
  }

  /** The id of this client's session on the server. */
  String sessionId() {
    return sessionId;
  }

  /** Tags the operations this client starts from now on with {@code tag}, as {@code addTag}. */
  void addTag(String tag) {
    tags.add(tag);
  }

  /** Stops tagging operations with {@code tag}. */
  void removeTag(String tag) {
    tags.remove(tag);
  }

  /** Sets {@code key} to {@code value} in this client's session conf, as {@code spark.conf.set}. */
  void setConf(String key, String value) {
    ConfigRequest.Set set =
        ConfigRequest.Set.newBuilder()
            .addPairs(KeyValue.newBuilder().setKey(key).setValue(value))
            .build();
    stub.config(
        ConfigRequest.newBuilder()
            .setSessionId(sessionId)
            .setUserContext(user())
            .setClientType(CLIENT_TYPE)
            .setOperation(ConfigRequest.Operation.newBuilder().setSet(set))
            .build());
  }

  /** Interrupts every operation of this client's session, as {@code interruptAll}; their ids. */
  List<String> interruptAll() {
    return interrupt(
        InterruptRequest.newBuilder()
            .setInterruptType(InterruptRequest.InterruptType.INTERRUPT_TYPE_ALL));
  }

  /** Interrupts the operations of this client's session tagged {@code tag}; their ids. */
  List<String> interruptTag(String tag) {
    return interrupt(
        InterruptRequest.newBuilder()
            .setInterruptType(InterruptRequest.InterruptType.INTERRUPT_TYPE_TAG)
            .setOperationTag(tag));
  }

  private List<String> interrupt(InterruptRequest.Builder request) {
    return stub.interrupt(
            request
                .setSessionId(sessionId)
                .setUserContext(user())
                .setClientType(CLIENT_TYPE)
                .build())
        .getInterruptedIdsList();
  }

  /** A relation reading {@code path} with the data source {@code format} and its options. */
  static Relation read(String format, String path, Map<String, String> options) {
    Read.DataSource source =
        Read.DataSource.newBuilder()
            .setFormat(format)
            .putAllOptions(options)
            .addPaths(path)
            .build();
    return Relation.newBuilder().setRead(Read.newBuilder().setDataSource(source)).build();
  }

  /** {@code input} projected onto SQL expressions. */
  static Relation select(Relation input, String... expressions) {
    Project.Builder project = Project.newBuilder().setInput(input);
    for (String e : expressions) {
      project.addExpressions(sql(e));
    }
    return Relation.newBuilder().setProject(project).build();
  }

  /** {@code input} shuffled into {@code partitions} partitions. */
  static Relation repartition(Relation input, int partitions) {
    return Relation.newBuilder()
        .setRepartition(
            Repartition.newBuilder().setInput(input).setNumPartitions(partitions).setShuffle(true))
        .build();
  }

  /** The rows of {@code input} where the SQL condition holds. */
  static Relation where(Relation input, String condition) {
    return Relation.newBuilder()
        .setFilter(Filter.newBuilder().setInput(input).setCondition(sql(condition)))
        .build();
  }

  /** The model {@code modelRef} applied to {@code input}. */
  static Relation transform(String modelRef, Relation input) {
    MlRelation.Transform transform =
        MlRelation.Transform.newBuilder()
            .setObjRef(ObjectRef.newBuilder().setId(modelRef))
            .setInput(input)
            .setParams(MlParams.getDefaultInstance())
            .build();
    return Relation.newBuilder()
        .setMlRelation(MlRelation.newBuilder().setTransform(transform))
        .build();
  }

  /** Fits the estimator class {@code estimator} with {@code params}; the model's object id. */
  String fit(String estimator, MlParams params, Relation data) {
    MlOperator operator =
        MlOperator.newBuilder()
            .setName(estimator)
            .setUid("connectTest_" + UUID.randomUUID().toString().substring(0, 8))
            .setType(MlOperator.OperatorType.OPERATOR_TYPE_ESTIMATOR)
            .build();
    MlCommand fit =
        MlCommand.newBuilder()
            .setFit(
                MlCommand.Fit.newBuilder()
                    .setEstimator(operator)
                    .setParams(params)
                    .setDataset(data))
            .build();
    return ml(fit).getOperatorInfo().getObjRef().getId();
  }

  /** The value of the chain of no-argument methods {@code methods} on object {@code ref}. */
  Expression.Literal fetch(String ref, String... methods) {
    Fetch.Builder fetch = Fetch.newBuilder().setObjRef(ObjectRef.newBuilder().setId(ref));
    for (String m : methods) {
      fetch.addMethods(Fetch.Method.newBuilder().setMethod(m));
    }
    return ml(MlCommand.newBuilder().setFetch(fetch).build()).getParam();
  }

  /** Saves the model {@code ref} to {@code path}, overwriting. */
  void save(String ref, String path) {
    MlCommand.Write write =
        MlCommand.Write.newBuilder()
            .setObjRef(ObjectRef.newBuilder().setId(ref))
            .setParams(MlParams.getDefaultInstance())
            .setPath(path)
            .setShouldOverwrite(true)
            .build();
    ml(MlCommand.newBuilder().setWrite(write).build());
  }

  /** Loads a saved model of class {@code modelClass}; its object id. */
  String load(String modelClass, String path) {
    MlOperator operator =
        MlOperator.newBuilder()
            .setName(modelClass)
            .setType(MlOperator.OperatorType.OPERATOR_TYPE_MODEL)
            .build();
    MlCommand read =
        MlCommand.newBuilder()
            .setRead(MlCommand.Read.newBuilder().setOperator(operator).setPath(path))
            .build();
    return ml(read).getOperatorInfo().getObjRef().getId();
  }

  /** The number of rows of {@code relation}, counted from the Arrow batches the server sends. */
  long count(Relation relation) {
    long rows = 0;
    for (ExecutePlanResponse r : execute(Plan.newBuilder().setRoot(relation).build())) {
      if (r.hasArrowBatch()) {
        rows += r.getArrowBatch().getRowCount();
      }
    }
    return rows;
  }

  private MlCommandResult ml(MlCommand command) {
    Plan plan = Plan.newBuilder().setCommand(Command.newBuilder().setMlCommand(command)).build();
    for (ExecutePlanResponse r : execute(plan)) {
      if (r.hasMlCommandResult()) {
        return r.getMlCommandResult();
      }
    }
    throw new IllegalStateException("the server sent no ML command result for " + command);
  }

  private List<ExecutePlanResponse> execute(Plan plan) {
    ExecutePlanRequest request =
        ExecutePlanRequest.newBuilder()
            .setSessionId(sessionId)
            .setUserContext(user())
            .setClientType(CLIENT_TYPE)
            .addAllTags(tags)
            .setPlan(plan)
            .build();
    List<ExecutePlanResponse> responses = new ArrayList<>();
    for (Iterator<ExecutePlanResponse> it = stub.executePlan(request); it.hasNext(); ) {
      responses.add(it.next());
    }
    return responses;
  }

  private static UserContext user() {
    return UserContext.newBuilder().setUserId(USER).build();
  }

  private static Expression sql(String expression) {
    return Expression.newBuilder()
        .setExpressionString(Expression.ExpressionString.newBuilder().setExpression(expression))
        .build();
  }

  @Override
  public void close() {
    channel.shutdownNow();
    try {
      channel.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
