// What the lowerings of the pipe statements share (asm/lowering/pipe_lowering.cc: buffers and
// set-ups; pipe_transfer_lowering.cc: pushes, pops, frees, allocations and the quantisation
// state): their attributes, operands and the side of the block they run on.
#ifndef PTO_ASM_LOWERING_PIPE_LOWERING_IMPL_H_
#define PTO_ASM_LOWERING_PIPE_LOWERING_IMPL_H_

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pto/asm/function_builder.h"
#include "pto/asm/lowering/op_form.h"
#include "pto/grammar/syntax.h"

namespace pto::assembler {

/// The attribute dictionary of a pipe statement, read and checked key by key.
class PipeAttrs {
 public:
  PipeAttrs(Context& ctx, const Statement& stmt);

  bool Has(const char* key) const { return attrs_.count(key) > 0; }
  /// Reports each attribute that is not one of \a names (dialect-prefixed ones aside), and
  /// first the fixpipe parameters PTOAS keeps off its surface (stPhase, atomicType, ...).
  bool Only(std::initializer_list<std::string_view> names);
  /// The integer attribute \a key in [lo, hi], or \a fallback when absent (required if
  /// \a fallback is negative).
  bool Int(const char* key, int64_t lo, int64_t hi, int64_t fallback, uint32_t* out);
  /// The instruction immediate \a key in its range (common/isa/immediates.cc), or \a fallback
  /// when absent (required if \a fallback is negative).
  bool Immediate(const char* key, int64_t fallback, uint32_t* out);
  /// The boolean attribute \a key (true or false), left unset when absent.
  bool Bool(const char* key, std::optional<bool>* out);
  /// The word of attribute \a key (a string, symbol or enum value), or null with an error.
  const Item* Word(const char* key);
  /// The attribute's value as written (empty when absent).
  ItemSpan Raw(const char* key) const;
  SourceRange Range(const char* key) const;

 private:
  Context& ctx_;
  const Statement& stmt_;
  std::map<std::string, Attribute> attrs_;
};

/// The operands of a pipe statement as written: its ins(...) clause, its parenthesised list
/// (pto.tpush_to_aiv(%t : T), which may follow the attributes), or else the terms before its
/// attributes and types (tpush_to_aiv %t {split = 0}).
ItemSpan PipeOperands(const Statement& stmt);
/// The operand terms of \a operands, without their types: "%a : i32, %b : i32",
/// "%a, %b : i32, i32" and "c2v_consumer_buf = %a : i32" all give one part per operand.
std::vector<ItemSpan> OperandTerms(ItemSpan operands);
/// The type after "->" at the end of \a stmt.
bool ArrowType(Context& ctx, const Statement& stmt, Type* type);

/// The kind of core the statement being lowered runs on: its section's, else its function's.
KernelKind StatementKind(FunctionBuilder& fb);
/// A pipe operation of the cube side (\a cube) must sit in a cube function or section, one of
/// the vector side in a vector function or section (PTOAS's frontend rule).
bool RequireSide(FunctionBuilder& fb, const Statement& stmt, bool cube);

/// Where a consumer buffer operand's value comes from: a reserve_buffer or an import of this
/// function (the peer key of the pipe), or another value.
PipeBufferSource BufferSourceOf(FunctionBuilder& fb, uint32_t reg);

/// A pipe buffer's address: an i32 constant filled in once the buffers are placed (through
/// function().consts[*const_index]).
Value BufferAddress(FunctionBuilder& fb, size_t* const_index);

// The frontend pipe instructions (LowerPipeOp dispatches to them): the set-up
// (pipe_init_lowering.cc) and the transfers and quantisation state (pipe_transfer_lowering.cc).
bool LowerFrontendInit(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);
bool LowerFrontendPush(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);
bool LowerFrontendPop(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);
bool LowerFrontendFree(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);
bool LowerFrontendAlloc(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);
bool LowerSetQuant(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_PIPE_LOWERING_IMPL_H_
