// The register layer's micro-instructions (VPTO) and their vector scopes.
#ifndef PTO_ASM_LOWERING_VECTOR_LOWERING_H_
#define PTO_ASM_LOWERING_VECTOR_LOWERING_H_

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

/// "%r = pto.vadd %a, %b, %m : T, T, M -> T", "pto.vsts %v, %p[%o], %m {dist = "NORM"} : ...",
/// "%m = pto.pset_b32 "PAT_ALL" : M": the written operands fill the operand schema in order
/// (a "%p[%o]" fills two slots, a string the next "@name" immediate, a dictionary the others
/// by name); results are made from the types after "->" (or after the operands' types). A
/// UB pointer result (a post-update form's advanced base) has the base pointer's type; an
/// optional result not written is absent; an optional operand of another register class than
/// the value written is skipped (vdup's vector or scalar source); "@elem_bytes" takes the
/// element size of the pointer before it.
bool LowerVectorOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

/// The same for the UB-to-UB helpers (vbitsort, vmrgsort4, get_vms4_sr), which the vector
/// unit runs from scalar code: no vector scope needed.
bool LowerVectorUbOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

/// pto.vecscope { ... } and pto.strict_vecscope(%a, ...) { ^bb0(%x: T, ...): ... } {attrs}:
/// the region the vector micro-instructions run in (a strict scope sees only its arguments).
bool LowerVecScope(BodyLowering& body, const Statement& stmt);

/// %p = pto.castptr %a : i64 -> !pto.ptr<T, ub>, or between GM pointers of two element types.
bool LowerCastPtr(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_VECTOR_LOWERING_H_
