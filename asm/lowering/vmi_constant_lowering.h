// Lowers the VMI constants of MLIR's generic form, which PTOAS's VMI passes make and its tests
// write: a logical mask or vector of fixed lanes, built from the VMI instructions that make
// one (create_mask, vxor, vor for a mask; vbrc and vsel for a vector), as PTOAS materialises it.
#ifndef PTO_ASM_LOWERING_VMI_CONSTANT_LOWERING_H_
#define PTO_ASM_LOWERING_VMI_CONSTANT_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %m = "pto.vmi.constant_mask"() {value = dense<[true, false, ...]> : tensor<Lxi1>}
///     : () -> !pto.vmi.mask<Lxpred>
bool LowerVmiConstantMask(FunctionBuilder& fb, const Statement& stmt);

/// %v = "pto.vmi.constant"() {value = dense<[1.0, 2.0, ...]> : tensor<LxT>}
///     : () -> !pto.vmi.vreg<LxT>
bool LowerVmiConstant(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_VMI_CONSTANT_LOWERING_H_
