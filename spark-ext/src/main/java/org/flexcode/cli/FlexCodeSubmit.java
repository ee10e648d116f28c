package org.flexcode.cli;

import java.util.Arrays;
import java.util.Set;

/**
 * The entry point behind {@code submit-scripts/flexcode-submit} (and {@code spark-submit --class
 * org.flexcode.cli.FlexCodeSubmit}): dispatches to a job by its first argument.
 */
public final class FlexCodeSubmit {

  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(FlexCodeSubmit.class);

  static final String USAGE =
      """
      usage: flexcode-submit [--master URL] [--conf key=value]... <command> [options]

      commands:
        lr      train logistic regression, binary or --family multinomial (spark.ml's objective)
                with a FlexCode strategy and write a JSON report; 'flexcode-submit lr --help'
        glm     train linear regression (--loss squared) or a linear SVM (--loss hinge) as
                spark.ml does, with a FlexCode strategy; 'flexcode-submit glm --help'
        mf      train matrix factorization (Spark ALS's objective) on MovieLens ratings with a
                FlexCode strategy; test RMSE and a JSON report; 'flexcode-submit mf --help'
        lda     fit online LDA (MLlib's online variational Bayes) on a UCI bag-of-words corpus;
                'flexcode-submit lda --help'
        whatif  what each FlexCode strategy would save a spark.ml or MLlib training job, from its
                Spark event log; 'flexcode-submit whatif --help'
        bench   strategies x straggler patterns side by side against MLlib (and MLlib with
                speculation) on one cluster; 'flexcode-submit bench --help' (the flexcode-bench
                jar's org.flexcode.bench.BenchSubmit)

      --master defaults to local[*]; spark.flexcode.* keys set engine defaults (see README.md).
      Errors print one line (a data error: file:line: message); add --verbose after the command
      for the stack trace (also logged at DEBUG).
      """;

  private FlexCodeSubmit() {}

  public static void main(String[] args) {
    int code = run(args);
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs a command; returns the process exit code (0 ok, 1 failed, 2 bad usage). */
  public static int run(String[] args) {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      System.out.print(USAGE);
      return args.length == 0 ? 2 : 0;
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    Command command =
        switch (args[0]) {
          case "lr" -> job("lr", LrJob.USAGE, LrJob.OPTIONS, LrJob::run);
          case "glm" -> job("glm", GlmJob.USAGE, GlmJob.OPTIONS, GlmJob::run);
          case "mf" -> job("mf", MfJob.USAGE, MfJob.OPTIONS, MfJob::run);
          case "lda" -> job("lda", LdaJob.USAGE, LdaJob.OPTIONS, LdaJob::run);
          case "whatif" -> WhatIfJob::run;
          default -> null;
        };
    if (command == null) {
      System.err.println("flexcode-submit: unknown command '" + args[0] + "'");
      System.err.print(USAGE);
      return 2;
    }
    return runCommand(args[0], command, rest);
  }

  /** A job's body: runs on its parsed options, returns the exit code. */
  @FunctionalInterface
  interface JobBody {
    int run(Args args) throws Exception;
  }

  /** The command of a job: prints {@code usage} for --help, else parses and runs {@code body}. */
  private static Command job(String name, String usage, Set<String> options, JobBody body) {
    return argv -> {
      Args args = JobFlags.parse(name, argv, options, usage);
      if (args == null) {
        return 0;
      }
      JobOutput.checkDestinations(args); // before any training
      return body.run(args);
    };
  }

  /** A command's body: runs on its options, returns the exit code. */
  @FunctionalInterface
  public interface Command {
    /** Runs the command; an IllegalArgumentException is a usage error. */
    int run(String[] options) throws Exception;
  }

  /**
   * Runs {@code command} on {@code options} as {@code flexcode-submit <name>}: returns its exit
   * code, or prints the error in one line (Spark param errors restated for their flag, {@link
   * OptionErrors}; the root cause of a failure on a second) and returns 1. The stack trace is
   * printed only with {@code --verbose} among the options, else logged at DEBUG.
   */
  public static int runCommand(String name, Command command, String[] options) {
    boolean verbose = Arrays.asList(options).contains("--verbose");
    try {
      return command.run(verbose ? withoutVerbose(options) : options);
    } catch (IllegalArgumentException e) {
      System.err.println(
          "flexcode-submit " + name + ": error: " + OptionErrors.forFlags(e.getMessage()));
      stackTrace(e, verbose);
      return 1;
    } catch (Exception e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      System.err.println("flexcode-submit " + name + ": failed: " + e.getMessage());
      if (root != e) {
        System.err.println("caused by: " + root);
      }
      stackTrace(e, verbose);
      return 1;
    }
  }

  /** The trace of a failure: printed with --verbose, else logged at DEBUG only. */
  private static void stackTrace(Exception e, boolean verbose) {
    if (verbose) {
      e.printStackTrace();
    } else {
      LOG.debug("flexcode-submit: the failure's stack trace", e);
    }
  }

  private static String[] withoutVerbose(String[] options) {
    return Arrays.stream(options).filter(o -> !o.equals("--verbose")).toArray(String[]::new);
  }
}
