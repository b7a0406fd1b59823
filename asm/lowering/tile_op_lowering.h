// Lowers any instruction of the ISA table, in any of its spellings, from its operand schema.
#ifndef PTO_ASM_LOWERING_TILE_OP_LOWERING_H_
#define PTO_ASM_LOWERING_TILE_OP_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// Lowers \a stmt, an instance of \a info, into one instruction (plus the view arithmetic an
/// indexed operand needs). Reports every problem found; returns false if there was one.
bool LowerTileOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_TILE_OP_LOWERING_H_
