// Places tiles that no instruction binds at non-overlapping addresses (auto mode).
#ifndef PTO_ASM_PLACEMENT_H_
#define PTO_ASM_PLACEMENT_H_

#include "asm/function_builder.h"

namespace pto::assembler {

/// Gives every tile register that is bound neither statically nor at run time an address
/// in its memory that overlaps no statically bound tile and no other placed tile. Reports
/// tiles that do not fit.
bool PlaceTiles(FunctionBuilder& fb);

}  // namespace pto::assembler

#endif  // PTO_ASM_PLACEMENT_H_
