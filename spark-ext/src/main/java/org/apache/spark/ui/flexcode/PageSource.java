package org.apache.spark.ui.flexcode;

import java.util.function.UnaryOperator;

/** What one page of the tab shows for a request, given the request's query parameters. */
@FunctionalInterface
interface PageSource {

  /** The page's title and HTML body; {@code parameters} maps a parameter name to its value. */
  Page render(UnaryOperator<String> parameters);

  /** A page's title and body. */
  record Page(String title, String html) {}
}
