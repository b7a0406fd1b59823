// Complete static verification of a program read from bytecode: after it passes, the
// interpreter trusts register numbers, operand kinds, tile descriptors and jump targets.
#ifndef PTO_COMMON_VERIFIER_H_
#define PTO_COMMON_VERIFIER_H_

#include <string>
#include <vector>

#include "pto/common/diagnostics.h"
#include "pto/common/program.h"

namespace pto {

/// Where each function's parts start in the file, so errors can name byte offsets.
struct FunctionOffsets {
  size_t record = 0;
  size_t registers[kRegClassCount] = {};  ///< Each register file's count word.
  size_t code = 0;
  size_t lines = 0;
};

/// Checks everything about \a program that does not depend on run-time values. Reports each
/// problem at its byte offset in \a name (using \a offsets) and returns false if any.
[[nodiscard]] bool VerifyProgram(const Program& program,
                                 const std::vector<FunctionOffsets>& offsets,
                                 const std::string& name, Diagnostics& diags);

}  // namespace pto

#endif  // PTO_COMMON_VERIFIER_H_
