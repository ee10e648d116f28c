/** {@code bsp}: wait for every task, as MLlib does. */
package org.flexcode.aggregation.strategy.bsp;
