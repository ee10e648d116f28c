package org.flexcode.entropy.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.flexcode.entropy.internal.TestBlocks.Point;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class ColouringsTest {

  /** A filter that returns fixed levels, to exercise the joint numbering directly. */
  private static FeatureFilter<Integer> fixed(String name, int... levels) {
    return new FeatureFilter<>() {
      @Override
      public int[] levels(List<Integer> block) {
        return levels.clone();
      }

      @Override
      public String name() {
        return name;
      }
    };
  }

  @Test
  void numbersTupleOfFilterColoursDenselyInOrderOfFirstAppearance() {
    // records (label, x); label levels {0->0, 1->1}; x quantile bins with cut point 4
    List<double[]> block =
        List.of(
            new double[] {1, 1},
            new double[] {0, 4},
            new double[] {1, 1},
            new double[] {1, 4},
            new double[] {0, 1},
            new double[] {0, 4});
    Colouring<double[]> colouring =
        Colourings.of(
            FeatureFilters.<double[]>label(r -> r[0]), FeatureFilters.quantileBins(r -> r[1], 2));
    // tuples (1,0) (0,1) (1,0) (1,1) (0,0) (0,1)
    assertArrayEquals(new int[] {0, 1, 0, 2, 3, 1}, colouring.colours(block));
  }

  @Test
  void numbersHugeLevelTuplesToo() {
    int big = Integer.MAX_VALUE - 1;
    List<Integer> block = List.of(0, 1, 2, 3);
    Colouring<Integer> colouring =
        Colourings.of(
            fixed("a", big, 0, big, 0), fixed("b", 1, big, 1, big), fixed("c", big, big, big, 0));
    assertArrayEquals(new int[] {0, 1, 0, 2}, colouring.colours(block));
  }

  @Test
  void labelAndBucketsGivesAtMostTwoToTheFiltersColoursPerLabel() {
    List<Point> block = TestBlocks.a9a(1000);
    int[] colours = TestBlocks.lrColouring().colours(block);
    int k = JointEntropy.distinct(colours);
    assertTrue(k > 2 && k <= 2 * 8, "colours " + k);
    assertEquals(k - 1, java.util.Arrays.stream(colours).max().getAsInt(), "dense ids");
    int[] labelOnly = Colourings.labelAndBuckets(Point::label, Point::active, 0).colours(block);
    assertEquals(2, JointEntropy.distinct(labelOnly));
  }

  @Test
  void survivesJavaSerialization() throws Exception {
    Colouring<Point> colouring = TestBlocks.lrColouring();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(colouring);
      out.writeObject(Selectors.entropy());
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      @SuppressWarnings("unchecked")
      Colouring<Point> copy = (Colouring<Point>) in.readObject();
      List<Point> block = TestBlocks.a9a(300);
      assertArrayEquals(colouring.colours(block), copy.colours(block));
      assertEquals("entropy", ((SubsetSelector) in.readObject()).name());
    }
  }

  @Test
  void rejectsNoFiltersAndFiltersOfTheWrongLength() {
    assertThrows(IllegalArgumentException.class, () -> Colourings.of(List.of()));
    Colouring<Integer> colouring = Colourings.of(fixed("short", 0, 1));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> colouring.colours(List.of(1, 2, 3)));
    assertEquals("filter short gave 2 levels for 3 records", e.getMessage());
    Colouring<Integer> negative = Colourings.of(fixed("neg", 0, -1));
    IllegalStateException n =
        assertThrows(IllegalStateException.class, () -> negative.colours(List.of(1, 2)));
    assertEquals("filter neg gave negative level -1 to record 1", n.getMessage());
  }
}
