package org.flexcode.aggregation.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.BoundStrategy;
import org.flexcode.aggregation.Decision;
import org.flexcode.aggregation.StrategyDefaults;
import org.flexcode.aggregation.StrategyFamily;
import org.flexcode.aggregation.StrategyParams;
import org.flexcode.aggregation.strategy.bsp.BspFamily;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code first:k=K}, registered from the test class path, through FlexCode's public API. */
@Tag("unit")
class FirstKStrategyTest {

  static final String SERVICES = "META-INF/services/" + StrategyFamily.class.getName();

  static final List<String> FLEXCODE_NAMES =
      List.of(
          "bsp", "ignore", "frc", "cyclic", "gcdc", "shadow", "hybrid", "steal", "ssp", "auto",
          "flexrr");

  @Test
  void parsesThePluginsRecordByNameAndRoundTrips() {
    AggregationStrategy two = AggregationStrategy.parse("first:k=2");
    assertInstanceOf(FirstK.class, two);
    assertEquals(new FirstK(2), two);
    assertEquals("first:k=2", two.spec());
    assertEquals(two, AggregationStrategy.parse(two.spec()));
    assertEquals("first:k=2", two.toString());
    assertFalse(two.isExact());
    // Omitted k takes the family's default; the grammar's case and blanks rules apply.
    assertEquals(new FirstK(3), AggregationStrategy.parse("first"));
    assertEquals(new FirstK(4), AggregationStrategy.parse(" FIRST:K = 4 "));
    // A bare name, as an Estimator's strategy param gives it, takes the same defaults.
    assertEquals(
        new FirstK(3),
        AggregationStrategy.resolve("first", StrategyParams.of(2, 2, StrategyDefaults.SHADOWS)));
  }

  @Test
  void namesHoldFlexCodesOwnInTheirOrderAndFirstOnce() {
    List<String> names = AggregationStrategy.names();
    assertEquals(FLEXCODE_NAMES.size() + 1, names.size(), names.toString());
    assertEquals(1, Collections.frequency(names, "first"), names.toString());
    assertEquals(FLEXCODE_NAMES, names.stream().filter(name -> !name.equals("first")).toList());
    assertTrue(AggregationStrategy.known().contains("first:k=3"), AggregationStrategy.known());
  }

  /**
   * What {@link AggregationStrategy#names()} documents: FlexCode's names, then those of other jars,
   * whatever the class path order (here target/test-classes, holding the plugin's services file,
   * comes before target/classes).
   */
  @Test
  void namesListFirstAfterFlexCodesOwn() {
    List<String> expected = new ArrayList<>(FLEXCODE_NAMES);
    expected.add("first");
    assertEquals(expected, AggregationStrategy.names());
    assertTrue(
        AggregationStrategy.known().endsWith(", flexrr:staleness=1, first:k=3"),
        AggregationStrategy.known());
  }

  @Test
  void aBadKeyOrValueGivesTheUsualOneLineError() {
    assertOneLineError("first:b=1", "strategy 'first:b=1': unknown parameter 'b'; expected k");
    assertOneLineError("first:k=x", "strategy 'first:k=x': k must be an integer, got 'x'");
    assertOneLineError("first:k=0", "strategy 'first:k=0': k (arrivals used) must be >= 1, got 0");
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse("firsts"));
    assertTrue(unknown.getMessage().startsWith("unknown strategy 'firsts'"), unknown.getMessage());
    assertTrue(unknown.getMessage().contains("first:k=3"), unknown.getMessage());
  }

  private static void assertOneLineError(String spec, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> AggregationStrategy.parse(spec));
    assertEquals(message, e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void takesNoShadowsAndNeedsAtLeastKTasks() {
    FirstK three = new FirstK(3);
    IllegalArgumentException shadows =
        assertThrows(
            IllegalArgumentException.class, () -> three.withShadows(StrategyDefaults.SHADOWS));
    assertEquals("first:k=3 takes no shadow tasks", shadows.getMessage());
    assertFalse(three.hasShadows());
    assertEquals(0, three.tolerance());
    IllegalArgumentException tooFew =
        assertThrows(IllegalArgumentException.class, () -> three.code(2));
    assertEquals("first:k=3: k=3 must be <= the number of tasks n=2", tooFew.getMessage());
    assertEquals(5, three.code(5).numTasks());
    assertEquals("uncoded(n=5)", three.code(5).describe());
  }

  @Test
  void decidesOnExactlyTheFirstKArrivalsRescaledByRecords() {
    long[] records = {10, 20, 30, 40, 50};
    BoundStrategy bound = AggregationStrategy.parse("first:k=3").bind(5, records);
    assertEquals(new FirstK(3), bound.strategy());
    assertTrue(bound.decide(List.of(4, 1), bits(4, 1)).isEmpty(), "two of three arrived");

    Decision d = bound.decide(List.of(4, 1, 3), bits(4, 1, 3)).orElseThrow();
    assertEquals(bits(1, 3, 4), d.used());
    double scale = 150.0 / (20 + 40 + 50);
    assertEquals(List.of(0.0, scale, 0.0, scale, scale), boxed(d.weights()));
    assertFalse(d.exact());
    assertEquals(1.0, d.recordScale());
    assertTrue(d.estimated().isEmpty());

    // Later arrivals do not change which tasks count: the first k, in arrival order.
    Decision later = bound.decide(List.of(4, 1, 3, 0, 2), bits(0, 1, 2, 3, 4)).orElseThrow();
    assertEquals(bits(1, 3, 4), later.used());
    Decision otherOrder = bound.decide(List.of(0, 2, 4, 1), bits(0, 1, 2, 4)).orElseThrow();
    assertEquals(bits(0, 2, 4), otherOrder.used());
    double otherScale = 150.0 / (10 + 30 + 50);
    assertEquals(
        List.of(otherScale, 0.0, otherScale, 0.0, otherScale), boxed(otherOrder.weights()));

    // k = n uses every block unscaled: the exact sum.
    BoundStrategy all = new FirstK(5).bind(5, records);
    Decision exact = all.decide(List.of(2, 0, 4, 1, 3), bits(0, 1, 2, 3, 4)).orElseThrow();
    assertTrue(exact.exact());
    assertEquals(List.of(1.0, 1.0, 1.0, 1.0, 1.0), boxed(exact.weights()));
  }

  @Test
  void theTestServicesFileAddsToFlexCodesRatherThanShadowingIt() throws IOException {
    ClassLoader loader = StrategyFamily.class.getClassLoader();
    List<URL> files = Collections.list(loader.getResources(SERVICES));
    List<String> contents = new ArrayList<>();
    for (URL file : files) {
      try (InputStream in = file.openStream()) {
        contents.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    assertEquals(2, files.size(), "the main and the test services files: " + files);
    assertTrue(
        contents.stream().anyMatch(c -> c.contains(BspFamily.class.getName())),
        "FlexCode's file is seen: " + files);
    assertTrue(
        contents.stream().anyMatch(c -> c.contains(FirstKFamily.class.getName())),
        "the test file is seen: " + files);

    // ServiceLoader reads both: FlexCode's nine families and the plugin's.
    List<Class<?>> families = new ArrayList<>();
    ServiceLoader.load(StrategyFamily.class, loader).forEach(f -> families.add(f.getClass()));
    assertTrue(families.contains(BspFamily.class), families.toString());
    assertTrue(families.contains(FirstKFamily.class), families.toString());
    assertEquals(10, families.size(), families.toString());
    assertTrue(AggregationStrategy.names().containsAll(FLEXCODE_NAMES));
    assertEquals("bsp", AggregationStrategy.parse("bsp").spec());
  }

  private static BitSet bits(int... tasks) {
    BitSet set = new BitSet();
    for (int task : tasks) {
      set.set(task);
    }
    return set;
  }

  private static List<Double> boxed(double[] values) {
    return java.util.Arrays.stream(values).boxed().toList();
  }
}
