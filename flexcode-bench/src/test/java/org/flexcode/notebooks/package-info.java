/** Tests that the project's notebooks run: the Zeppelin note through an embedded Scala REPL. */
package org.flexcode.notebooks;
