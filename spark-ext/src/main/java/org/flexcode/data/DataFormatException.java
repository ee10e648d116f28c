package org.flexcode.data;

/** A line of an input file that cannot be used; the message names the file and the line. */
public final class DataFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final long line;

  DataFormatException(String file, long line, String problem) {
    super(file + ":" + line + ": " + problem);
    this.file = file;
    this.line = line;
  }

  /** The file (or path pattern) that was read. */
  public String file() {
    return file;
  }

  /** The 1-based line number. */
  public long line() {
    return line;
  }
}
