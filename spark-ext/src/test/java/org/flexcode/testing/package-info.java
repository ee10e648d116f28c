/** Test support: the shared Spark lifecycle as a JUnit 5 extension, and project paths. */
package org.flexcode.testing;
