/**
 * What an iteration did (which tasks ran, finished, were used and cancelled, how long the driver
 * waited, what decoding cost) and the figures and reports made of it: the jobs' JSON run report,
 * the straggler report of a fit (which executors straggled, what was done, the time bsp would have
 * taken) and the helpers every report shares (percentiles and means, time to target, relative
 * error, JSON writing).
 */
package org.flexcode.metrics;
