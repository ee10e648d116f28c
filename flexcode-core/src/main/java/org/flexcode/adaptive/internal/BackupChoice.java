package org.flexcode.adaptive.internal;

/**
 * One iteration's choice of {@code ignore:b=auto}: leave out the {@code b} slowest tasks; {@code
 * recordsPerSecond} is the progress the history predicts for that b (NaN without history), and
 * {@code reason} says why, for the log and the iteration record.
 */
public record BackupChoice(int b, double recordsPerSecond, String reason) {}
