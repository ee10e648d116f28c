/** FlexCode loaded at run time: a driver whose FlexCode classes come from a child class loader. */
package org.flexcode.classloading;
