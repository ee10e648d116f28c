package org.flexcode.whatif;

/**
 * One executor as the event log records it: its id and host, when it registered and when it was
 * removed ({@code SparkListenerExecutorAdded} and {@code SparkListenerExecutorRemoved}).
 *
 * @param id the executor id
 * @param host its host
 * @param addedMs when it registered (epoch ms)
 * @param removedMs when it was removed (epoch ms), {@link Long#MAX_VALUE} when the log does not
 *     show its removal
 */
public record LoggedExecutor(String id, String host, long addedMs, long removedMs) {

  /** Whether it was registered at some time between {@code fromMs} and {@code toMs}. */
  public boolean registeredDuring(long fromMs, long toMs) {
    return addedMs <= toMs && removedMs >= fromMs;
  }
}
