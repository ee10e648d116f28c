/**
 * The benchmarks and experiments around the library, in a jar of their own: {@code flexcode-submit
 * bench} ({@link org.flexcode.bench.BenchSubmit}: strategies x straggler patterns against MLlib,
 * the shadow-quality experiment), the MLlib baselines and the listener that times them, the plots,
 * and the {@code run-class} benchmarks and quality checks.
 */
package org.flexcode.bench;
