// What a func.func statement declares beyond the pieces of its header (func_header.h): the
// marks its attributes give it, its result types and its parameters, each checked as PTOAS
// v0.60 checks them. ModuleLowering::Declare (assembler.cc) puts them into the program.
#ifndef PTO_ASM_FUNC_DECLARATION_H_
#define PTO_ASM_FUNC_DECLARATION_H_

#include <vector>

#include "pto/asm/func_header.h"
#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// What the attributes say of a function.
struct FuncMarks {
  bool is_entry = false;       ///< pto.entry.
  bool simt_entry = false;     ///< pto.simt_entry (its budgets checked).
  bool is_kernel = false;      ///< pto.kernel.
  bool tileop_helper = false;  ///< pto.tileop.helper (asm/lowering/tileop_helper.h).
  KernelKind kind = KernelKind::kAny;  ///< pto.kernel_kind, or its submodule's kind.
};

/// Reads the marks of \a header's attributes, reporting names that mean nothing, SIMT budgets
/// out of place and a kernel kind other than \a scope, the kind of the function's submodule
/// (KernelKind::kAny outside one), which wins.
FuncMarks ReadFuncMarks(Context& ctx, const FuncHeader& header, KernelKind scope);

/// Reads the result types: scalars into \a results, tiles and views (handed back by reference,
/// see LowerReturn) into \a memory_results. False (reported) when they cannot be read or mix
/// the two; a count past the format's limit is reported and read anyway.
bool ReadFuncResults(Context& ctx, const FuncHeader& header, std::vector<DType>* results,
                     std::vector<Type>* memory_results);

/// Adds \a header's parameters to \a builder; a declaration's unnamed ones are named %arg0,
/// %arg1, ... for messages, as MLIR prints them. Tileop helpers take tiles and scalars only.
void DeclareFuncParams(Context& ctx, const FuncHeader& header, bool tileop_helper,
                       FunctionBuilder& builder);

/// Whether \a a and \a b take and return the same kinds and types (a declaration and its
/// definition must).
bool SameSignature(const Function& a, const Function& b);

}  // namespace pto::assembler

#endif  // PTO_ASM_FUNC_DECLARATION_H_
