// Lowers the statements of a function body, each by the one table that has its spelling: the
// structure operations (asm/lowering/structure_ops.def) or the instructions of the ISA table
// (common/isa/opcodes.def), an instruction by its family's lowering (the Lowering column of
// common/isa/families.def).
#ifndef PTO_ASM_LOWERING_BODY_LOWERING_H_
#define PTO_ASM_LOWERING_BODY_LOWERING_H_

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// Where the terminator of a region being lowered sends its values (asm/lowering/scf_lowering.cc).
struct RegionExit {
  bool is_condition = false;    ///< scf.while's "before" region ends in scf.condition.
  bool no_terminator = false;   ///< A section's region: it ends without a terminator.
  bool fusion = false;          ///< pto.fusion_region's region: it ends in pto.yield.
  std::vector<Value> targets;   ///< scf.yield: registers that receive the values.
  std::vector<Value> results;   ///< scf.condition: the loop's results ...
  std::vector<Value> forwards;  ///< ... and the "after" region's arguments.
  uint32_t exit_branch = 0;     ///< scf.condition: the branch out of the loop, to patch.
  bool terminated = false;
};

struct BlockTarget;
using BlockTargets = std::map<std::string, BlockTarget, std::less<>>;

/// Whether \a stmt ends its block (MLIR's terminators: return, scf.yield, cf.br, ...).
bool IsTerminator(const Statement& stmt);

/// Lowers statements and the regions nested in them (what scf and sections need).
class BodyLowering {
 public:
  explicit BodyLowering(FunctionBuilder& fb) : fb_(fb) {}

  FunctionBuilder& fb() { return fb_; }

  /// Lowers every statement, reporting each problem and carrying on with the next statement.
  /// A terminator (structure_ops.def) must be the last statement: one after it is an error.
  void LowerAll(StatementSpan statements);
  /// Lowers a func.func body, whose last statement must be return; \a region is its braces.
  void LowerFunctionBody(StatementSpan statements, SourceRange region);
  /// Lowers \a region's statements in a new scope, with \a exit for its terminator and
  /// \a args bound to a leading "^bb0(...):" label if there is one.
  bool LowerRegion(const Item& region, RegionExit* exit, const std::vector<Value>& args = {});
  /// The exit of the innermost region being lowered, or null outside every region.
  RegionExit* innermost_exit() const { return exits_.empty() ? nullptr : exits_.back(); }
  /// The labelled blocks of the body being lowered (asm/lowering/cfg_lowering.h), or null.
  BlockTargets* block_targets() const { return block_targets_; }
  void set_block_targets(BlockTargets* targets) { block_targets_ = targets; }

 private:
  bool Lower(const Statement& stmt);
  /// "unknown operation", with the nearest spelling of either table if one is close.
  bool ReportUnknown(const Statement& stmt);

  FunctionBuilder& fb_;
  std::vector<RegionExit*> exits_;
  BlockTargets* block_targets_ = nullptr;
};

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_BODY_LOWERING_H_
