/**
 * What-if analysis of a Spark application's event log: the parser of its JSON lines ({@link
 * org.flexcode.whatif.EventLogParser}), the training iterations it finds in it ({@link
 * org.flexcode.whatif.FitFinder}) and the model's prediction of each FlexCode strategy on them
 * ({@link org.flexcode.whatif.WhatIf}). Plain Java: no Spark import.
 */
package org.flexcode.whatif;
