package org.flexcode.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The package rules of FlexCode, checked on the compiled main classes of spark-ext and
 * flexcode-core: no cycles between the top-level packages; the aggregation engine knows neither the
 * strategy families nor the chunk-copies layout; the families do not know each other; and Spark's
 * internal API ({@code private[spark]} and narrower, public in bytecode) is used only in {@code
 * org.flexcode.spark.internal}. The Spark UI's classes (the tab, pages, status store, History
 * Server plugin: {@code private[spark]} as a whole) are used only by the UI adapter, which has to
 * live in Spark's namespace ({@code org.apache.spark.ui.flexcode}, outside these rules' scope, as
 * other Spark extensions' tabs do); the pages it serves are rendered in {@code
 * org.flexcode.ui.internal} with no Spark class but the listener API. That flexcode-core refers to
 * no Spark, Scala or Hadoop class is checked in flexcode-core ({@code CoreArchitectureTest}).
 */
@ArchTag("unit")
@AnalyzeClasses(
    packages = "org.flexcode",
    importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.MainClassesOnly.class})
class ArchitectureTest {

  /**
   * Leaves out test classes wherever the build puts them: ArchUnit's own option knows {@code
   * target/test-classes}, not spark-ext's {@code target/scala-<version>/test-classes}, nor test
   * jars.
   */
  public static final class MainClassesOnly implements ImportOption {
    @Override
    public boolean includes(Location location) {
      return !location.contains("/test-classes/") && !location.contains("-tests.jar");
    }
  }

  /** The adapter package, the one place allowed to touch Spark internals. */
  private static final String ADAPTER = "org.flexcode.spark.internal..";

  /**
   * Spark classes that are internal as a whole ({@code private[spark]} or narrower): the metrics
   * system and its sources, the listener bus, the block manager, the accumulator registry,
   * spark.ml's params reader and metadata helpers, the training-summary trait and the summary
   * implementations. Nested classes and Scala companion objects ({@code $}) count with their class.
   */
  private static final List<String> INTERNAL_CLASSES =
      List.of(
          "org.apache.spark.scheduler.LiveListenerBus",
          "org.apache.spark.storage.BlockManager",
          "org.apache.spark.storage.BlockManagerMaster",
          "org.apache.spark.util.AccumulatorContext",
          "org.apache.spark.ml.util.DefaultParamsReader",
          "org.apache.spark.ml.util.DefaultParamsWriter",
          "org.apache.spark.ml.util.MetadataUtils",
          "org.apache.spark.ml.util.HasTrainingSummary",
          "org.apache.spark.ml.classification.BinaryLogisticRegressionTrainingSummaryImpl",
          "org.apache.spark.ml.classification.LogisticRegressionTrainingSummaryImpl",
          "org.apache.spark.ml.classification.LinearSVCTrainingSummaryImpl");

  private static final DescribedPredicate<JavaClass> SPARK_INTERNAL_CLASSES =
      resideInAnyPackage("org.apache.spark.metrics..")
          .or(
              DescribedPredicate.describe(
                  "are " + INTERNAL_CLASSES,
                  (JavaClass c) ->
                      INTERNAL_CLASSES.stream()
                          .anyMatch(n -> c.getName().equals(n) || c.getName().startsWith(n + "$"))))
          .as("are Spark-internal (org.apache.spark.metrics.. or one of " + INTERNAL_CLASSES + ")");

  /**
   * Internal methods of otherwise public Spark classes, as {@code class.method}: a call counts
   * whatever subclass of the class it goes through.
   */
  private static final List<String> INTERNAL_METHODS =
      List.of(
          "org.apache.spark.SparkContext.env",
          "org.apache.spark.SparkContext.listenerBus",
          "org.apache.spark.SparkContext$.getActive",
          "org.apache.spark.TaskContext.killTaskIfInterrupted",
          "org.apache.spark.TaskContext.getKillReason",
          "org.apache.spark.TaskContext.markInterrupted",
          "org.apache.spark.rdd.RDD.elementClassTag",
          "org.apache.spark.util.AccumulatorV2.register",
          "org.apache.spark.ml.classification.LogisticRegressionModel.setSummary",
          "org.apache.spark.ml.classification.LinearSVCModel.setSummary",
          "org.apache.spark.ml.regression.LinearRegressionModel.setSummary",
          "org.apache.spark.ml.regression.LinearRegressionModel.findSummaryModelAndPredictionCol");

  /** spark.ml and MLlib models whose constructors are all internal (built by fit or load). */
  private static final List<String> INTERNAL_CONSTRUCTORS =
      List.of(
          "org.apache.spark.ml.classification.LogisticRegressionModel",
          "org.apache.spark.ml.classification.LinearSVCModel",
          "org.apache.spark.ml.regression.LinearRegressionModel",
          "org.apache.spark.ml.recommendation.ALSModel",
          "org.apache.spark.ml.clustering.LocalLDAModel",
          "org.apache.spark.mllib.clustering.LocalLDAModel");

  private static final DescribedPredicate<JavaMethodCall> SPARK_INTERNAL_METHOD =
      DescribedPredicate.describe(
          "a Spark-internal method (one of " + INTERNAL_METHODS + ")",
          (JavaMethodCall call) ->
              INTERNAL_METHODS.stream()
                  .anyMatch(
                      m -> {
                        int dot = m.lastIndexOf('.');
                        return call.getName().equals(m.substring(dot + 1))
                            && call.getTargetOwner().isAssignableTo(m.substring(0, dot));
                      }));

  private static final DescribedPredicate<JavaConstructorCall> SPARK_INTERNAL_CONSTRUCTOR =
      DescribedPredicate.describe(
          "a Spark-internal constructor (of one of " + INTERNAL_CONSTRUCTORS + ")",
          (JavaConstructorCall call) ->
              INTERNAL_CONSTRUCTORS.contains(call.getTargetOwner().getName()));

  /** (a) The top-level packages (aggregation, ml, spark, adaptive, model, ...) form no cycle. */
  @ArchTest
  static final ArchRule NO_CYCLES_BETWEEN_TOP_LEVEL_PACKAGES =
      slices()
          .matching("org.flexcode.(*)..")
          .namingSlices("org.flexcode.$1")
          .should()
          .beFreeOfCycles()
          .because("each top-level package builds on the ones below it");

  /**
   * (b) The engine runs whatever strategy it is given: it refers to no strategy family and not to
   * the chunk-copies layout that {@code steal} and {@code auto} share.
   */
  @ArchTest
  static final ArchRule ENGINE_KNOWS_NO_STRATEGY_NOR_COPIES =
      noClasses()
          .that()
          .resideInAPackage("org.flexcode.aggregation.engine..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.flexcode.aggregation.strategy..", "org.flexcode.aggregation.copies..")
          .because(
              "strategies plug into the engine through StrategyFamily; the engine must not know"
                  + " them or the layout some of them share");

  /**
   * The seam every aggregation part shares (strategy, bound strategy, decision, options, result,
   * family registry) refers to none of them: engine, layout, rules and families build on it.
   */
  @ArchTest
  static final ArchRule AGGREGATION_SEAM_KNOWS_NO_PART =
      noClasses()
          .that()
          .resideInAPackage("org.flexcode.aggregation")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "org.flexcode.aggregation.engine..",
              "org.flexcode.aggregation.copies..",
              "org.flexcode.aggregation.rules..",
              "org.flexcode.aggregation.strategy..")
          .because("strategies are found by name through StrategyFamily, never by type");

  /**
   * Spark's UI, status store and History Server classes, internal as whole packages; the UI adapter
   * {@code org.apache.spark.ui.flexcode} is FlexCode's own.
   */
  private static final DescribedPredicate<JavaClass> SPARK_UI_INTERNALS =
      resideInAnyPackage(
              "org.apache.spark.ui..",
              "org.apache.spark.status..",
              "org.apache.spark.util.kvstore..",
              "org.apache.spark.deploy.history..")
          .and(DescribedPredicate.not(resideInAnyPackage("org.apache.spark.ui.flexcode..")))
          .as("are Spark's UI, status store or History Server classes");

  /**
   * (e) The Spark UI is reached only through the UI adapter {@code org.apache.spark.ui.flexcode}
   * (the engine attaches the tab through it; the History Server finds its plugin there).
   */
  @ArchTest
  static final ArchRule SPARK_UI_ONLY_THROUGH_THE_UI_ADAPTER =
      noClasses()
          .should()
          .dependOnClassesThat(SPARK_UI_INTERNALS)
          .because(
              "the UI's classes are private[spark] and differ between Spark 3.5 and 4.1; the adapter"
                  + " in org.apache.spark.ui.flexcode is the one place that follows them");

  /**
   * (f) The tab's pages render as plain Java: {@code org.flexcode.ui.internal} uses no Spark class,
   * but for {@code FitListener}, which receives the listener bus's events.
   */
  @ArchTest
  static final ArchRule PAGES_RENDER_WITHOUT_SPARK =
      noClasses()
          .that()
          .resideInAPackage("org.flexcode.ui..")
          .and()
          .doNotHaveSimpleName("FitListener")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.apache.spark..", "scala..")
          .because("the pages are unit-tested as strings, on any Spark version");

  /** (c) Each strategy family stands alone: no family refers to another. */
  @ArchTest
  static final ArchRule FAMILIES_INDEPENDENT =
      slices()
          .matching("org.flexcode.aggregation.strategy.(*)..")
          .namingSlices("strategy family $1")
          .should()
          .notDependOnEachOther()
          .because("a family is added or removed without touching the others");

  /** (d) Spark-internal classes are used only in {@code org.flexcode.spark.internal}. */
  @ArchTest
  static final ArchRule SPARK_INTERNAL_CLASSES_ONLY_IN_ADAPTER =
      noClasses()
          .that()
          .resideOutsideOfPackage(ADAPTER)
          .should()
          .dependOnClassesThat(SPARK_INTERNAL_CLASSES)
          .because(
              "Spark internals change between Spark versions; SparkInternals and its helpers in"
                  + " org.flexcode.spark.internal are the one place that follows them");

  /**
   * (d, members) Spark-internal methods and constructors of public Spark classes are called only in
   * {@code org.flexcode.spark.internal} ({@link org.flexcode.spark.internal.SparkInternals} wraps
   * each).
   */
  @ArchTest
  static final ArchRule SPARK_INTERNAL_MEMBERS_ONLY_IN_ADAPTER =
      noClasses()
          .that()
          .resideOutsideOfPackage(ADAPTER)
          .should()
          .callMethodWhere(SPARK_INTERNAL_METHOD)
          .orShould()
          .callConstructorWhere(SPARK_INTERNAL_CONSTRUCTOR)
          .because(
              "Spark internals change between Spark versions; call them through SparkInternals or"
                  + " SparkLinearModels");
}
