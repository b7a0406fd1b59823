// libFuzzer target: load a bytecode file and, if it verifies, run it on made-up arguments
// (zero-filled buffers, small scalars) with a small step limit. Whatever the program does, the
// run must end in success or an error message: no crash, no memory error, no undefined
// behaviour, no hang.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <vector>

#include "pto/common/bytecode.h"
#include "pto/interp/frontend/runner.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint8_t> bytes(data, data + size);
  pto::Diagnostics diags;
  pto::Program program;
  if (!pto::ReadProgram(bytes, "fuzz.ptobc", &program, diags) || program.is_object) return 0;
  pto::interp::RunRequest request;
  request.options.max_steps = 20000;
  request.options.threads = 1;
  request.options.blocks = 1 + static_cast<int>(size % 2);
  const pto::Function& fn = program.functions[program.entry];
  for (const pto::Param& p : fn.params) {
    switch (p.kind) {
      case pto::ParamKind::kPointer:
        request.args.push_back("zeros:8192");
        break;
      case pto::ParamKind::kMemref: {
        uint64_t elements = 1;
        for (int64_t d : p.shape) elements *= static_cast<uint64_t>(d);  // d <= 2^40, rank <= 2
        if (p.shape.size() > 1 && p.shape[0] > (1 << 20)) return 0;
        if (elements > (1u << 24)) return 0;  // stay inside the fuzzer's memory limit
        request.args.push_back("zeros");
        break;
      }
      case pto::ParamKind::kTile:
        request.args.push_back("zeros");
        break;
      case pto::ParamKind::kScalar:
        request.args.push_back(pto::IsFloat(p.dtype) ? "1.5" : "16");
        break;
      case pto::ParamKind::kLVec:
      case pto::ParamKind::kLMask:
      case pto::ParamKind::kVReg:
      case pto::ParamKind::kMask:
        return 0;  // not an entry's parameter
    }
  }
  std::ostringstream messages;
  if (pto::interp::Run(program, request, messages) != 0 && messages.str().empty()) {
    __builtin_trap();  // a failed run must say why
  }
  return 0;
}
