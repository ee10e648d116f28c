package org.flexcode.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.flexcode.whatif.EventLog;
import org.flexcode.whatif.EventLogException;
import org.flexcode.whatif.FitAnalysis;
import org.flexcode.whatif.WhatIf;
import org.flexcode.whatif.WhatIfReport;

/**
 * {@code flexcode-submit whatif --event-log PATH}: what each FlexCode strategy would have saved the
 * training fits of an application, from its Spark event log ({@link WhatIf}); no Spark application
 * is started.
 */
final class WhatIfJob {

  static final String USAGE =
      """
      usage: flexcode-submit whatif --event-log PATH [--fit N] [--json]

      Reads the Spark event log of an application that trained with spark.ml or MLlib (or with
      FlexCode), finds each fit's iterations (the treeAggregate of RDDLossFunction, GradientDescent,
      LBFGS or online LDA, or FlexCode's aggregations) and prints per fit its measured time, the
      executors that straggled and the model's mean iteration and total time under bsp, steal,
      frc, ignore:b=auto, auto:exact=true and auto, each with its saving and the memory its layout
      needs.

        --event-log PATH   an event log file (plain, .lz4, .zstd or .snappy), a rolling log's
                           eventlog_v2_* directory, or a Hadoop path (hdfs://, s3a://, ...)
        --fit N            only fit N (from 1)
        --json             print the analysis as JSON
      """;

  static final Set<String> OPTIONS = Set.of("event-log", "fit", "json");

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private WhatIfJob() {}

  /** Runs whatif on its options ({@code --json} may stand alone); returns the exit code. */
  static int run(String[] argv) throws Exception {
    Args args = JobFlags.parse("whatif", withFlagValues(argv), OPTIONS, USAGE);
    if (args == null) {
      return 0;
    }
    EventLog log = EventLogFiles.read(args.required("event-log"));
    log.warnings().forEach(w -> System.err.println("flexcode-submit whatif: warning: " + w));
    List<FitAnalysis> fits = WhatIf.analyse(log);
    if (args.has("fit")) {
      int n = args.integer("fit", 1);
      if (n < 1 || n > fits.size()) {
        throw new EventLogException(
            log.source() + ": --fit " + n + " is not a fit of it (it has " + fits.size() + ")");
      }
      fits = List.of(fits.get(n - 1));
    }
    if (args.flag("json", false)) {
      System.out.println(JSON.writeValueAsString(WhatIfReport.json(log, fits)));
    } else {
      System.out.print(WhatIfReport.text(log, fits));
    }
    return 0;
  }

  /** {@code --json} with no value becomes {@code --json true}. */
  private static String[] withFlagValues(String[] argv) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < argv.length; i++) {
      out.add(argv[i]);
      boolean bare = i + 1 >= argv.length || argv[i + 1].startsWith("--");
      if (argv[i].equals("--json") && bare) {
        out.add("true");
      }
    }
    return out.toArray(String[]::new);
  }
}
