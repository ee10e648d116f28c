package org.flexcode.aggregation;

import java.io.Serializable;

/**
 * One term of an iteration's decode: {@code weight} times entries {@code [offset, offset +
 * dimension)} of task {@code task}'s result (the whole result of a primary, one block's slice of a
 * shadow's). Every family's decode is a sum of such terms ({@link TaskLayout#terms}).
 */
public record CombinationTerm(int task, int offset, double weight) implements Serializable {}
