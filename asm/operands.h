// Turning written operands into values: names, literals, addresses and indexed views.
#ifndef PTO_ASM_OPERANDS_H_
#define PTO_ASM_OPERANDS_H_

#include <vector>

#include "asm/function_builder.h"
#include "asm/op_form.h"

namespace pto::assembler {

/// A resolved operand: its value, plus the index operands of "%view[%i, %j]".
struct Resolved {
  Value value;
  std::vector<Value> indices;
  SourceRange range;
};

/// Resolves \a term: %name (or %name#N), an integer or float literal (made a constant of
/// \a literal_type, or of i32/f32 when that is kInvalid), true/false, or @tile(ADDRESS).
/// Reports problems and returns false.
bool Resolve(FunctionBuilder& fb, ItemSpan term, DType literal_type, Resolved* out);

/// Reads a constant integer from a literal or a constant value (for addresses, shapes...).
bool ConstantInt(const Resolved& r, int64_t* value);

/// A short description of what kind of value \a v is, for messages ("a tile", "an index").
std::string Describe(const Value& v);

}  // namespace pto::assembler

#endif  // PTO_ASM_OPERANDS_H_
