package org.flexcode.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SpecTest {

  private record Point(int x, double y) {}

  private static final SpecTable<Object> TABLE =
      SpecTable.of("shape", "point:x=1,y=2, none")
          .with("point", List.of("x", "y"), s -> new Point(s.integer("x", 1), s.number("y", 2)))
          .with("none", List.of(), s -> "none");

  @Test
  void readsNamesKeysAndValuesIgnoringCaseAndBlanks() {
    Spec spec = Spec.parse("shape", " Point : X = 3 , y=0.5 ");
    assertEquals("point", spec.name());
    assertEquals(List.of("x", "y"), List.copyOf(spec.keys()));
    assertEquals(3, spec.integer("x", 0));
    assertEquals(0.5, spec.number("y", 0));
    assertEquals(7L, spec.longInteger("z", 7L));
    assertEquals(new Point(3, 0.5), TABLE.parse(" Point : X = 3 , y=0.5 "));
    assertEquals(new Point(1, 2.0), TABLE.parse("point"));
    assertEquals(new Point(1, 2.0), TABLE.parse("point:"));
    assertEquals(new Point(4, 2.0), TABLE.parse("point:x=4.0"), "an integral number is an integer");
  }

  @Test
  void writesTheTextItReadsBack() {
    String text =
        SpecText.of("point").with("x", 3).with("y", 0.25).withIf(false, "z", 1).toString();
    assertEquals("point:x=3,y=0.25", text);
    assertEquals(new Point(3, 0.25), TABLE.parse(text));
    assertEquals("none", SpecText.of("none").toString());
  }

  @Test
  void errorsNameTheSpecAndTheBadNameKeyOrValue() {
    Map<String, String> expected =
        Map.of(
            "",
            "empty shape; expected one of point:x=1,y=2, none",
            "circle",
            "unknown shape 'circle'; expected one of point:x=1,y=2, none",
            "point:z=1",
            "shape 'point:z=1': unknown parameter 'z'; expected x, y",
            "none:x=1",
            "shape 'none:x=1': unknown parameter 'x' (it takes none)",
            "point:x",
            "shape 'point:x': expected key=value, got 'x'",
            "point:x=1.5",
            "shape 'point:x=1.5': x must be an integer, got 1.5",
            "point:x=a",
            "shape 'point:x=a': x must be an integer, got 'a'",
            "point:y=nan",
            "shape 'point:y=nan': y must be a number, got 'nan'");
    expected.forEach(
        (text, message) -> {
          IllegalArgumentException e =
              assertThrows(IllegalArgumentException.class, () -> TABLE.parse(text));
          assertEquals(message, e.getMessage());
        });
    IllegalArgumentException choice =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Spec.parse("shape", "point:kind=odd")
                    .choice(
                        "kind",
                        v -> {
                          throw new IllegalArgumentException("kind must be even, got '" + v + "'");
                        },
                        "even"));
    assertTrue(choice.getMessage().startsWith("shape 'point:kind=odd': kind must be even"));
  }
}
