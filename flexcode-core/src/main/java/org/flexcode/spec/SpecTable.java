package org.flexcode.spec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The names of one kind of spec: for each name, the keys it accepts and how a {@link Spec} of that
 * name becomes a value. Immutable; build it with {@link #of} and {@link #with}.
 *
 * @param <T> the type of value the specs describe
 */
public final class SpecTable<T> {

  private record Entry<T>(List<String> keys, Function<Spec, T> factory) {}

  private final String kind;
  private final String known;
  private final Map<String, Entry<T>> entries;

  private SpecTable(String kind, String known, Map<String, Entry<T>> entries) {
    this.kind = kind;
    this.known = known;
    this.entries = entries;
  }

  /**
   * An empty table for specs of {@code kind} (e.g. {@code strategy}); {@code known} lists the specs
   * with their defaults for error messages.
   */
  public static <T> SpecTable<T> of(String kind, String known) {
    return new SpecTable<>(kind, known, Map.of());
  }

  /** This table plus the name {@code name}, accepting {@code keys}, built by {@code factory}. */
  public SpecTable<T> with(String name, List<String> keys, Function<Spec, T> factory) {
    Map<String, Entry<T>> more = new LinkedHashMap<>(entries);
    more.put(name, new Entry<>(List.copyOf(keys), factory));
    return new SpecTable<>(kind, known, Map.copyOf(more));
  }

  /**
   * Parses {@code text} into its value; the error names the text and the unknown name, key or bad
   * value, and what was expected.
   */
  public T parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("empty " + kind + "; expected one of " + known);
    }
    Spec spec = Spec.parse(kind, text);
    Entry<T> entry = entries.get(spec.name());
    if (entry == null) {
      throw new IllegalArgumentException(
          "unknown " + kind + " '" + text + "'; expected one of " + known);
    }
    for (String key : spec.keys()) {
      if (!entry.keys().contains(key)) {
        throw spec.error(
            "unknown parameter '"
                + key
                + "'"
                + (entry.keys().isEmpty()
                    ? " (it takes none)"
                    : "; expected " + String.join(", ", entry.keys())),
            null);
      }
    }
    return entry.factory().apply(spec);
  }
}
