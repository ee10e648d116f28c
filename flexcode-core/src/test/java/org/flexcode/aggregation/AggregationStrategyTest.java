package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import org.flexcode.aggregation.strategy.shadow.ShadowFamily;
import org.flexcode.coding.GradientCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class AggregationStrategyTest {

  @Test
  void parsesEverySpecAndRoundTrips() {
    for (String spec :
        List.of(
            "bsp",
            "ignore:b=2",
            "frc:s=1",
            "cyclic:s=3",
            "shadow:m=2,f=0.05",
            "shadow:m=1,f=0.1,selector=random",
            "hybrid:s=1,m=1,f=0.2",
            "hybrid:s=2,m=1,f=0.1,code=cyclic")) {
      assertEquals(spec, AggregationStrategy.parse(spec).spec());
    }
    assertEquals("cyclic:s=1", AggregationStrategy.parse(" CYCLIC ").spec());
    assertEquals("shadow:m=1,f=0.1", AggregationStrategy.parse("shadow").spec());
    assertEquals("hybrid:s=1,m=1,f=0.1", AggregationStrategy.parse("hybrid").spec());
  }

  @Test
  void everyKindParsesBackFromItsSpecToAnEqualValue() {
    List<AggregationStrategy> all =
        List.of(
            AggregationStrategy.bsp(),
            AggregationStrategy.ignore(0),
            AggregationStrategy.ignore(3),
            AggregationStrategy.frc(2),
            AggregationStrategy.cyclic(0),
            AggregationStrategy.coded(CodeKind.CYCLIC, 4),
            AggregationStrategy.shadow(2, 0.05, "random"),
            AggregationStrategy.shadow(1, 0.1, "entropy", 1.5),
            AggregationStrategy.shadow(new ShadowSpec(3, 0.25, SelectorKind.RANDOM, 7L, 2.0)),
            AggregationStrategy.hybrid(1, 1, 0.2, "entropy"),
            AggregationStrategy.hybrid(2, 2, 0.1, "random", "cyclic", 3.0),
            AggregationStrategy.hybrid(CodeKind.FRC, 3, StrategyDefaults.SHADOWS));
    for (AggregationStrategy strategy : all) {
      assertEquals(strategy, AggregationStrategy.parse(strategy.spec()), strategy.spec());
      assertEquals(strategy.spec(), strategy.toString());
    }
  }

  @Test
  void omittedParametersTakeTheDefaults() {
    assertEquals(
        AggregationStrategy.shadow(StrategyDefaults.SHADOWS), AggregationStrategy.parse("shadow"));
    assertEquals(
        AggregationStrategy.hybrid(
            ShadowFamily.CODE, StrategyDefaults.TOLERANCE, StrategyDefaults.SHADOWS),
        AggregationStrategy.parse("hybrid"));
    assertEquals(
        AggregationStrategy.frc(StrategyDefaults.TOLERANCE), AggregationStrategy.parse("frc"));
    assertEquals(
        AggregationStrategy.ignore(StrategyDefaults.IGNORED), AggregationStrategy.parse("ignore"));
    assertEquals(
        AggregationStrategy.shadow(1, 0.1, "entropy"),
        AggregationStrategy.parse("hybrid:s=0,code=cyclic"),
        "hybrid with s=0 is shadow");
  }

  @Test
  void bareNamesTakeTheParamsGivenAndFullSpecsTheirOwn() {
    StrategyParams two = StrategyParams.of(3, 2, StrategyDefaults.SHADOWS.withCount(2));
    assertEquals("bsp", AggregationStrategy.resolve("bsp", two).spec());
    assertEquals("ignore:b=2", AggregationStrategy.resolve("ignore", two).spec());
    assertEquals("frc:s=3", AggregationStrategy.resolve("frc", two).spec());
    assertEquals("cyclic:s=3", AggregationStrategy.resolve("cyclic", two).spec());
    assertEquals("shadow:m=2,f=0.1", AggregationStrategy.resolve("shadow", two).spec());
    assertEquals("hybrid:s=3,m=2,f=0.1", AggregationStrategy.resolve("hybrid", two).spec());
    assertEquals("cyclic:s=1", AggregationStrategy.resolve("cyclic:s=1", two).spec());
    assertEquals("ssp:staleness=1,b=2", AggregationStrategy.resolve("ssp", two).spec());
    assertEquals("gcdc:s=3,clusters=2", AggregationStrategy.resolve("gcdc", two).spec());
    assertEquals(
        "ignore:b=auto,floor=0.75,window=5",
        AggregationStrategy.resolve("ignore:b=auto", two).spec());
    // FlexCode's own names in order; the test class path also registers a plugin's (first).
    assertEquals(
        List.of(
            "bsp", "ignore", "frc", "cyclic", "gcdc", "shadow", "hybrid", "steal", "ssp", "auto",
            "flexrr"),
        AggregationStrategy.names().stream().filter(name -> !name.equals("first")).toList());
    // a bare name alone takes the defaults, as the bench's strategy names do
    assertEquals("ignore:b=1", AggregationStrategy.parse("ignore").spec());
    assertEquals("frc:s=1", AggregationStrategy.parse("frc").spec());
  }

  @Test
  void typedAccessorsDescribeTheStrategyWithoutItsName() {
    AggregationStrategy hybrid = AggregationStrategy.parse("hybrid:s=2,m=3,code=cyclic,late=2");
    assertTrue(hybrid.hasShadows());
    assertEquals(2, hybrid.tolerance());
    assertEquals(3, hybrid.shadows().count());
    assertEquals(SelectorKind.ENTROPY, hybrid.shadows().selector());
    assertEquals("hybrid s=2 m=3 f=0.1 late=2.0 code=cyclic", hybrid.describe());
    assertFalse(AggregationStrategy.cyclic(2).hasShadows());
    assertEquals(
        AggregationStrategy.parse("hybrid:s=2,m=1,f=0.1,code=cyclic"),
        AggregationStrategy.cyclic(2).withShadows(StrategyDefaults.SHADOWS));
    assertEquals(
        AggregationStrategy.parse("shadow:m=2,f=0.1"),
        AggregationStrategy.bsp().withShadows(StrategyDefaults.SHADOWS.withCount(2)));
    assertThrows(
        IllegalArgumentException.class,
        () -> AggregationStrategy.ignore(1).withShadows(StrategyDefaults.SHADOWS));
  }

  @Test
  void boundStrategyOwnsItsCodeAndLaysOutShadowsAfterThePrimaries() {
    BoundStrategy bound = AggregationStrategy.parse("hybrid:s=1,m=2,f=0.2").bind(4, new long[4]);
    assertEquals(4, bound.code().numTasks());
    assertEquals(6, bound.numTasks());
    int[][] layout = bound.layout();
    assertEquals(List.of(0, 1), java.util.Arrays.stream(layout[0]).boxed().toList());
    assertEquals(List.of(0, 1), java.util.Arrays.stream(layout[4]).boxed().toList());
    assertEquals(List.of(2, 3), java.util.Arrays.stream(layout[5]).boxed().toList());
    BitSet finished = new BitSet();
    finished.set(0);
    finished.set(2);
    assertTrue(bound.decide(List.of(0, 2), finished).orElseThrow().exact());
  }

  @Test
  void rejectsBadShadowSpecsNamingTheParameter() {
    assertMessage("shadow:m=0", "m (shadow tasks) must be >= 1, got 0");
    assertMessage("shadow:f=1.5", "f (fraction of each block a shadow holds) must be in (0, 1]");
    assertMessage("shadow:f=x", "f must be a number in (0, 1], got 'x'");
    assertMessage("shadow:s=1", "unknown parameter 's'; expected m, f, selector, late, seed");
    assertMessage("hybrid:selector=best", "selector must be 'entropy' or 'random', got 'best'");
    assertMessage("hybrid:code=lt", "'hybrid:code=lt': code must be frc or cyclic, got 'lt'");
    IllegalArgumentException tooMany =
        assertThrows(
            IllegalArgumentException.class, () -> AggregationStrategy.parse("shadow:m=5").code(4));
    assertTrue(tooMany.getMessage().contains("m=5 shadow tasks for only 4"), tooMany.getMessage());
  }

  private static void assertMessage(String spec, String expected) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse(spec));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  @Test
  void shadowStandsInForAtMostMStragglersAndOnlyOnceItsShadowFinished() {
    AggregationStrategy shadow = AggregationStrategy.parse("shadow:m=2,f=0.1");
    GradientCode code = shadow.code(4); // shadow 4 covers blocks 0-1, shadow 5 blocks 2-3
    BitSet finished = new BitSet();
    finished.set(0);
    finished.set(1);
    finished.set(3);
    assertTrue(shadow.bind(code, new long[4]).decide(List.of(0, 1, 3), finished).isEmpty());
    finished.set(4); // the wrong shadow
    assertTrue(shadow.bind(code, new long[4]).decide(List.of(0, 1, 3, 4), finished).isEmpty());
    finished.set(5);
    Decision d =
        shadow.bind(code, new long[4]).decide(List.of(0, 1, 3, 4, 5), finished).orElseThrow();
    assertEquals(java.util.Map.of(2, 5), d.estimated());
    assertFalse(d.exact());
    assertFalse(d.used().get(2));
    BitSet threeMissing = new BitSet();
    threeMissing.set(0);
    threeMissing.set(4);
    threeMissing.set(5);
    assertTrue(shadow.bind(code, new long[4]).decide(List.of(0, 4, 5), threeMissing).isEmpty());
  }

  @Test
  void rejectsBadSpecsNamingThem() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("fast"));
    assertTrue(unknown.getMessage().contains("unknown strategy 'fast'"), unknown.getMessage());
    IllegalArgumentException badInt =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("frc:s=x"));
    assertTrue(badInt.getMessage().contains("s must be an integer, got 'x'"), badInt.getMessage());
    IllegalArgumentException badKey =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("ignore:s=1"));
    assertTrue(
        badKey.getMessage().contains("unknown parameter 's'; expected b"), badKey.getMessage());
    assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.ignore(-1));
    assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.ignore(4).code(4));
  }

  @Test
  void ignoreUsesTheFastestTasksAndRescalesByRecords() {
    AggregationStrategy ignore = AggregationStrategy.ignore(1);
    GradientCode code = ignore.code(4);
    long[] records = {10, 10, 20, 40};
    BitSet finished = new BitSet();
    finished.set(3);
    finished.set(0);
    assertTrue(ignore.bind(code, records).decide(List.of(3, 0), finished).isEmpty());
    finished.set(2);
    Decision d = ignore.bind(code, records).decide(List.of(3, 0, 2), finished).orElseThrow();
    assertEquals(finished, d.used());
    assertEquals(80.0 / 70.0, d.weights()[0], 1e-15);
    assertEquals(0.0, d.weights()[1]);
    assertFalse(d.exact());
  }

  @Test
  void codedStrategiesDecideExactlyWhenTheCodeDecodes() {
    AggregationStrategy frc = AggregationStrategy.frc(1);
    GradientCode code = frc.code(4);
    BitSet finished = new BitSet();
    finished.set(1);
    assertTrue(frc.bind(code, new long[4]).decide(List.of(1), finished).isEmpty());
    finished.set(2);
    Decision d = frc.bind(code, new long[4]).decide(List.of(1, 2), finished).orElseThrow();
    assertTrue(d.exact());
    assertEquals(finished, d.used());
  }
}
