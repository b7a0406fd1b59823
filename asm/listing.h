// Listings: the text `ptoas -d` prints, read back into exactly the bytecode it came from. A
// listing spells out each function's register files, constants, tiles and instructions one to
// one, so no lowering or placement happens (docs/bytecode.md, "Listings").
#ifndef PTO_ASM_LISTING_H_
#define PTO_ASM_LISTING_H_

#include <vector>

#include "pto/asm/context.h"
#include "pto/common/program.h"

namespace pto::assembler {

/// True if the file's module carries the `pto.listing` attribute.
bool IsListing(StatementSpan top);

/// Builds \a program from a listing: the module's attributes (an object with `pto.object`,
/// else an executable whose entry is `pto.entry = N`) and its func.func statements, in order.
/// Reports every malformed statement; returns false if there was one.
bool LowerListing(Context& ctx, Program& program, StatementSpan top,
                  const std::vector<const Statement*>& funcs);

}  // namespace pto::assembler

#endif  // PTO_ASM_LISTING_H_
