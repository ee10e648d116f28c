/**
 * A model of each strategy's iteration time on M machines of C dedicated cores: machine-level
 * straggler patterns, a Monte Carlo of every strategy's stopping rule, its limits (no straggler,
 * perfect load balancing) and a simulator that prints the table from 64 to 10,000 executors. Rules
 * and patterns parse from the bench's own strategy and pattern specs (engine-only options such as
 * {@code selector=random} are ignored), so the bench's {@code model_ms} column and {@code
 * flexcode-submit simulate} (org.flexcode.bench) run the rows the bench measured. Plain Java, no
 * Spark: everything here is testable in milliseconds.
 */
package org.flexcode.model;
