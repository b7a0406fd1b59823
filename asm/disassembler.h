// Bytecode back to text: the listing (`ptoas -d`), which ptoas assembles into the same bytes.
#ifndef PTO_ASM_DISASSEMBLER_H_
#define PTO_ASM_DISASSEMBLER_H_

#include <string>

#include "pto/common/program.h"

namespace pto::assembler {

/// \a program as a listing: a module with `pto.listing` whose functions spell out their
/// register files, constants, tiles and instructions one to one (docs/bytecode.md,
/// "Listings"). \a name is the file it came from, for the heading comment.
std::string Disassemble(const Program& program, const std::string& name);

}  // namespace pto::assembler

#endif  // PTO_ASM_DISASSEMBLER_H_
