/**
 * Readers for the bundled data formats (LIBSVM, the Avazu CTR CSV, MovieLens rating CSV, the UCI
 * bag-of-words docword and vocab files) that check every line and fail with an error naming the
 * file and the line.
 */
package org.flexcode.data;
