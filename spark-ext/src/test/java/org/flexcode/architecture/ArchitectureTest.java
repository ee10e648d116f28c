package org.flexcode.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import org.flexcode.aggregation.AggregationStrategy;
import org.flexcode.aggregation.StrategyFamily;

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
 * no Spark, Scala or Hadoop class is checked in flexcode-core ({@code CoreArchitectureTest}). The
 * public types outside {@code ..internal..} packages, the UI adapter's included, are the ones
 * {@code PUBLIC_API} lists, each with its reason.
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

  /**
   * A public type of the library and why it is public: a class ({@code org.flexcode.x.Name}) or a
   * package pattern ({@code org.flexcode.x} for that package, {@code org.flexcode.x..} with its
   * subpackages).
   */
  private record Api(String pattern, String reason) {
    boolean covers(JavaClass c) {
      String last = pattern.substring(pattern.lastIndexOf('.') + 1);
      return !last.isEmpty() && Character.isUpperCase(last.charAt(0))
          ? c.getName().equals(pattern)
          : PackageMatcher.of(pattern).matches(c.getPackageName());
    }
  }

  /**
   * FlexCode's public API: every public top-level type outside an {@code ..internal..} package is
   * here. A type used only in its own package is package-private; a type other packages of the
   * library use, but users do not, goes to an {@code internal} package (public, not API).
   */
  private static final List<Api> PUBLIC_API =
      List.of(
          new Api(
              "org.flexcode.ml",
              "the Estimators and Models with their params; spark.ml loads them by class name"),
          new Api(
              "org.flexcode.optim",
              "FlexCodeGradientDescent and the SGD wrapper, their listener and result, and the"
                  + " trainers the Estimators and the benchmarks run"),
          new Api(
              "org.flexcode.aggregation",
              "the strategy seam: AggregationStrategy, StrategyFamily, StrategyParams, what a family"
                  + " implements and is handed, the engine's options and results"),
          new Api(
              "org.flexcode.aggregation.engine",
              "CodedAggregator, the engine API, and the LayoutProvider service with the types a"
                  + " layout implements"),
          new Api(
              "org.flexcode.aggregation.strategy..",
              "each family's StrategyFamily (a service) and the strategy records other packages"
                  + " build; see STRATEGY_PACKAGES_EXPOSE_ONLY_ENTRY_POINTS"),
          new Api(
              "org.flexcode.coding", "GradientCode and Decoding, which a bound strategy returns"),
          new Api("org.flexcode.spec", "the spec grammar a family parses its text with"),
          new Api(
              "org.flexcode.metrics",
              "the records a user reads (IterationRecord, StragglerReport) and the reports the CLI"
                  + " and the benchmarks write"),
          new Api(
              "org.flexcode.model",
              "the iteration model a family's replay runs in, used by what-if and simulate"),
          new Api("org.flexcode.whatif", "the what-if analysis of an event log and its report"),
          new Api("org.flexcode.monitoring", "the listener events and the iteration monitor"),
          new Api(
              "org.flexcode.stragglers",
              "StragglerPlugin (spark.plugins) and StragglerPattern, with the injector and hook the"
                  + " engine and the benchmarks call"),
          new Api("org.flexcode.cli", "FlexCodeSubmit, the jobs' entry point, and its Args"),
          new Api("org.flexcode.data", "the dataset readers of the CLI and the benchmarks"),
          new Api(
              "org.flexcode.connect.FlexCodeBackend",
              "Spark Connect's ML backend, named in spark.connect.ml.backend.classes"),
          new Api(
              "org.apache.spark.ui.flexcode.FlexCodeHistoryPlugin",
              "the History Server's plugin, a service"),
          new Api(
              "org.apache.spark.ui.flexcode.FlexCodeUi", "attaches the tab; the engine calls it"),
          new Api(
              "org.apache.spark.ui.flexcode.StoredIteration",
              "a row of Spark's status store, which reads it by reflection"));

  /** The UI adapter, outside {@code org.flexcode} but part of the library's jar. */
  private static final String UI_ADAPTER = "org.apache.spark.ui.flexcode";

  private static final ArchRule ONLY_THE_API_IS_PUBLIC =
      classes()
          .that()
          .arePublic()
          .and()
          .areTopLevelClasses()
          .and()
          .resideOutsideOfPackage("..internal..")
          .should(
              new ArchCondition<JavaClass>("be in PUBLIC_API") {
                @Override
                public void check(JavaClass c, ConditionEvents events) {
                  if (PUBLIC_API.stream().noneMatch(api -> api.covers(c))) {
                    events.add(
                        SimpleConditionEvent.violated(
                            c, c.getName() + " is public but not in PUBLIC_API"));
                  }
                }
              })
          .because(
              "the public types are the library's API; make the type package-private, move it to"
                  + " an internal package, or add it to PUBLIC_API with its reason");

  /**
   * (g) Every public top-level type outside {@code ..internal..} is in {@link #PUBLIC_API}, in
   * {@code org.flexcode} and in the UI adapter {@code org.apache.spark.ui.flexcode}.
   */
  @ArchTest
  static void onlyTheApiIsPublic(JavaClasses classes) {
    ONLY_THE_API_IS_PUBLIC.check(classes);
    ONLY_THE_API_IS_PUBLIC.check(
        new ClassFileImporter()
            .withImportOption(new ImportOption.DoNotIncludeTests())
            .withImportOption(new MainClassesOnly())
            .importPackages(UI_ADAPTER));
  }

  /**
   * (h) A strategy family's package makes public only its entry points: the family (found through
   * ServiceLoader) and strategies other packages build; decoders and launches stay package-private.
   */
  @ArchTest
  static final ArchRule STRATEGY_PACKAGES_EXPOSE_ONLY_ENTRY_POINTS =
      classes()
          .that()
          .resideInAPackage("org.flexcode.aggregation.strategy..")
          .and()
          .arePublic()
          .and()
          .areTopLevelClasses()
          .should()
          .implement(StrategyFamily.class)
          .orShould()
          .implement(AggregationStrategy.class)
          .because("a family is reached by name through StrategyFamily, its strategy by type");
}
