package org.apache.spark.ui.flexcode;

import jakarta.servlet.http.HttpServletRequest;
import org.apache.spark.ui.SparkUITab;
import org.apache.spark.ui.WebUIPage;
import scala.runtime.AbstractFunction0;
import scala.xml.Node;
import scala.xml.Unparsed;

/**
 * One page of the FlexCode tab for Spark 4 (jakarta.servlet): the {@link PageSource}'s HTML inside
 * the Spark UI's own header, navigation and CSS ({@code UIUtils.headerSparkPage}). Spark 4.2 added
 * an eighth parameter to that method; this page passes Spark's own default for it, and the tail of
 * booleans is found at run time, so one jar renders on Spark 4.0, 4.1 and 4.2.
 */
final class FlexCodePage extends WebUIPage {

  private final SparkUITab tab;
  private final PageSource source;

  FlexCodePage(String prefix, SparkUITab tab, PageSource source) {
    super(prefix);
    this.tab = tab;
    this.source = source;
  }

  @Override
  public scala.collection.immutable.Seq<Node> render(HttpServletRequest request) {
    PageSource.Page page = source.render(request::getParameter);
    return HeaderSparkPage.render(request, page.title(), new Body(page.html()), tab);
  }

  /** The page's HTML as the node sequence Spark's page template takes. */
  private static final class Body extends AbstractFunction0<scala.collection.immutable.Seq<Node>> {
    private final String html;

    Body(String html) {
      this.html = html;
    }

    @Override
    public scala.collection.immutable.Seq<Node> apply() {
      return new Unparsed(html);
    }
  }
}
