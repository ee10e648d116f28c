package org.apache.spark.deploy.history;

import org.apache.spark.SecurityManager;
import org.apache.spark.SparkConf;
import scala.Option;

/**
 * An in-process Spark History Server over an event-log folder, on an ephemeral port, as {@code
 * sbin/start-history-server.sh} would start it ({@code HistoryServer} and its {@code
 * FsHistoryProvider} are {@code private[spark]}, hence this package). The folder is scanned every
 * second.
 */
public final class LocalHistoryServer implements AutoCloseable {

  private final FsHistoryProvider provider;
  private final HistoryServer server;

  /** Starts a History Server over the event logs in {@code logDirectory} (a URI). */
  public LocalHistoryServer(String logDirectory) {
    SparkConf conf =
        new SparkConf(false)
            .set("spark.history.fs.logDirectory", logDirectory)
            .set("spark.history.fs.update.interval", "1s");
    provider = new FsHistoryProvider(conf);
    SecurityManager security =
        new SecurityManager(
            conf,
            Option.empty(),
            org.apache.spark.internal.config.package$.MODULE$.AUTH_SECRET_FILE());
    server = new HistoryServer(conf, provider, security, 0);
    server.bind();
    provider.start();
  }

  /** The server's address on the loopback interface. */
  public String url() {
    return "http://127.0.0.1:" + server.boundPort();
  }

  @Override
  public void close() {
    server.stop();
    provider.stop();
  }
}
