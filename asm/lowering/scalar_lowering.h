// Lowers arith-dialect operations on scalars.
#ifndef PTO_ASM_LOWERING_SCALAR_LOWERING_H_
#define PTO_ASM_LOWERING_SCALAR_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// Lowers \a stmt, an arith operation described by \a info:
///   %r = arith.addi %a, %b : i32          %r = arith.cmpi slt, %a, %b : index
///   %r = arith.select %c, %a, %b : f32    %r = arith.index_cast %a : i32 to index
bool LowerScalarOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_SCALAR_LOWERING_H_
