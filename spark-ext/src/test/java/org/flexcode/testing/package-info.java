/**
 * Test support: the shared Spark lifecycle as a JUnit 5 extension, project paths, and a runner for
 * Zeppelin notes.
 */
package org.flexcode.testing;
