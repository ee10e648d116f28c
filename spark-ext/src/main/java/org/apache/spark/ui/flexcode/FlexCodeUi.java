package org.apache.spark.ui.flexcode;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.spark.SparkContext;
import org.apache.spark.ui.SparkUI;
import org.flexcode.ui.internal.FitListener;

/**
 * Attaches the FlexCode tab to a live application's Spark UI, once per SparkContext (the engine
 * calls it when it starts): a {@link FitListener} on the listener bus's status queue writes each
 * iteration into the application's status store, where the tab reads it. Without a UI ({@code
 * spark.ui.enabled=false}) it does nothing.
 */
public final class FlexCodeUi {

  private static final Map<SparkContext, Boolean> ATTACHED =
      Collections.synchronizedMap(new WeakHashMap<>());

  private FlexCodeUi() {}

  /** Attaches the tab and its listener to {@code sc}'s UI, unless done already or there is none. */
  public static void attach(SparkContext sc) {
    if (sc.ui().isEmpty() || ATTACHED.putIfAbsent(sc, Boolean.TRUE) != null) {
      return;
    }
    SparkUI ui = sc.ui().get();
    FitStore store = new FitStore(sc.statusStore().store());
    sc.listenerBus().addToStatusQueue(new FitListener(store::write));
    ui.attachTab(new FlexCodeTab(ui, store));
  }
}
