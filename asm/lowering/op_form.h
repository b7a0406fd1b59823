// Reads an operation's operands, results, attributes and types whatever its spelling:
// synchronous ("%d = tadd %a, %b : T"), SSA ("%d = pto.tadd %a, %b : (T, T) -> T"), DPS
// ("pto.tadd ins(%a, %b : T, T) outs(%d : T)"), DPS inputs with results
// ("%v = pto.tgetval ins(%t, %k : T, index) outs : f32", read as SSA: the types after
// "outs :" are the results') or a call ("pto.comm.tput(%d, %s : T, U) {...}").
#ifndef PTO_ASM_LOWERING_OP_FORM_H_
#define PTO_ASM_LOWERING_OP_FORM_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "pto/asm/context.h"
#include "pto/asm/type_parser.h"

namespace pto::assembler {

/// One operand as written.
struct Operand {
  ItemSpan term;             ///< The value, literal or indexed value (%v[%i, %j]).
  bool has_type = false;     ///< A type was written for it (DPS list or SSA signature).
  Type type;
  SourceRange range() const { return SpanRange(term); }
};

/// An attribute from an attribute dictionary.
struct Attribute {
  SourceRange range;
  ItemSpan value;  ///< Empty for a unit attribute.
};

struct OpForm {
  bool dps = false;  ///< The outputs are written in outs(...); otherwise they are results.
  std::vector<Operand> ins;
  std::vector<Operand> outs;              ///< DPS outs(...).
  std::vector<Type> result_types;         ///< SSA: types after "->" (or "outs :"), if any.
  std::vector<SourceRange> result_ranges;  ///< Where each of result_types is written.
  Signature signature;                    ///< SSA: the whole signature.
  bool has_signature = false;
  std::map<std::string, Attribute> attrs;
  /// PTOAS v0.60's `fp %fp : T` inside ins(...): the quantisation parameters of the fixpipe's
  /// per-channel forms (tstore, tmov, textract, tinsert from acc).
  bool has_fp = false;
  Operand fp;
};

/// True if \a items write their outputs in an outs(...) clause (or give only ins(...)), not as
/// results.
bool IsDpsForm(ItemSpan items);

/// Splits \a stmt into an OpForm. Reports malformed clauses and returns false.
bool ReadOpForm(Context& ctx, const Statement& stmt, OpForm* form);

/// MLIR's generic form of a destination-passing op, `"pto.tmov"(%src, %dst, %q)
/// <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (T, U, f32) -> ()`, as its ins(...)
/// outs(...) form: PTOAS's operands list \a required_ins inputs, then \a outs destinations, then
/// optional segments (with two, the first is the fixpipe's fp tile, taken as the second
/// input). Types come from the signature. Does nothing (true) unless \a form is such a generic form; false on an error.
bool GenericToDps(Context& ctx, const Statement& stmt, int required_ins, int outs, OpForm* form);

/// The operandSegmentSizes of \a stmt's generic form (empty if it has none).
std::vector<int64_t> SegmentSizes(const Statement& stmt);

/// Reads the entries of an attribute dictionary into \a attrs.
void ReadAttributes(const Item& dict, std::map<std::string, Attribute>* attrs);
/// Reports each attribute of \a attrs that \a op does not take: one \a known does not accept,
/// unless its name has a dialect prefix (pto.entry, pto.vmi.fusion.boundary), which MLIR lets
/// any operation carry. False if there was one.
bool CheckAttributeNames(Context& ctx, const std::map<std::string, Attribute>& attrs,
                         std::string_view op,
                         const std::function<bool(std::string_view)>& known);
/// CheckAttributeNames for an operation that takes no attributes of its own, over each
/// dictionary among \a items (the statement's top level).
bool CheckNoAttributes(Context& ctx, ItemSpan items, std::string_view op);
/// The word an attribute's value comes down to in any of its spellings: ROUND,
/// #pto<round_mode ROUND>, #pto.round_mode<CAST_RINT>, <EQ>, true, 1, and with \a quoted also
/// "name" and @f (the last such item, nested groups included); null if there is none.
const Item* AttributeWord(ItemSpan value, bool quoted = false);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_OP_FORM_H_
