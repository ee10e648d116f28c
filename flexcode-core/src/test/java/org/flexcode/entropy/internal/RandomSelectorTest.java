package org.flexcode.entropy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class RandomSelectorTest extends SubsetSelectorContractTest {

  @Override
  SubsetSelector selector() {
    return Selectors.random();
  }

  @Test
  void weightsEveryPickNOverR() {
    Selection s = selector().select(new int[40], 8, 3);
    for (double w : s.weights()) {
      assertEquals(5.0, w, 0.0);
    }
  }
}
