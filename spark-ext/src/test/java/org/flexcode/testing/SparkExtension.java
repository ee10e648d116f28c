package org.flexcode.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The shared Spark lifecycle for JUnit 5 tests: one SparkContext per test class (UI off, quiet),
 * started before the class and stopped after it, injected as a {@link JavaSparkContext} or {@link
 * SparkSession} parameter. The master comes from {@link SparkMaster} ({@code local[4]} by default),
 * extra conf entries from {@link SparkConfs}; for {@code local-cluster[...]} masters the executors
 * get the test class path and {@code $SPARK_HOME/jars} is created (the build points SPARK_HOME into
 * target/).
 */
public final class SparkExtension
    implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SparkExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Class<?> testClass = context.getRequiredTestClass();
    SparkMaster annotation = testClass.getAnnotation(SparkMaster.class);
    String master = annotation == null ? "local[4]" : annotation.value();
    SparkConf conf = conf(master, testClass.getSimpleName());
    SparkConfs entries = testClass.getAnnotation(SparkConfs.class);
    for (String entry : entries == null ? new String[0] : entries.value()) {
      int eq = entry.indexOf('=');
      if (eq < 1) {
        throw new IllegalArgumentException("a @SparkConfs entry is key=value, got " + entry);
      }
      conf.set(entry.substring(0, eq), entry.substring(eq + 1));
    }
    JavaSparkContext jsc = new JavaSparkContext(conf);
    jsc.setLogLevel("WARN");
    context.getStore(NAMESPACE).put(JavaSparkContext.class, jsc);
  }

  /**
   * The conf every test context starts from: {@code master}, UI off, driver on the loopback
   * address; for {@code local-cluster[...]} masters the executors get the test class path and
   * {@code $SPARK_HOME/jars} is created.
   */
  public static SparkConf conf(String master, String appName) throws java.io.IOException {
    SparkConf conf =
        new SparkConf()
            .setMaster(master)
            .setAppName(appName)
            .set("spark.ui.enabled", "false")
            .set("spark.driver.host", "127.0.0.1")
            .set("spark.driver.bindAddress", "127.0.0.1")
            .set("spark.sql.shuffle.partitions", "4");
    if (master.startsWith("local-cluster")) {
      String sparkHome = System.getenv("SPARK_HOME");
      if (sparkHome == null) {
        throw new IllegalStateException("local-cluster tests need SPARK_HOME (set by the build)");
      }
      Files.createDirectories(Path.of(sparkHome, "jars"));
      String classPath =
          System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      conf.set("spark.executor.extraClassPath", classPath.replace(File.pathSeparator, ":"));
      conf.set("spark.locality.wait", "30s");
      conf.set("spark.executor.extraJavaOptions", "-Xss4m");
    }
    return conf;
  }

  @Override
  public void afterAll(ExtensionContext context) {
    JavaSparkContext jsc =
        context.getStore(NAMESPACE).remove(JavaSparkContext.class, JavaSparkContext.class);
    if (jsc != null) {
      jsc.stop();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == JavaSparkContext.class || type == SparkSession.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    JavaSparkContext jsc =
        context.getStore(NAMESPACE).get(JavaSparkContext.class, JavaSparkContext.class);
    if (parameter.getParameter().getType() == SparkSession.class) {
      return SparkSession.builder().config(jsc.getConf()).getOrCreate();
    }
    return jsc;
  }
}
