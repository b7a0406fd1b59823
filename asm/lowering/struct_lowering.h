// Lowers PTOAS's stack-local structs (!pto.struct<T0, T1, ...>, fields scalars or nested
// structs): declaring one and reading and writing a scalar field by a constant path. A struct is
// held as a local array with one slot per scalar field, flattened in declaration order.
#ifndef PTO_ASM_LOWERING_STRUCT_LOWERING_H_
#define PTO_ASM_LOWERING_STRUCT_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %s = pto.declare_struct -> !pto.struct<f16, i8>
bool LowerDeclareStruct(FunctionBuilder& fb, const Statement& stmt);
/// %v = pto.struct_get %s[0, 1] : !pto.struct<...> -> T
/// pto.struct_set %s[0, 1], %v : !pto.struct<...>, T
bool LowerStructAccess(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_STRUCT_LOWERING_H_
