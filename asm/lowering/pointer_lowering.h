// Lowers pointers into global memory and the scalars read and written through them.
#ifndef PTO_ASM_LOWERING_POINTER_LOWERING_H_
#define PTO_ASM_LOWERING_POINTER_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %v = pto.load_scalar %ptr[%i] : !pto.ptr<T> -> T (also pto.load)
bool LowerLoadScalar(FunctionBuilder& fb, const Statement& stmt);
/// pto.store_scalar %v, %ptr[%i] : !pto.ptr<T>, T (also pto.store)
bool LowerStoreScalar(FunctionBuilder& fb, const Statement& stmt);
/// %q = pto.addptr %p, %offset : !pto.ptr<T> -> !pto.ptr<T>
bool LowerAddPtr(FunctionBuilder& fb, const Statement& stmt);
/// %b = llvm.bitcast %x : vector<2xf16> to i32: a packed SIMT pair's bits as an integer.
bool LowerPackedBitcast(FunctionBuilder& fb, const Statement& stmt);

/// PTOAS v0.60's rule on pto.inttoptr: its result is only the pointer of pto.load_scalar or
/// pto.store_scalar (no addptr, view or call may take it). Reports each other use in \a body.
void CheckIntToPtrUses(Context& ctx, StatementSpan body);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_POINTER_LOWERING_H_
