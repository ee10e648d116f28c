package org.flexcode.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code chromium} in headless mode, one process per call: the DOM of a page after its
 * scripts ran ({@code --dump-dom}) or a PNG screenshot. Each call gets a fresh profile folder.
 */
public final class HeadlessChromium {

  private static final String BINARY = "/usr/bin/chromium";
  private static final long TIMEOUT_SECONDS = 60;

  private final Path profiles;

  /** Chromium with its profile folders under {@code profiles}. */
  public HeadlessChromium(Path profiles) {
    if (!Files.isExecutable(Path.of(BINARY))) {
      throw new IllegalStateException(
          BINARY + " is missing: install Debian's chromium package (apt-get install -y chromium)");
    }
    this.profiles = profiles;
  }

  /** The DOM of {@code url} once loaded. */
  public String dom(String url) throws IOException, InterruptedException {
    return run(List.of("--dump-dom", url));
  }

  /** Saves a 1400x1000 screenshot of {@code url} to {@code png}. */
  public void screenshot(String url, Path png) throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    run(List.of("--screenshot=" + png.toAbsolutePath(), "--window-size=1400,1000", url));
    if (!Files.isRegularFile(png) || Files.size(png) == 0) {
      throw new IllegalStateException("chromium wrote no screenshot of " + url + " to " + png);
    }
  }

  private String run(List<String> args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                BINARY,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(profiles, "chromium")));
    command.addAll(args);
    Path log = Files.createTempFile(profiles, "chromium", ".log");
    Path out = Files.createTempFile(profiles, "chromium", ".out");
    Process process =
        new ProcessBuilder(command)
            .redirectError(log.toFile())
            .redirectOutput(out.toFile())
            .start();
    process.getOutputStream().close();
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException(
          "chromium did not finish in " + TIMEOUT_SECONDS + " s: " + command);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "chromium exited with " + process.exitValue() + ": " + Files.readString(log));
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }
}
