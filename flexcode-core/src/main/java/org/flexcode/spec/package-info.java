/**
 * The one grammar of FlexCode's {@code name:key=value,...} specs, shared by aggregation strategies
 * and straggler patterns: {@link org.flexcode.spec.Spec} reads one spec's syntax and its typed
 * values, {@link org.flexcode.spec.SpecTable} maps names to the values they build, and {@link
 * org.flexcode.spec.SpecText} writes the canonical text back. Plain Java, no Spark.
 */
package org.flexcode.spec;
