package org.flexcode.aggregation.strategy.gcdc;

import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.NamedFamily;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyParams;
import org.flexcode.spec.Spec;

/** Registers {@code gcdc:s=S,clusters=C}: gradient coding with dynamic clustering. */
public final class GcdcFamily extends NamedFamily {

  static final String GCDC = "gcdc";

  /** Clusters {@code gcdc} forms when the spec leaves them out. */
  public static final int CLUSTERS = 2;

  /** The family. */
  public GcdcFamily() {
    super(GCDC, List.of("s", "clusters"), "gcdc:s=1,clusters=2", GcdcFamily::gcdc);
  }

  private static Gcdc gcdc(Spec spec) {
    return new Gcdc(
        spec.integer("s", StrategyDefaults.TOLERANCE), spec.integer("clusters", CLUSTERS));
  }

  /** A bare {@code gcdc} tolerates {@code s} stragglers per cluster. */
  @Override
  public AggregationStrategy withParams(AggregationStrategy parsed, StrategyParams params) {
    return new Gcdc(params.tolerance(), ((Gcdc) parsed).clusters());
  }
}
