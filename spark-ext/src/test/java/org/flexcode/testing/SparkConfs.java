package org.flexcode.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Spark conf entries ({@code "key=value"}) that {@link SparkExtension} sets on a test class's
 * context after its own defaults.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SparkConfs {
  String[] value();
}
