/**
 * Engine types that FlexCode's trainers use but that are not API: the sliced decode, which leaves
 * an iteration's aggregate on the executors in slices and runs a function on each there.
 */
package org.flexcode.aggregation.engine.internal;
