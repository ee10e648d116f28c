package org.flexcode.aggregation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.flexcode.testing.ProjectPaths;
import org.flexcode.workloads.internal.IndexedRating;
import org.flexcode.workloads.internal.MatrixFactorization;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class PackedVectorTest {

  @Test
  void mostlyZeroVectorsTravelSparseAndDenseOnesStayArrays() {
    double[] sparse = new double[100];
    sparse[3] = 1.5;
    sparse[97] = -2;
    assertTrue(PackedVector.pack(sparse).isSparse());
    assertEquals(2, PackedVector.pack(sparse).storedEntries());

    double[] oneRun = new double[10];
    for (int i = 2; i < 10; i++) {
      oneRun[i] = i; // one run of 8 non-zeros: 8 values + 1 run < 10 entries
    }
    assertTrue(PackedVector.pack(oneRun).isSparse());

    double[] alternating = new double[10];
    for (int i = 0; i < 10; i += 2) {
      alternating[i] = 1; // 5 runs of 1: 5 values + 5 runs = 10 entries, no saving
    }
    assertFalse(PackedVector.pack(alternating).isSparse());
    assertTrue(PackedVector.pack(new double[9]).isSparse(), "all zeros");
  }

  @Test
  void slicesAddTheSameInBothForms() {
    Random random = new Random(5);
    for (double density : new double[] {0.05, 0.5, 0.9}) {
      double[] v = new double[60];
      for (int i = 0; i < v.length; i++) {
        v[i] = random.nextDouble() < density ? random.nextGaussian() : 0.0;
      }
      PackedVector packed = PackedVector.pack(v);
      assertArrayEquals(v, packed.toDense());
      double[] slice = new double[20];
      slice[0] = 1.0;
      packed.addScaledSliceTo(slice, 20, -0.5);
      for (int d = 0; d < 20; d++) {
        assertEquals((d == 0 ? 1.0 : 0.0) - 0.5 * v[20 + d], slice[d], 0.0, "density " + density);
      }
    }
  }

  @Test
  void rejectsASliceOutsideTheVector() {
    PackedVector packed = PackedVector.pack(new double[10]);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> packed.addScaledSliceTo(new double[4], 8, 1));
    assertEquals("slice [8, 12) is outside a vector of length 10", e.getMessage());
  }

  /**
   * One eighth of ml-latest-small's ratings, rank 10: the block's gradient touches only its own
   * users' and items' rows, and the packed result is much smaller than the dense array on the wire.
   */
  @Test
  void aMovieLensBlocksGradientIsSentSparse() throws IOException {
    List<String> lines =
        Files.readAllLines(ProjectPaths.datasets().resolve("ml-latest-small/ratings.csv"));
    Map<String, Integer> users = new HashMap<>();
    Map<String, Integer> items = new HashMap<>();
    List<String[]> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      users.putIfAbsent(f[0], users.size());
      items.putIfAbsent(f[1], items.size());
      rows.add(f);
    }
    List<IndexedRating> block = new ArrayList<>();
    for (int r = 0; r < rows.size(); r += 8) {
      String[] f = rows.get(r);
      block.add(new IndexedRating(users.get(f[0]), items.get(f[1]), Double.parseDouble(f[2])));
    }
    int rank = 10;
    Random random = new Random(1);
    double[] factors =
        new double[MatrixFactorization.parameterCount(users.size(), items.size(), rank)];
    for (int p = 0; p < factors.length; p++) {
      factors[p] = 0.1 * random.nextGaussian();
    }
    double[] gradient = new double[MatrixFactorization.dimension(users.size(), items.size(), rank)];
    MatrixFactorization.accumulate(factors, users.size(), rank, 0.1, block, gradient);

    PackedVector packed = PackedVector.pack(gradient);
    assertTrue(packed.isSparse());
    assertArrayEquals(gradient, packed.toDense());
    long denseBytes = serializedSize(gradient);
    long packedBytes = serializedSize(packed);
    System.out.printf(
        "ml-latest-small block 1/8, rank %d: %d of %d entries non-zero; dense %d bytes, packed %d"
            + " bytes (%.2fx)%n",
        rank,
        packed.storedEntries(),
        gradient.length,
        denseBytes,
        packedBytes,
        (double) packedBytes / denseBytes);
    assertTrue(packedBytes < 0.6 * denseBytes, packedBytes + " vs dense " + denseBytes);
  }

  private static long serializedSize(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.size();
  }
}
