package org.flexcode.cli;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code --name value} options of one command, checked against the names it accepts (public for the
 * benchmark module's commands).
 */
public final class Args {

  private final String command;
  private final Map<String, String> values = new LinkedHashMap<>();
  private final Map<String, java.util.List<String>> repeated = new LinkedHashMap<>();

  public Args(String command, String[] args, int from, Set<String> accepted) {
    this.command = command;
    for (int i = from; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--")) {
        throw new IllegalArgumentException(command + ": unexpected argument '" + arg + "'");
      }
      String name = arg.substring(2);
      String value = null;
      if (name.contains("=")) {
        value = name.substring(name.indexOf('=') + 1);
        name = name.substring(0, name.indexOf('='));
      }
      if (!accepted.contains(name)) {
        throw new IllegalArgumentException(
            command
                + ": unknown option --"
                + name
                + "; options: --"
                + String.join(", --", accepted));
      }
      if (value == null) {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(command + ": option --" + name + " needs a value");
        }
        value = args[++i];
      }
      values.put(name, value);
      repeated.computeIfAbsent(name, k -> new java.util.ArrayList<>()).add(value);
    }
  }

  /** Every value given for a repeatable option, in order (empty when absent). */
  public java.util.List<String> all(String name) {
    return repeated.getOrDefault(name, java.util.List.of());
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  public String string(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  public String required(String name) {
    String v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException(command + ": --" + name + " is required");
    }
    return v;
  }

  public int integer(String name, int fallback) {
    String v = values.get(name);
    if (v == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          command + ": --" + name + " must be an integer, got '" + v + "'");
    }
  }

  public double number(String name, double fallback) {
    String v = values.get(name);
    if (v == null) {
      return fallback;
    }
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          command + ": --" + name + " must be a number, got '" + v + "'");
    }
  }

  public boolean flag(String name, boolean fallback) {
    String v = values.get(name);
    if (v == null) {
      return fallback;
    }
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "1" -> true;
      case "false", "no", "0" -> false;
      default ->
          throw new IllegalArgumentException(
              command + ": --" + name + " must be true or false, got '" + v + "'");
    };
  }

  public Map<String, Object> asParams() {
    return new LinkedHashMap<>(values);
  }
}
