package org.flexcode.workloads.internal;

import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * A bag-of-words document: its id and the counts of the terms it contains ({@code terms} ascending,
 * {@code counts} > 0 and finite). Ids must be distinct within a corpus: online LDA draws a
 * document's mini-batch membership and its E-step start from (seed, iteration, id).
 */
public record Document(long id, int[] terms, double[] counts) implements Serializable {

  /** Validates and copies. */
  public Document {
    if (terms == null || counts == null || terms.length != counts.length) {
      throw new IllegalArgumentException(
          "document " + id + ": terms and counts must be non-null and of equal length");
    }
    terms = terms.clone();
    counts = counts.clone();
    for (int i = 0; i < terms.length; i++) {
      if (terms[i] < 0 || (i > 0 && terms[i] <= terms[i - 1])) {
        throw new IllegalArgumentException(
            "document " + id + ": term ids must be >= 0 and ascending, got " + terms[i]);
      }
      if (!(counts[i] > 0) || Double.isInfinite(counts[i])) {
        throw new IllegalArgumentException(
            "document "
                + id
                + ": count of term "
                + terms[i]
                + " must be finite and > 0, got "
                + counts[i]);
      }
    }
  }

  /**
   * The document of a term-count vector (zeros dropped); fails naming the document for a negative,
   * NaN or infinite count.
   */
  public static Document of(long id, Vector termCounts) {
    SparseVector sparse = termCounts.toSparse();
    int[] indices = sparse.indices();
    double[] values = sparse.values();
    int n = 0;
    for (double v : values) {
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException(
            "document " + id + ": term counts must be finite and >= 0, got " + v);
      }
      if (v > 0) {
        n++;
      }
    }
    int[] terms = new int[n];
    double[] counts = new double[n];
    int j = 0;
    for (int i = 0; i < indices.length; i++) {
      if (values[i] > 0) {
        terms[j] = indices[i];
        counts[j++] = values[i];
      }
    }
    return new Document(id, terms, counts);
  }

  /** The counts as a sparse vector of size {@code vocabSize}. */
  public Vector toVector(int vocabSize) {
    return Vectors.sparse(vocabSize, terms, counts);
  }

  /** The number of tokens (sum of counts). */
  public double tokens() {
    double sum = 0;
    for (double c : counts) {
      sum += c;
    }
    return sum;
  }

  /** The largest term id, or -1 for an empty document. */
  public int maxTerm() {
    return terms.length == 0 ? -1 : terms[terms.length - 1];
  }

  @Override
  public int[] terms() {
    return terms.clone();
  }

  @Override
  public double[] counts() {
    return counts.clone();
  }

  /** The number of distinct terms. */
  public int size() {
    return terms.length;
  }

  /** Term id at position {@code i} (no copy). */
  public int term(int i) {
    return terms[i];
  }

  /** Count at position {@code i} (no copy). */
  public double count(int i) {
    return counts[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Document d
        && d.id == id
        && Arrays.equals(d.terms, terms)
        && Arrays.equals(d.counts, counts);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id) * 31 + Arrays.hashCode(terms);
  }

  @Override
  public String toString() {
    return "Document[id=" + id + ", terms=" + terms.length + ", tokens=" + tokens() + "]";
  }
}
