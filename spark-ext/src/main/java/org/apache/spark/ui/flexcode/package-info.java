/**
 * The Spark side of FlexCode's UI tab, in Spark's namespace because the classes it builds on are
 * {@code private[spark]} (public in bytecode): the tab ({@link
 * org.apache.spark.ui.flexcode.FlexCodeTab}), its store in the application's status store ({@link
 * org.apache.spark.ui.flexcode.FitStore}), the live attachment ({@link
 * org.apache.spark.ui.flexcode.FlexCodeUi}) and the History Server plugin ({@link
 * org.apache.spark.ui.flexcode.FlexCodeHistoryPlugin}). The page class, typed by the servlet API of
 * each Spark line, is in {@code src/main/spark-3} (javax) and {@code src/main/spark-4} (jakarta).
 * What the pages show is rendered by {@code org.flexcode.ui.internal}, which uses none of this.
 */
package org.apache.spark.ui.flexcode;
