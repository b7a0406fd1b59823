// libFuzzer target: the bytecode loader. Any input must be read and verified, or rejected with
// a message; nothing may crash, hang or touch memory it should not (built with ASan + UBSan).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pto/common/bytecode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  pto::Diagnostics diags;
  pto::Program program;
  if (pto::ReadProgram(bytes, "fuzz.ptobc", &program, diags)) {
    // What loads must write back to the same bytes (the writer and reader agree).
    std::vector<uint8_t> again = pto::WriteProgram(program);
    pto::Program reread;
    pto::Diagnostics ignored;
    if (!pto::ReadProgram(again, "again.ptobc", &reread, ignored)) __builtin_trap();
  } else if (diags.error_count() == 0) {
    __builtin_trap();  // a rejection must say why
  }
  return 0;
}
