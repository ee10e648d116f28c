package org.flexcode.aggregation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.flexcode.spec.SpecTable;

/**
 * The registered {@link StrategyFamily} instances, loaded once with {@link ServiceLoader} from the
 * class loader that loaded FlexCode (and the thread's context class loader, for a strategy in a
 * user's jar), and the one spec grammar ({@link SpecTable}) over their names.
 */
final class StrategyTable {

  private static final String OWN_PACKAGE = "org.flexcode.aggregation.strategy.";

  private static volatile StrategyTable loaded;

  private final Map<String, StrategyFamily> families;
  private final SpecTable<AggregationStrategy> table;
  private final String known;

  private StrategyTable(Map<String, StrategyFamily> families) {
    this.families = families;
    List<String> examples = new ArrayList<>();
    families.values().stream().distinct().forEach(f -> examples.addAll(f.examples()));
    this.known = String.join(", ", examples);
    SpecTable<AggregationStrategy> t = SpecTable.of("strategy", known);
    for (Map.Entry<String, StrategyFamily> e : families.entrySet()) {
      StrategyFamily family = e.getValue();
      t = t.with(e.getKey(), family.keys(e.getKey()), family::parse);
    }
    this.table = t;
  }

  /** The table of the families on the class path. */
  static StrategyTable get() {
    StrategyTable table = loaded;
    if (table == null) {
      table = load();
      loaded = table;
    }
    return table;
  }

  private static StrategyTable load() {
    List<StrategyFamily> found = new ArrayList<>();
    ServiceLoader.load(StrategyFamily.class, StrategyFamily.class.getClassLoader())
        .forEach(found::add);
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null && context != StrategyFamily.class.getClassLoader()) {
      ServiceLoader.load(StrategyFamily.class, context).forEach(found::add);
    }
    // FlexCode's own families first, in their services file's order, whatever the class path order.
    found.sort(Comparator.comparing(family -> !isOwn(family)));
    Map<String, StrategyFamily> byName = new LinkedHashMap<>();
    register(byName, found);
    return new StrategyTable(byName);
  }

  private static boolean isOwn(StrategyFamily family) {
    return family.getClass().getName().startsWith(OWN_PACKAGE);
  }

  private static void register(Map<String, StrategyFamily> byName, List<StrategyFamily> loader) {
    for (StrategyFamily family : loader) {
      for (String name : family.names()) {
        StrategyFamily earlier = byName.putIfAbsent(name, family);
        if (earlier != null && earlier.getClass() != family.getClass()) {
          throw new IllegalStateException(
              "two strategy families register '"
                  + name
                  + "': "
                  + earlier.getClass().getName()
                  + " and "
                  + family.getClass().getName());
        }
      }
    }
  }

  AggregationStrategy parse(String text) {
    return table.parse(text);
  }

  /** The registered names, FlexCode's first in their services file's order. */
  List<String> names() {
    return List.copyOf(families.keySet());
  }

  /** An example spec of every name, with its defaults. */
  String known() {
    return known;
  }

  /**
   * A full spec (with a ':') as parsed; a bare name parsed once, then given the generic params by
   * its family ({@link StrategyFamily#withParams}).
   */
  AggregationStrategy resolve(String nameOrSpec, StrategyParams params) {
    StrategyTestHooks.resolving(nameOrSpec);
    AggregationStrategy parsed = parse(nameOrSpec);
    if (nameOrSpec.contains(":")) {
      return parsed;
    }
    return families.get(nameOrSpec.trim().toLowerCase(Locale.ROOT)).withParams(parsed, params);
  }
}
