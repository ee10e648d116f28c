package org.flexcode.coding;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;

@Tag("unit")
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
