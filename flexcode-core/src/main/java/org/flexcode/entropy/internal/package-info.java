/**
 * Entropy-rich subsets for shadow tasks (FlexEnt): feature filters that colour records (read
 * through the serializable accessors of {@code RecordFunctions}), the joint colour and joint
 * entropy of a subset, and selectors that pick a weighted subset of a block whose weighted
 * statistic estimates the block's statistic without bias. Plain Java, no Spark import.
 */
package org.flexcode.entropy.internal;
