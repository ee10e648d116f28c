/**
 * The aggregation engine: sets up a layout, submits each iteration as one asynchronous job, gathers
 * results through an accumulator as tasks finish, asks the bound strategy whether they suffice,
 * cancels the rest, recovers from lost tasks and writes the iteration record. It names no strategy
 * family: a strategy brings its own layout ({@link org.flexcode.aggregation.engine.LayoutSource})
 * or launches ({@link org.flexcode.aggregation.LaunchSource}) as capabilities.
 */
package org.flexcode.aggregation.engine;
