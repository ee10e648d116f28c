package org.flexcode.aggregation;

import org.flexcode.entropy.internal.Selectors;
import org.flexcode.entropy.internal.SubsetSelector;
import org.flexcode.spec.SpecNames;

/** How shadow tasks pick the records they hold (see {@link Selectors}), with its spec name. */
public enum SelectorKind {
  /** FlexEnt's maximal-joint-entropy subsets ({@link Selectors#entropy()}). */
  ENTROPY("entropy"),
  /** Uniform random subsets ({@link Selectors#random()}). */
  RANDOM("random");

  private final String specName;

  SelectorKind(String specName) {
    this.specName = specName;
  }

  /** The kind named {@code name} ({@code entropy} or {@code random}, case-insensitive). */
  public static SelectorKind parse(String name) {
    return SpecNames.lookup(values(), name, "selector must be 'entropy' or 'random'");
  }

  /** The selector of this kind. */
  public SubsetSelector selector() {
    return this == ENTROPY ? Selectors.entropy() : Selectors.random();
  }

  /** The spec name, e.g. {@code entropy}. */
  @Override
  public String toString() {
    return specName;
  }
}
