package org.apache.spark.ui.flexcode;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.apache.spark.ui.SparkUITab;
import org.apache.spark.ui.UIUtils;
import scala.Function0;
import scala.Option;
import scala.xml.Node;

/**
 * Spark's page template ({@code UIUtils.headerSparkPage}) across the Spark 4 lines: 4.0 and 4.1
 * take seven parameters, 4.2 eight. The first four are the request, title, body and tab; the help
 * text is empty and the visualization and data-tables flags off, as this tab has always asked;
 * every later parameter gets Spark's own default ({@code headerSparkPage$default$N}).
 */
final class HeaderSparkPage {

  private static final int FIXED = 7;
  private static final Method TEMPLATE =
      Arrays.stream(UIUtils.class.getMethods())
          .filter(m -> m.getName().equals("headerSparkPage") && m.getParameterCount() >= FIXED)
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "this Spark has no UIUtils.headerSparkPage of 7 or more parameters"));

  private HeaderSparkPage() {}

  @SuppressWarnings("unchecked")
  static scala.collection.immutable.Seq<Node> render(
      HttpServletRequest request,
      String title,
      Function0<scala.collection.immutable.Seq<Node>> body,
      SparkUITab tab) {
    Object[] args = new Object[TEMPLATE.getParameterCount()];
    args[0] = request;
    args[1] = title;
    args[2] = body;
    args[3] = tab;
    args[4] = Option.empty();
    args[5] = false;
    args[6] = false;
    try {
      for (int i = FIXED; i < args.length; i++) {
        args[i] = UIUtils.class.getMethod("headerSparkPage$default$" + (i + 1)).invoke(null);
      }
      return (scala.collection.immutable.Seq<Node>) TEMPLATE.invoke(null, args);
    } catch (IllegalAccessException | NoSuchMethodException e) {
      throw new IllegalStateException("cannot call Spark's UIUtils.headerSparkPage", e);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new IllegalStateException(e.getCause());
    }
  }
}
