// The register layer's DMA between GM and UB (VPTO pto.mte_gm_ub, pto.mte_ub_gm).
#ifndef PTO_ASM_LOWERING_DMA_LOWERING_H_
#define PTO_ASM_LOWERING_DMA_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// "pto.mte_gm_ub %gm, %ub, %cache, %len nburst(%n, %src, %dst) loop(...)* pad(%v[, %l, %r])
/// : types" and "pto.mte_ub_gm %ub, %gm, %len nburst(...) loop(...)* : types".
bool LowerDmaOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_DMA_LOWERING_H_
