/** Entry points for {@code spark-submit} and the command line: jobs and benchmarks. */
package org.flexcode.cli;
