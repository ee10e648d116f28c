package org.flexcode.whatif;

/** An input the what-if analysis cannot use; the message is one line naming the file. */
public final class EventLogException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** An exception with its one-line message. */
  public EventLogException(String message) {
    super(message);
  }
}
