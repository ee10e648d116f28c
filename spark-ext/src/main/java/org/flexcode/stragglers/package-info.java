/**
 * Straggler injection for tests and benchmarks, off by default: seeded patterns (values parsed from
 * specs such as {@code slow-worker:p=0.2,max=2} through the shared spec grammar), most of them
 * worker-level (one factor per executor and iteration), the compute mode ({@code real} or {@code
 * emulated:block-ms=T}) and the injector that applies both inside tasks, and a hook that delays
 * chosen (iteration, task) pairs. The patterns themselves ({@link
 * org.flexcode.stragglers.StragglerPattern}, its table and records, {@link
 * org.flexcode.stragglers.TaskSlot}) are plain Java in flexcode-core under this package name, where
 * the model parses the same specs.
 */
package org.flexcode.stragglers;
