// The lowering of one tile instruction's statement (tile_op_lowering.cc: operand slots,
// resolution, immediates; tile_op_run.cc: the steps of Run), shared by its two files.
#ifndef PTO_ASM_LOWERING_TILE_OP_LOWERING_IMPL_H_
#define PTO_ASM_LOWERING_TILE_OP_LOWERING_IMPL_H_

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "pto/asm/function_builder.h"
#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/operand_rules.h"

namespace pto::assembler::tile_op {

/// The element count of a static shape; 0 when a dimension is dynamic or the count overflows.
int64_t StaticElementCount(const std::vector<int64_t>& shape);
/// True if value \a v can be an operand of kind \a kind: a register of the kind's class
/// holding an element type the kind accepts.
bool ClassMatches(OperandKind kind, const Value& v);
/// The rows of the fixpipe's per-channel quantisation (tmov.fp, tstore.fp, textract_fp, ...):
/// the table's kFlagFpTile.
bool IsQuantisedRow(const OpInfo& info);
/// PTOAS v0.60's tquant outs(%dst, %tmp): a vec f32 scratch tile the NPU's sequence may use
/// (on a2a3 of the source's shape). The result does not depend on it and ptorun leaves it
/// unchanged (docs/semantics.md); it is checked and dropped from \a outs.
bool DropQuantScratch(FunctionBuilder& fb, const Operand& src, std::vector<const Operand*>* outs);

// Lowers one statement; members hold what the steps share.
class TileOpLowering {
 public:
  TileOpLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt)
      : fb_(fb), ctx_(fb.ctx()), info_(info), stmt_(stmt) {}

  bool Run();

 private:
  // Run's steps (tile_op_run.cc).
  using Operands = std::vector<const Operand*>;
  bool NormaliseForm();
  bool CollectOperands(Operands* inputs, Operands* outs);
  bool SplitResultsAndViews(Operands* inputs, Operands* outs);
  bool ReorderInputs(Operands* inputs, Operands* outs);
  bool ResolveOperands();
  bool CheckAttributes();
  bool OperandTypes(std::vector<uint32_t>* encoded, std::vector<OperandType>* types);
  void Emit(std::vector<uint32_t>* encoded);

  // Operand slots in schema order.
  struct Slot {
    const Operand* written = nullptr;  ///< Null for an absent optional operand.
    Resolved resolved;
    bool present = false;
  };

  bool Assign(const std::vector<const Operand*>& inputs, const std::vector<const Operand*>& outs);
  bool ResolveSlot(int index);
  bool MakeResults();
  bool MakeScalarResult(int slot, size_t k);
  /// True if optional schema slot \a slot cannot hold \a input (another kind of value).
  bool SkipsOptional(int slot, const Operand& input) const;
  bool MakeArrayResult(int index, const Item& name);
  bool ResolveArrayOutput(int index);
  static constexpr int64_t kArrayOutputLength = 4;
  bool CheckWrittenType(int index);
  bool LowerIndexedView(int view_slot, int tile_slot);
  bool CheckUnplannedTmp(const std::vector<OperandType>& types);
  DType PrimaryDType() const;
  std::string OperandRole(int index) const;
  bool Immediate(const OperandSpec& spec, uint32_t* code);
  using AttrIterator = std::map<std::string, Attribute>::const_iterator;
  bool SpellingsAgree(const OperandSpec& spec, AttrIterator first, uint32_t code);
  SourceRange RuleErrorRange(int operand) const;
  Type ResultType(size_t k);

  FunctionBuilder& fb_;
  Context& ctx_;
  const OpInfo& info_;
  const Statement& stmt_;
  OpForm form_;
  std::vector<Slot> slots_;
  bool scalar_first_ = false;
  std::deque<Operand> split_indices_;  ///< Operands made from "%src[%r, %c]" indices.
};

}  // namespace pto::assembler::tile_op

#endif  // PTO_ASM_LOWERING_TILE_OP_LOWERING_IMPL_H_
