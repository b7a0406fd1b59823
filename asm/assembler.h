// Assembles PTO source text into a program.
#ifndef PTO_ASM_ASSEMBLER_H_
#define PTO_ASM_ASSEMBLER_H_

#include <string>

#include "pto/asm/context.h"
#include "pto/asm/format_limits.h"
#include "pto/common/arch.h"
#include "pto/common/diagnostics.h"
#include "pto/common/program.h"
#include "pto/common/source.h"

namespace pto::assembler {

struct AssembleOptions {
  bool arch_given = false;  ///< --arch was given; otherwise the module's pto.target_arch.
  /// --pto-arch was given: as in PTOAS, the module's pto.target_arch (or an A5
  /// pto.device-spec) comes first and \a arch is only the fallback.
  bool module_arch_first = false;
  Arch arch = Arch::kA2A3;
  Backend backend = Backend::kEmitC;  ///< --pto-backend (a listing keeps its own)
  std::string entry;  ///< --entry: the executable's entry function, by name.
  AddressMode address_mode = AddressMode::kEither;  ///< --pto-level
  /// The bytecode format's limits, checked where the source crosses them (tests lower them).
  FormatLimits limits;
};

/// Parses and lowers \a file into \a program, an object (program->is_object): it may declare
/// functions that other files define. Reports every error found (several per run) and returns
/// false if there were any.
[[nodiscard]] bool AssembleUnit(const SourceFile& file, const AssembleOptions& options,
                                Program* program, Diagnostics& diags);

/// Assembles \a file on its own into an executable: AssembleUnit, then Link with nothing else.
[[nodiscard]] bool Assemble(const SourceFile& file, const AssembleOptions& options,
                            Program* program, Diagnostics& diags);

}  // namespace pto::assembler

#endif  // PTO_ASM_ASSEMBLER_H_
