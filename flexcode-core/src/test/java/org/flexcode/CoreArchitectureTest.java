package org.flexcode;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * flexcode-core is plain Java: none of its classes refers to Spark, Scala or Hadoop (the build's
 * enforcer rule keeps them off the class path; this checks the compiled classes themselves).
 */
@ArchTag("unit")
@AnalyzeClasses(packages = "org.flexcode", importOptions = ImportOption.DoNotIncludeTests.class)
class CoreArchitectureTest {

  @ArchTest
  static final ArchRule NO_SPARK_SCALA_OR_HADOOP =
      noClasses()
          .that()
          .resideInAPackage("org.flexcode..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.apache.spark..", "scala..", "org.apache.hadoop..")
          .because("flexcode-core runs without Spark; Spark code belongs in spark-ext");
}
