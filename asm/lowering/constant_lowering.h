// Lowers scalar constants: they become constant registers, shared by equal constants.
#ifndef PTO_ASM_LOWERING_CONSTANT_LOWERING_H_
#define PTO_ASM_LOWERING_CONSTANT_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %c = arith.constant 16 : index    %t = arith.constant true    .const %c = 16 : index
bool LowerConstant(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_CONSTANT_LOWERING_H_
