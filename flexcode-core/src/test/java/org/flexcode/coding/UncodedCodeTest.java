package org.flexcode.coding;

import java.util.ArrayList;
import java.util.List;

class UncodedCodeTest extends GradientCodeContractTest {
  @Override
  List<GradientCode> codes() {
    List<GradientCode> codes = new ArrayList<>();
    for (int n = 1; n <= MAX_N; n++) {
      codes.add(GradientCode.uncoded(n));
    }
    return codes;
  }
}
