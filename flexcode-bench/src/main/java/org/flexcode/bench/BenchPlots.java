package org.flexcode.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BoxChart;
import org.knowm.xchart.BoxChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * The benchmark's plots, one pair per straggler pattern, as PNGs beside the report: the
 * distribution of iteration times per strategy (box plot) and loss against wall time.
 */
public final class BenchPlots {

  private BenchPlots() {}

  /** One run's series. */
  public record Series(
      String strategy, String pattern, double[] iterationMs, double[] endMs, double[] loss) {}

  /** Draws the plots next to {@code report}; returns the files written. */
  public static List<Path> draw(Path report, List<Series> runs) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Map<String, List<Series>> byPattern = new LinkedHashMap<>();
    for (Series s : runs) {
      byPattern.computeIfAbsent(s.pattern(), k -> new ArrayList<>()).add(s);
    }
    String name = report.getFileName().toString().replaceFirst("\\.json$", "");
    List<Path> files = new ArrayList<>();
    for (Map.Entry<String, List<Series>> entry : byPattern.entrySet()) {
      String slug = entry.getKey().replaceAll("[^A-Za-z0-9.=-]+", "_");
      BoxChart box =
          new BoxChartBuilder()
              .width(900)
              .height(500)
              .title("Iteration time, " + entry.getKey())
              .yAxisTitle("ms")
              .build();
      XYChart loss =
          new XYChartBuilder()
              .width(900)
              .height(500)
              .title("Loss against wall time, " + entry.getKey())
              .xAxisTitle("wall time (s)")
              .yAxisTitle("training loss")
              .build();
      for (Series s : entry.getValue()) {
        if (s.iterationMs() != null && s.iterationMs().length > 0) {
          box.addSeries(s.strategy(), s.iterationMs());
        }
        int n = Math.min(s.endMs().length, s.loss().length);
        if (n > 0) {
          double[] x = new double[n];
          double[] y = new double[n];
          for (int i = 0; i < n; i++) {
            x[i] = s.endMs()[i] / 1000.0;
            y[i] = s.loss()[i];
          }
          loss.addSeries(s.strategy(), x, y)
              .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        }
      }
      Path boxFile = report.resolveSibling(name + "-" + slug + "-iterations.png");
      Path lossFile = report.resolveSibling(name + "-" + slug + "-loss.png");
      BitmapEncoder.saveBitmap(box, boxFile.toString(), BitmapEncoder.BitmapFormat.PNG);
      BitmapEncoder.saveBitmap(loss, lossFile.toString(), BitmapEncoder.BitmapFormat.PNG);
      files.add(boxFile);
      files.add(lossFile);
    }
    return files;
  }

  /**
   * The shadow-quality plot: per selector, the mean cosine similarity of the shadow estimate to the
   * block's gradient against the subset fraction f (a PNG at {@code file}).
   */
  static void cosine(
      Path file,
      List<ShadowQualityExperiment.Config> configs,
      List<Double> fractions,
      double[][] cosine)
      throws IOException {
    System.setProperty("java.awt.headless", "true");
    XYChart chart =
        new XYChartBuilder()
            .width(720)
            .height(440)
            .title("Shadow estimate vs true block gradient")
            .xAxisTitle("subset fraction f")
            .yAxisTitle("mean cosine similarity")
            .build();
    for (String selector :
        configs.stream().map(ShadowQualityExperiment.Config::selector).distinct().toList()) {
      double[] x = new double[fractions.size()];
      double[] y = new double[fractions.size()];
      int k = 0;
      for (int c = 0; c < configs.size(); c++) {
        if (configs.get(c).selector().equals(selector)) {
          x[k] = configs.get(c).fraction();
          y[k] = cosine[c][0];
          k++;
        }
      }
      chart.addSeries(selector, x, y);
    }
    String name = file.getFileName().toString();
    BitmapEncoder.saveBitmap(
        chart,
        file.resolveSibling(name.substring(0, name.length() - 4)).toString(),
        BitmapEncoder.BitmapFormat.PNG);
  }
}
