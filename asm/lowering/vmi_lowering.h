// The VMI layer's operations (pto.vmi.*, the VMI ISA pages of PTOAS v0.60).
#ifndef PTO_ASM_LOWERING_VMI_LOWERING_H_
#define PTO_ASM_LOWERING_VMI_LOWERING_H_

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

/// "%v = pto.vmi.vadd %a, %b, %m : V, V, M -> V": as LowerVectorUbOp (inside a vector scope or
/// not), after choosing among the
/// rows spelled alike the one whose first operand is of the class of the first value written
/// (vand of two masks is a mask operation; vbrc of a scalar and of a compact vector differ).
bool LowerVmiOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_VMI_LOWERING_H_
