// Assembles PTO source text into a program.
#ifndef PTO_ASM_ASSEMBLER_H_
#define PTO_ASM_ASSEMBLER_H_

#include "common/arch.h"
#include "common/diagnostics.h"
#include "common/program.h"
#include "common/source.h"

namespace pto::assembler {

struct AssembleOptions {
  bool arch_given = false;  ///< --arch was given; otherwise the module's pto.target_arch.
  Arch arch = Arch::kA2A3;
};

/// Parses and lowers \a file into \a program. Reports every error found (several per run)
/// and returns false if there were any.
[[nodiscard]] bool Assemble(const SourceFile& file, const AssembleOptions& options,
                            Program* program, Diagnostics& diags);

}  // namespace pto::assembler

#endif  // PTO_ASM_ASSEMBLER_H_
