/**
 * Straggler injection for tests and benchmarks, off by default. For now a seeded hook that delays
 * chosen (iteration, task) pairs; executor-level patterns build on the same entry point.
 */
package org.flexcode.stragglers;
