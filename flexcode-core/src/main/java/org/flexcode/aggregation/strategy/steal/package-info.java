/** {@code steal}: work stealing over cached chunk copies (the {@code copies} layout), exact. */
package org.flexcode.aggregation.strategy.steal;
