package org.flexcode.aggregation.engine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * An iteration's model as it travels to the tasks: broadcast as the bytes of its Java serialization
 * (a JDK type), and read back on the executor through the task's context class loader, once per
 * executor JVM and broadcast (the last one read is kept).
 *
 * <p>Why bytes: when FlexCode is a jar added at run time (a notebook kernel's {@code
 * URLClassLoader} on the driver, {@code spark.jars} on the executors), the driver's model class and
 * the task's come from different loaders. In local mode the executor would even be handed the
 * driver's object itself and fail to cast it ({@code OnlineLda.EStepModel cannot be cast to
 * OnlineLda.EStepModel}); bytes resolved by the task's loader work in every deployment.
 *
 * @param <M> the model's type
 */
final class BroadcastModel<M> implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The last model read in this JVM: {key, model}. */
  private static volatile Object[] lastRead = {"", null};

  private final Broadcast<byte[]> bytes;
  // Broadcast ids restart with every SparkContext of a JVM: the cache is keyed by a random key.
  private final String key = java.util.UUID.randomUUID().toString();

  private BroadcastModel(Broadcast<byte[]> bytes) {
    this.bytes = bytes;
  }

  /** Broadcasts {@code model} as bytes. */
  static <M> BroadcastModel<M> broadcast(JavaSparkContext jsc, M model) {
    return new BroadcastModel<>(jsc.broadcast(serialize(model)));
  }

  /** The broadcast's id. */
  long id() {
    return bytes.id();
  }

  /** Destroys the broadcast (driver side). */
  void destroy() {
    bytes.destroy();
  }

  /** The model, read through the current thread's context class loader (executor side). */
  @SuppressWarnings("unchecked")
  M value() {
    Object[] last = lastRead;
    if (key.equals(last[0])) {
      return (M) last[1];
    }
    synchronized (BroadcastModel.class) {
      last = lastRead;
      if (!key.equals(last[0])) {
        last = new Object[] {key, deserialize(bytes.value())};
        lastRead = last;
      }
      return (M) last[1];
    }
  }

  static byte[] serialize(Object model) {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(buffer)) {
      out.writeObject(model);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "the model of type " + model.getClass().getName() + " is not serializable", e);
    }
    return buffer.toByteArray();
  }

  static Object deserialize(byte[] data) {
    try (ObjectInputStream in = new TaskLoaderInput(new ByteArrayInputStream(data))) {
      return in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalStateException("cannot read the broadcast model: " + e, e);
    }
  }

  /** Resolves classes through the context class loader (the task's), then the default. */
  private static final class TaskLoaderInput extends ObjectInputStream {
    TaskLoaderInput(InputStream in) throws IOException {
      super(in);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc)
        throws IOException, ClassNotFoundException {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      if (loader != null) {
        try {
          return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
          // fall through to the default resolution (primitives, the stream's own loader)
        }
      }
      return super.resolveClass(desc);
    }
  }
}
