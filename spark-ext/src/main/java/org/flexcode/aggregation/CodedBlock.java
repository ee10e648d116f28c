package org.flexcode.aggregation;

import java.io.Serializable;
import java.util.List;

/** The records of one data block, as cached inside a coded partition. */
record CodedBlock<T>(int block, List<T> records) implements Serializable {}
