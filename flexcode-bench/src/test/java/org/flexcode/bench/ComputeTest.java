package org.flexcode.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The {@code --compute} grammar: real or emulated:block-ms=T, anything else rejected by name. */
@Tag("unit")
class ComputeTest {

  @Test
  void parsesRealAndEmulatedIntoTheirCanonicalSpecs() {
    assertFalse(Compute.parse("real").emulated());
    assertEquals("real", Compute.parse(" REAL ").spec());
    Compute emulated = Compute.parse("emulated:block-ms=500");
    assertTrue(emulated.emulated());
    assertEquals(500.0, emulated.blockMs());
    assertEquals("emulated:block-ms=500", emulated.spec());
    assertEquals("emulated:block-ms=2.5", Compute.parse("emulated:block-ms=2.5").spec());
  }

  @Test
  void rejectsABadModeNamingTheValueAndTheGrammar() {
    for (String bad :
        new String[] {
          "fast",
          "emulated",
          "emulated:block-ms=",
          "emulated:block-ms=-1",
          "emulated:block-ms=x",
          "emulated:block-ms=0",
          ""
        }) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> Compute.parse(bad), bad);
      assertTrue(e.getMessage().contains("--compute"), e.getMessage());
      assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
    }
  }
}
