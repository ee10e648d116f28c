package org.flexcode.aggregation.strategy.shadow;

import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.CodeKind;
import org.flexcode.aggregation.ModelReplay;
import org.flexcode.aggregation.ShadowSpec;
import org.flexcode.coding.GradientCode;
import org.flexcode.spec.SpecText;

/**
 * Primaries plus shadow tasks (FlexEnt): {@code shadow} (s = 0, uncoded primaries) or {@code
 * hybrid} (primaries coded by {@code kind}, tolerating s stragglers). See {@link ShadowedDecoder}
 * for how it decides. With s = 0 the code kind is irrelevant and always {@link ShadowFamily#CODE},
 * so equal strategies are equal values.
 */
record Shadowed(CodeKind kind, int s, ShadowSpec shadows)
    implements AggregationStrategy, ModelReplay {

  /** Validates; canonical code kind for uncoded primaries. */
  public Shadowed {
    if (kind == null) {
      throw new IllegalArgumentException("hybrid: code must be frc or cyclic, got null");
    }
    if (s < 0) {
      throw new IllegalArgumentException("hybrid: s (stragglers tolerated) must be >= 0, got " + s);
    }
    if (shadows.count() < 1) {
      throw new IllegalArgumentException(
          name(s) + ": m (shadow tasks) must be >= 1, got " + shadows.count());
    }
    kind = s == 0 ? ShadowFamily.CODE : kind;
  }

  private static String name(int s) {
    return s == 0 ? ShadowFamily.SHADOW : ShadowFamily.HYBRID;
  }

  @Override
  public String spec() {
    return shadows
        .appendTo(SpecText.of(name(s)).withIf(s > 0, "s", s))
        .withIf(kind != ShadowFamily.CODE, "code", kind)
        .toString();
  }

  @Override
  public boolean isExact() {
    return false;
  }

  @Override
  public int tolerance() {
    return s;
  }

  @Override
  public int taskMultiple() {
    return s == 0 ? 1 : kind.taskMultiple(s);
  }

  @Override
  public AggregationStrategy withShadows(ShadowSpec other) {
    return new Shadowed(kind, s, other);
  }

  @Override
  public GradientCode code(int numTasks) {
    if (shadows.count() > numTasks) {
      throw new IllegalArgumentException(
          name(s)
              + ": m="
              + shadows.count()
              + " shadow tasks for only "
              + numTasks
              + " primary blocks; use m <= n");
    }
    return s == 0 ? GradientCode.uncoded(numTasks) : kind.build(numTasks, s);
  }

  @Override
  public BoundStrategy bind(GradientCode code, long[] blockRecords) {
    return new ShadowedDecoder(this, code);
  }

  @Override
  public String toString() {
    return spec();
  }

  /** The model's shadow replay, with the primaries' tolerance (0: uncoded) and the shadows. */
  @Override
  public <R> R replayIn(ModelReplay.Replays<R> replays) {
    return replays.shadows(s, shadows.count(), shadows.fraction());
  }
}
