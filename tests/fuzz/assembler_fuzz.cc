// libFuzzer target: the assembler (lexer, parser, lowering, placement, linking). Any text must
// assemble into bytecode the loader accepts, or be rejected with at least one error message.
#include <cstddef>
#include <cstdint>
#include <string>

#include "pto/asm/assembler.h"
#include "pto/common/bytecode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  pto::SourceFile file("fuzz.pto", std::string(reinterpret_cast<const char*>(data), size));
  pto::Diagnostics diags;
  pto::Program program;
  pto::assembler::AssembleOptions options;
  if (pto::assembler::Assemble(file, options, &program, diags)) {
    std::vector<uint8_t> bytes = pto::WriteProgram(program);
    pto::Program check;
    pto::Diagnostics check_diags;
    // The listing path writes what it is told; everything else must produce loadable code.
    if (!pto::ReadProgram(bytes, "fuzz.ptobc", &check, check_diags) &&
        file.text().find("pto.listing") == std::string::npos) {
      __builtin_trap();
    }
  } else if (diags.error_count() == 0) {
    __builtin_trap();  // a rejection must say why
  }
  (void)diags.ToString();  // rendering must not crash either
  return 0;
}
