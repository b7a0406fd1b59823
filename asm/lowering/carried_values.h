// Values that move between regions and blocks (scf.for's iter_args, scf.yield, cf.br's block
// arguments): registers made for a type, moves made as if at once, i1 conditions.
#ifndef PTO_ASM_LOWERING_CARRIED_VALUES_H_
#define PTO_ASM_LOWERING_CARRIED_VALUES_H_

#include <vector>

#include "pto/asm/function_builder.h"
#include "pto/asm/lowering/operands.h"

namespace pto::assembler {

/// A new register holding a value of \a type; reports a type no register holds.
bool NewValueOfType(FunctionBuilder& fb, const Type& type, SourceRange where, Value* out);
/// Reads "-> T" or "-> (T, U)" result types at the end of \a items (where each is written in
/// \a ranges, if given).
bool ResultTypes(Context& ctx, ItemSpan items, std::vector<Type>* types,
                 std::vector<SourceRange>* ranges = nullptr);
/// New registers holding copies of \a values, made at \a where.
std::vector<Value> FreshCopies(FunctionBuilder& fb, const std::vector<Value>& values,
                               SourceRange where);
/// The i1 condition \a term of \a op; reports another kind of value.
bool Condition(FunctionBuilder& fb, ItemSpan term, const char* op, Resolved* cond);
/// Moves \a srcs into \a dsts as if all at once (a yield may swap values); reports a count
/// or a kind of value that differs.
bool ParallelMove(FunctionBuilder& fb, const std::vector<Value>& dsts,
                  const std::vector<Value>& srcs, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_CARRIED_VALUES_H_
