package org.flexcode.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the project root (the folder with {@code datasets/} and the root {@code pom.xml}) whatever
 * the working directory: the build passes it as {@code flexcode.project.root}; otherwise the
 * working directory and its parents are searched.
 */
public final class ProjectPaths {

  private ProjectPaths() {}

  /** The project root. */
  public static Path root() {
    String configured = System.getProperty("flexcode.project.root");
    if (configured != null && isRoot(Path.of(configured))) {
      return Path.of(configured).toAbsolutePath();
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (isRoot(p)) {
        return p;
      }
    }
    throw new IllegalStateException(
        "cannot find the FlexCode project root (a folder with datasets/ and pom.xml) from "
            + Path.of("").toAbsolutePath());
  }

  /** {@code datasets/} under the project root. */
  public static Path datasets() {
    return root().resolve("datasets");
  }

  private static boolean isRoot(Path p) {
    return Files.isDirectory(p.resolve("datasets")) && Files.isRegularFile(p.resolve("pom.xml"));
  }
}
