package org.apache.spark.ui.flexcode;

import org.apache.spark.ui.SparkUI;
import org.apache.spark.ui.SparkUITab;
import org.flexcode.ui.internal.ExecutorVerdicts;
import org.flexcode.ui.internal.FlexCodePages;

/**
 * The FlexCode tab ({@code /flexcode/}): the application's fits, and a page per fit ({@code
 * /flexcode/fit/?id=N}), read from a {@link FitStore}.
 */
final class FlexCodeTab extends SparkUITab {

  /** The tab's path below the UI's root. */
  public static final String PREFIX = "flexcode";

  /** The per-executor verdicts of the fit page: the straggler report's. */
  static final ExecutorVerdicts VERDICTS = ExecutorVerdicts.STRAGGLER_REPORT;

  FlexCodeTab(SparkUI ui, FitStore store) {
    super(ui, PREFIX);
    attachPage(
        new FlexCodePage(
            "",
            this,
            parameters -> new PageSource.Page("FlexCode", FlexCodePages.fits(store.all()))));
    attachPage(
        new FlexCodePage(
            FlexCodePages.FIT_PAGE,
            this,
            parameters -> {
              String key = parameters.apply(FlexCodePages.FIT_PARAMETER);
              return new PageSource.Page(
                  FlexCodePages.fitTitle(key == null ? "?" : key),
                  FlexCodePages.fit(key, store.fit(key), VERDICTS));
            }));
  }

  @Override
  public String name() {
    return "FlexCode";
  }
}
