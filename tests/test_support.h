// Helpers for unit tests: assemble source text and run it in-process.
#ifndef PTO_TESTS_TEST_SUPPORT_H_
#define PTO_TESTS_TEST_SUPPORT_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/vm/core.h"

namespace pto::testing {

/// Assembles \a source (failing the current test if it has errors). The result is also
/// written to bytecode and read back through the verifier.
Program Assemble(std::string_view source, Arch arch = Arch::kA2A3);
/// Assembles \a source, which must fail; returns the rendered messages (file name "test.pto").
std::string AssembleErrors(std::string_view source, Arch arch = Arch::kA2A3);

/// Inputs for Execute: tile parameters by name (logical row-major values, converted to the
/// tile's element type), global buffers by parameter name (values of the element type),
/// scalars by name.
struct Inputs {
  std::map<std::string, std::vector<double>> tiles;
  std::map<std::string, std::vector<double>> buffers;
  std::map<std::string, double> scalars;
  uint64_t max_steps = 1000000;  ///< Small, so tests of runaway loops stay fast.
  bool audit_accesses = false;   ///< Run under the access audit (interp/vm/access_audit.h).
  interp::Arith arith = interp::Arith::kNpu;  ///< How instructions round (ptorun --arith).
};

struct Outputs {
  bool ok = false;
  std::string fault;
  std::map<std::string, std::vector<double>> tiles;    ///< Every named tile, row-major, whole.
  std::map<std::string, std::vector<double>> buffers;  ///< Every pointer parameter's buffer.
};

/// Runs the entry function of \a program on \a inputs.
Outputs Execute(const Program& program, const Inputs& inputs);

/// Assemble + Execute.
Outputs Run(std::string_view source, const Inputs& inputs, Arch arch = Arch::kA2A3);

}  // namespace pto::testing

#endif  // PTO_TESTS_TEST_SUPPORT_H_
