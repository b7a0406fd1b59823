// Turning written operands into values: names, literals, addresses and indexed views.
#ifndef PTO_ASM_LOWERING_OPERANDS_H_
#define PTO_ASM_LOWERING_OPERANDS_H_

#include <vector>

#include "pto/asm/function_builder.h"
#include "pto/asm/lowering/op_form.h"

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

/// The value of \a literal (integer, float, hex float bits, true/false) as a constant of
/// \a type: floats rounded to the type, integers wrapped to its width (200 : i8 is -56).
/// Reports literals that do not fit.
bool LiteralValue(Context& ctx, const Item& literal, DType type, int64_t* int_value,
                  double* real_value);

/// Reads a constant integer from a literal or a constant value (for addresses, shapes...).
bool ConstantInt(const Resolved& r, int64_t* value);

/// A short description of what kind of value \a v is, for messages ("a tile", "an index").
std::string Describe(const Value& v);

/// Checks that \a stmt names \a n results ("%r = op ...", none when \a n is 0); reports it
/// if not.
bool ExpectResults(Context& ctx, const Statement& stmt, size_t n);
/// Binds the result names of \a stmt (%r, or %r:N for N of them) to \a values, reporting a
/// count that differs.
bool DefineResults(FunctionBuilder& fb, const Statement& stmt, const std::vector<Value>& values);

/// "" if \a written, a type given for value \a v, is its type; else the message saying it is
/// not. A view's '?' sizes match any size; opaque types are not checked.
std::string WrittenTypeProblem(const Value& v, const Type& written);
/// Checks the types \a types (written at \a ranges; a signature's list) given for \a values,
/// \a what ("returned values", "arguments"): one per value, each the value's type.
bool CheckWrittenTypes(Context& ctx, const std::vector<Type>& types,
                       const std::vector<SourceRange>& ranges, const std::vector<Value>& values,
                       SourceRange where, const char* what);
/// The same for the types after the ':' of \a stmt ("return %a, %b : T, U") as MLIR has them:
/// written exactly when there are values.
bool CheckTypesAfterColon(Context& ctx, const Statement& stmt, const std::vector<Value>& values,
                          const char* what);

/// Reads a one-result cast "%r = op %x : T -> U": resolves %x (as \a want when it is a
/// literal), checks that T is its type, and sets \a sig (U is sig->results[0]). \a form is the
/// spelling a malformed statement is told ("pto.bitcast %tile : T -> U").
bool ReadCast(FunctionBuilder& fb, const Statement& stmt, DType want, const char* form,
              Resolved* src, Signature* sig);

/// The type a declaration ends with, "-> T" or ": T"; reports \a missing where neither is
/// written.
bool DeclaredType(Context& ctx, const Statement& stmt, const char* missing, Type* type);

/// An integer scalar operand (index, iN; a literal is made an index constant).
bool IntOperand(FunctionBuilder& fb, ItemSpan term, Value* out);
/// The integers of a bracketed list of operands ("[%a, 16]").
bool IndexList(FunctionBuilder& fb, const Item& group, std::vector<Value>* values);

/// A value that scf carries, a call passes or a function returns: any value but a local array,
/// an !pto.fmatrix_config or an event, which stay where they are made.
bool CarriedValue(FunctionBuilder& fb, ItemSpan term, Value* out);
/// The carried values of a comma-separated operand list (scf.yield %a, %b).
bool ValueList(FunctionBuilder& fb, ItemSpan items, std::vector<Value>* values);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_OPERANDS_H_
