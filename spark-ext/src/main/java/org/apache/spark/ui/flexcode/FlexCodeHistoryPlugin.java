package org.apache.spark.ui.flexcode;

import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.status.AppHistoryServerPlugin;
import org.apache.spark.status.ElementTrackingStore;
import org.apache.spark.ui.SparkUI;
import org.flexcode.ui.internal.FitListener;

/**
 * The FlexCode tab in the History Server, found by {@code ServiceLoader} ({@code
 * META-INF/services/org.apache.spark.status.AppHistoryServerPlugin}; the jar must be on the History
 * Server's class path, which also lets it read FlexCode's events from the event log): the replay
 * feeds a {@link FitListener} that writes each iteration into the application's store, and the tab
 * is attached to the rebuilt UI when the application ran FlexCode.
 */
public final class FlexCodeHistoryPlugin implements AppHistoryServerPlugin {

  @Override
  @SuppressWarnings("deprecation") // JavaConverters: deprecated in Scala 2.13, the API of both
  public scala.collection.immutable.List<SparkListener> createListeners(
      SparkConf conf, ElementTrackingStore store) {
    FitStore fits = new FitStore(store);
    List<SparkListener> listeners = List.of(new FitListener(fits::write));
    return scala.collection.JavaConverters.collectionAsScalaIterable(listeners).toList();
  }

  @Override
  public void setupUI(SparkUI ui) {
    FitStore fits = new FitStore(ui.store().store());
    if (!fits.isEmpty()) {
      ui.attachTab(new FlexCodeTab(ui, fits));
    }
  }
}
