package org.flexcode.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.Vectors;
import org.flexcode.workloads.internal.Document;

/** Small LDA corpora the tests share: a generated one with known topics, and the head of KOS. */
public final class TestCorpora {

  /** Topics of {@link #topicCorpus}. */
  public static final int TOPICS = 3;

  /** Vocabulary size of {@link #topicCorpus}. */
  public static final int VOCABULARY = 30;

  private TestCorpora() {}

  /** 60 documents in 4 partitions, each mostly from one of three disjoint 10-word topics. */
  public static JavaRDD<Document> topicCorpus(JavaSparkContext jsc) {
    Random random = new Random(3);
    List<Document> docs = new ArrayList<>();
    for (int d = 0; d < 60; d++) {
      double[] counts = new double[VOCABULARY];
      for (int token = 0; token < 50; token++) {
        int w =
            random.nextDouble() < 0.9
                ? (d % TOPICS) * 10 + random.nextInt(10)
                : random.nextInt(VOCABULARY);
        counts[w]++;
      }
      docs.add(Document.of(d, Vectors.dense(counts)));
    }
    return jsc.parallelize(docs, 4);
  }

  /**
   * The first {@code documents} documents of the bundled KOS corpus as a docword file of their own
   * (with its header), written in {@code dir}.
   */
  public static Path kosHead(Path dir, int documents) throws Exception {
    Path kos = ProjectPaths.datasets().resolve("uci-kos/docword.kos.txt");
    List<String> entries;
    try (Stream<String> lines = Files.lines(kos)) {
      entries =
          lines
              .skip(3)
              .filter(l -> Integer.parseInt(l.substring(0, l.indexOf(' '))) <= documents)
              .toList();
    }
    Path head = dir.resolve("docword.head.txt");
    Files.writeString(
        head, documents + "\n6906\n" + entries.size() + "\n" + String.join("\n", entries) + "\n");
    return head;
  }
}
