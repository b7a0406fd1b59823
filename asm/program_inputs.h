// What ptoas does with its inputs, for any front end (ptoas, the Python module): each input,
// source text or bytecode, made into a link unit, and the units made into one program.
#ifndef PTO_ASM_PROGRAM_INPUTS_H_
#define PTO_ASM_PROGRAM_INPUTS_H_

#include <memory>
#include <string>
#include <vector>

#include "pto/asm/assembler.h"
#include "pto/asm/linker.h"
#include "pto/common/diagnostics.h"
#include "pto/common/source.h"

namespace pto::assembler {

/// Makes \a unit from one input called \a name holding \a contents: bytecode (an object, or
/// with \a alone an executable or its listing) as it is, source assembled into an object.
/// Diagnostics may point into \a sources, which must outlive them. False (reported in
/// \a diags) if the input does not assemble or load.
bool LoadUnit(const std::string& name, std::string contents, const AssembleOptions& options,
              bool alone, std::vector<std::unique_ptr<SourceFile>>& sources, Diagnostics& diags,
              LinkUnit* unit);

/// The executable of \a units: the one unit that already is one, else \a units linked with
/// \a entry as the entry (empty: the linker's choice).
bool MakeExecutable(std::vector<LinkUnit>&& units, const std::string& entry, Program* out,
                    Diagnostics& diags);

}  // namespace pto::assembler

#endif  // PTO_ASM_PROGRAM_INPUTS_H_
