package org.flexcode.classloading;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar added at run time: {@link JarLoadedDriver} runs in a fresh JVM whose class path holds Spark
 * and that one class, not FlexCode; FlexCode comes from a jar of the main classes (spark-ext's and
 * flexcode-core's, as the library's jar carries both), loaded through a child URLClassLoader on the
 * driver and {@code spark.jars} on the executors. LR, MF and LDA fit: what tasks send back, and the
 * broadcast model they read, deserialize without FlexCode on the driver's system class path.
 */
@Tag("spark")
class JarLoadedDriverTest {

  @TempDir Path dir;

  @Test
  void fitsLrMfAndLdaWithFlexCodeOnlyInAChildClassLoader() throws Exception {
    Path mainClasses = classesDir(org.flexcode.aggregation.engine.CodedAggregator.class);
    // flexcode-core's classes (its classes folder or jar), which the library's jar carries.
    Path coreClasses = classesDir(org.flexcode.coding.GradientCode.class);
    Path testClasses = classesDir(JarLoadedDriver.class);
    Path jar = jar(List.of(mainClasses, coreClasses), dir.resolve("flexcode.jar"));
    Path driverDir = dir.resolve("driver");
    String driverClass = JarLoadedDriver.class.getName().replace('.', '/') + ".class";
    Files.createDirectories(driverDir.resolve(driverClass).getParent());
    Files.copy(testClasses.resolve(driverClass), driverDir.resolve(driverClass));

    List<String> classPath = new ArrayList<>();
    classPath.add(driverDir.toString());
    String surefire =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    for (String entry : surefire.split(File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      if (!p.equals(mainClasses) && !p.equals(coreClasses) && !p.equals(testClasses)) {
        classPath.add(entry);
      }
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    command.addAll(List.of(jvmOpenFlags()));
    command.add("-cp");
    command.add(String.join(File.pathSeparator, classPath));
    command.add(JarLoadedDriver.class.getName());
    command.add(jar.toString());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes());
    assertTrue(process.waitFor(300, TimeUnit.SECONDS), "the driver finished");
    assertEquals(0, process.exitValue(), out);
    assertTrue(out.contains("OK lr accuracy 1.0"), out);
    assertTrue(out.contains("OK mf rank"), out);
    assertTrue(out.contains("OK lda topics 2"), out);
    assertTrue(!out.contains("ClassNotFoundException"), out);
  }

  /** The --add-opens flags Spark needs on Java 17, as the build passes them to surefire. */
  private static String[] jvmOpenFlags() {
    return new String[] {
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED"
    };
  }

  private static Path classesDir(Class<?> type) throws Exception {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
        .toAbsolutePath();
  }

  /**
   * A jar of {@code sources}: classes folders, or jars (their entries but the manifest), as the
   * library's jar carries both: classes and {@code META-INF/services} files.
   */
  private static Path jar(List<Path> sources, Path target) throws IOException {
    try (OutputStream file = Files.newOutputStream(target);
        JarOutputStream jar = new JarOutputStream(file)) {
      for (Path source : sources) {
        if (Files.isDirectory(source)) {
          try (Stream<Path> files = Files.walk(source)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
              jar.putNextEntry(new JarEntry(source.relativize(p).toString().replace('\\', '/')));
              Files.copy(p, jar);
              jar.closeEntry();
            }
          }
        } else {
          try (JarFile in = new JarFile(source.toFile())) {
            for (JarEntry entry : Collections.list(in.entries())) {
              if (!entry.isDirectory() && !entry.getName().equals("META-INF/MANIFEST.MF")) {
                jar.putNextEntry(new JarEntry(entry.getName()));
                try (InputStream bytes = in.getInputStream(entry)) {
                  bytes.transferTo(jar);
                }
                jar.closeEntry();
              }
            }
          }
        }
      }
    }
    return target;
  }
}
