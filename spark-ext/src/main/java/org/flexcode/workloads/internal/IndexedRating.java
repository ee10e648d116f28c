package org.flexcode.workloads.internal;

import java.io.Serializable;

/**
 * One observed rating of matrix factorization: dense user index (0-based), dense item index
 * (0-based) and the rating value.
 */
public record IndexedRating(int user, int item, double rating) implements Serializable {}
