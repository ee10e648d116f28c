package org.flexcode.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.flexcode.cli.Args;

/**
 * The bench's {@code --experiment}s: their names, the options only they take, their usage text, and
 * which class runs each ({@link ShadowQualityExperiment}, {@link ScaleExperiment}, {@link
 * WideFitExperiment}).
 */
final class BenchExperiments {

  /** The experiments, by the name {@code --experiment} takes. */
  static final List<String> NAMES = List.of("shadow-quality", "scale", "wide-fit");

  /** The options only the experiments take (the bench's own are in {@link BenchJob}). */
  static final Set<String> OPTIONS =
      Set.of(
          "experiment",
          "test",
          "fractions",
          "dimensions",
          "tasks",
          "features",
          "rows-per-task",
          "nnz",
          "max-iter");

  /** The usage text of {@code --experiment}, indented as the bench's other options. */
  static final String USAGE =
      """
        --experiment NAME      shadow-quality: entropy-rich vs random shadow subsets on --train
                               (LIBSVM) for each --fractions (default 0.02,0.05,0.1,0.2): gradient
                               cosine, and final loss, --test accuracy and time to target under the
                               first --pattern (default slow-worker:p=0.2,max=2); scale: bytes
                               and results the driver receives per iteration, treeAggregate
                               (depth 2, 3) vs bsp, steal, the default, cyclic:s=1, on a dense
                               d-vector per task for each --dimensions (default 4096,65536) and
                               --tasks (default 16,64), --iterations (default 5) each; wide-fit:
                               spark.ml LogisticRegression vs FlexCodeLogisticRegression (default
                               strategy, bsp) on --features (default 262144) sparse features,
                               --tasks (default 128) x --rows-per-task (default 8) rows of --nnz
                               (default 4096) non-zeros, --max-iter (default 10), --reg-param
                               (default 0.01), --repeats (default 3): fit time and bytes to the
                               driver; with --train FILE.csv (Avazu), its rows hashed into
                               --features (default 1048576) in --tasks (default 16), --max-iter
                               default 30, and --test FILE.csv for each model's AUC
      """;

  private BenchExperiments() {}

  /** Fails unless {@code name} is null (no experiment) or names an experiment. */
  static void check(String name) {
    if (name != null && !NAMES.contains(name)) {
      throw new IllegalArgumentException(
          "--experiment must be one of " + String.join(", ", NAMES) + ", got '" + name + "'");
    }
  }

  /** Runs experiment {@code name} on the bench's options; writes its report to {@code report}. */
  static int run(String name, JavaSparkContext jsc, Args args, Path report) throws IOException {
    return switch (name) {
      case "scale" -> ScaleExperiment.run(jsc, args, report);
      case "wide-fit" -> WideFitExperiment.run(jsc, args, report);
      default -> ShadowQualityExperiment.run(jsc, args, report);
    };
  }
}
