// Lowers a function's interface: its parameters (func.func arguments and the synchronous form's
// .arg), calls of other functions and return.
#ifndef PTO_ASM_LOWERING_FUNCTION_LOWERING_H_
#define PTO_ASM_LOWERING_FUNCTION_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

class BodyLowering;

/// Makes a function parameter for %name of \a type (func.func arguments and .arg); reports a
/// type no parameter can have at \a type_range.
bool AddParam(FunctionBuilder& fb, const Item& name, const Type& type, SourceRange type_range);
/// .arg %a : TYPE
bool LowerArg(FunctionBuilder& fb, const Statement& stmt);
/// %r = func.call @f(%a, %b) : (T, U) -> R (also call @f(...))
bool LowerCall(FunctionBuilder& fb, const Statement& stmt);
/// return [%a, ... : T, ...] (also func.return): only at the end of a function body.
bool LowerReturn(BodyLowering& body, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_FUNCTION_LOWERING_H_
