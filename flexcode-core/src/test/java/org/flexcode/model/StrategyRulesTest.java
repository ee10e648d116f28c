package org.flexcode.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.flexcode.aggregation.AggregationStrategy;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The model reads strategies in the engine's own grammar, with the engine's defaults. */
@Tag("unit")
class StrategyRulesTest {

  @Test
  void everyFamilyTheEngineParsesHasItsRule() {
    for (String name : AggregationStrategy.names()) {
      if (name.equals("hybrid")) {
        continue; // no rule: aStrategyWithoutARuleAndABadSpecSayWhy
      }
      Rule rule = Rule.parse(name);
      assertTrue(
          rule.spec().startsWith(name.equals("ignore") ? "ignore:b=" : name),
          name + " -> " + rule.spec());
    }
  }

  @Test
  void engineOnlyKeysAndDefaultsComeFromTheEnginesParser() {
    assertEquals(
        Rule.parse("shadow:m=2,f=0.2").spec(),
        Rule.parse("shadow:m=2,f=0.2,selector=random,late=2,seed=5").spec());
    assertEquals(
        Rule.parse("steal").spec(),
        Rule.parse(AggregationStrategy.parse("steal").spec()).spec(),
        "the engine's defaults");
    assertEquals("limit", Rule.parse(" limit ").spec());
    assertEquals("balanced", Rule.parse("balanced").spec());
  }

  @Test
  void aStrategyWithoutARuleAndABadSpecSayWhy() {
    IllegalArgumentException hybrid =
        assertThrows(IllegalArgumentException.class, () -> Rule.parse("hybrid:s=1,m=1,f=0.1"));
    assertTrue(hybrid.getMessage().contains("no rule for hybrid"), hybrid.getMessage());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> Rule.parse("stael"));
    assertTrue(unknown.getMessage().contains("stael"), unknown.getMessage());
  }
}
