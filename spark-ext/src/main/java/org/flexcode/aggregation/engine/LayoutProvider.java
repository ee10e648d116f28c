package org.flexcode.aggregation.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.flexcode.aggregation.AggregationStrategy;

/**
 * Lays out the input of the strategies that bring a layout of their own as a Spark-free capability
 * (for example chunk copies): registered in a {@code
 * META-INF/services/org.flexcode.aggregation.engine.LayoutProvider} file, so that the engine knows
 * no layout but its own {@link CodedLayout}.
 */
public interface LayoutProvider {

  /** The layout source of {@code strategy}, if this provider lays it out. */
  Optional<LayoutSource> sourceFor(AggregationStrategy strategy);

  /**
   * The layout source of {@code strategy}: its own ({@link LayoutSource} as a capability), else the
   * first registered provider's; empty for the engine's {@link CodedLayout}.
   */
  static Optional<LayoutSource> of(AggregationStrategy strategy) {
    Optional<LayoutSource> own = strategy.capability(LayoutSource.class);
    if (own.isPresent()) {
      return own;
    }
    for (LayoutProvider provider : Registered.PROVIDERS) {
      Optional<LayoutSource> source = provider.sourceFor(strategy);
      if (source.isPresent()) {
        return source;
      }
    }
    return Optional.empty();
  }

  /** The providers on the class path, loaded once. */
  final class Registered {
    static final List<LayoutProvider> PROVIDERS = load();

    private Registered() {}

    private static List<LayoutProvider> load() {
      List<LayoutProvider> found = new ArrayList<>();
      ServiceLoader.load(LayoutProvider.class, LayoutProvider.class.getClassLoader())
          .forEach(found::add);
      return List.copyOf(found);
    }
  }
}
