// The repeat layer's spellings (A2/A3): vec_* instructions written
//   pto.vec_adds ins(%src, %k : !pto.ptr<f16, ub>, f16) outs(%dst : !pto.ptr<f16, ub>)
//       {mask = 128, repeat = 4, dst_rep_stride = 8, src_rep_stride = 8}
// with UB pointers or vec tiles, and data_move between GM and UB or within UB.
#ifndef PTO_ASM_LOWERING_REPEAT_LOWERING_H_
#define PTO_ASM_LOWERING_REPEAT_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"
#include "pto/grammar/syntax.h"

namespace pto::assembler {

/// vec_add ... vec_dup: operands from ins(...) outs(...), repeat, strides and mask from the
/// attribute dictionary (literals or SSA integers).
bool LowerRepeatOp(FunctionBuilder& fb, const OpInfo& info, const grammar::Statement& stmt);
/// data_move: the row of its direction (GM -> UB, UB -> GM, UB -> UB) from its pointers.
bool LowerDataMove(FunctionBuilder& fb, const OpInfo& info, const grammar::Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_REPEAT_LOWERING_H_
