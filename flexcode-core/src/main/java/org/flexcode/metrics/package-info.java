/**
 * What an iteration did (which tasks ran, finished, were used and cancelled, how long the driver
 * waited, what decoding cost) and the figures and reports made of it: the jobs' JSON run report and
 * the helpers every report shares (percentiles and means, time to target, relative error, JSON
 * writing).
 */
package org.flexcode.metrics;
