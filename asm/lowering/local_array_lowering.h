// Lowers core-local arrays of scalars (!pto.local_array<NxT>, and vector<NxT> values such as
// tmrgsort's counts, held as local arrays): declaring them and reading and writing elements.
#ifndef PTO_ASM_LOWERING_LOCAL_ARRAY_LOWERING_H_
#define PTO_ASM_LOWERING_LOCAL_ARRAY_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %a = pto.declare_local_array -> !pto.local_array<N x T>: N scalars of type T that live as
/// long as the function's frame.
bool LowerDeclareLocalArray(FunctionBuilder& fb, const Statement& stmt);
/// pto.local_array_set %a[%i], %v : !pto.local_array<NxT>, T
/// %v = pto.local_array_get %a[%i] : !pto.local_array<NxT> -> T
/// %v = vector.extract %a[k] : T from vector<NxT>
bool LowerLocalArrayAccess(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_LOCAL_ARRAY_LOWERING_H_
