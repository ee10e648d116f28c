/**
 * The decision logic of the adaptive strategies, plain Java without Spark: how many of the slowest
 * tasks {@code ignore:b=auto} leaves out of the next iteration ({@link
 * org.flexcode.adaptive.internal.BackupChooser}) and which mode {@code auto} runs on its cached
 * layout ({@link org.flexcode.adaptive.internal.ModeChooser}), from the task times the engine (or
 * the model) observed, and for {@code auto} the spread of the workers' gradients ({@link
 * org.flexcode.adaptive.internal.GradientSpread}). The engine's decoders and the model's rules both
 * drive these classes.
 */
package org.flexcode.adaptive.internal;
