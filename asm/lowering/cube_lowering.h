// The cube side of the register layer (VPTO micro-isa 16 and 02): copies between GM, L1, UB,
// BT and FB, the ND/DN -> NZ load, the L0A/L0B loads, mad* and the fixpipe stores.
#ifndef PTO_ASM_LOWERING_CUBE_LOWERING_H_
#define PTO_ASM_LOWERING_CUBE_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// "pto.mad %a, %b, %c, %m, %n, %k disable_gemv sat : types" and its kin: positional operands,
/// then clauses (bare words such as nz2nd, groups such as nburst(...) or pre_quant(%p, mode =
/// ...)), then an optional {transpose = true}. Only the pointer types after ':' are checked.
bool LowerCubeOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_CUBE_LOWERING_H_
