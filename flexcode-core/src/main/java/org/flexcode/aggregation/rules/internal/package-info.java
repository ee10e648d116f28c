/** Decision rules more than one family uses: the fastest n - b results rescaled to all records. */
package org.flexcode.aggregation.rules.internal;
