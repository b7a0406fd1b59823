#include "pto/asm/lowering/body_lowering.h"

#include <algorithm>
#include <type_traits>
#include <unordered_map>

#include "pto/asm/lowering/async_lowering.h"
#include "pto/asm/lowering/block_lowering.h"
#include "pto/asm/lowering/cfg_lowering.h"
#include "pto/asm/lowering/constant_lowering.h"
#include "pto/asm/lowering/cube_lowering.h"
#include "pto/asm/lowering/dma_lowering.h"
#include "pto/asm/lowering/function_lowering.h"
#include "pto/asm/lowering/img2col_lowering.h"
#include "pto/asm/lowering/inferred_scope.h"
#include "pto/asm/lowering/local_array_lowering.h"
#include "pto/asm/lowering/pipe_lowering.h"
#include "pto/asm/lowering/pointer_lowering.h"
#include "pto/asm/lowering/repeat_lowering.h"
#include "pto/asm/lowering/scalar_lowering.h"
#include "pto/asm/lowering/scf_lowering.h"
#include "pto/asm/lowering/simt_lowering.h"
#include "pto/asm/lowering/struct_lowering.h"
#include "pto/asm/lowering/sync_lowering.h"
#include "pto/asm/lowering/tile_alloc_lowering.h"
#include "pto/asm/lowering/tile_op_lowering.h"
#include "pto/asm/lowering/tile_query_lowering.h"
#include "pto/asm/lowering/tile_window_lowering.h"
#include "pto/asm/lowering/vector_lowering.h"
#include "pto/asm/lowering/view_lowering.h"
#include "pto/asm/lowering/vmi_constant_lowering.h"
#include "pto/asm/lowering/vmi_lowering.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/isa/repeat_operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// Calls \a Lowering with what it takes: the builder, or the body lowering when it lowers
// nested regions.
template <auto Lowering>
bool Run(BodyLowering& body, const Statement& stmt) {
  if constexpr (std::is_invocable_v<decltype(Lowering), BodyLowering&, const Statement&>) {
    return Lowering(body, stmt);
  } else {
    return Lowering(body.fb(), stmt);
  }
}

// The structure operations (asm/lowering/structure_ops.def).
struct StructureOp {
  std::string_view spelling;
  bool (*lower)(BodyLowering&, const Statement&);
  bool terminator;  ///< Ends its block: nothing may follow it.
};

constexpr StructureOp kStructureOps[] = {
#define PTO_STRUCTURE_OP(spelling, Lowering) {spelling, &Run<&Lowering>, false},
#define PTO_TERMINATOR(spelling, Lowering) {spelling, &Run<&Lowering>, true},
#include "pto/asm/lowering/structure_ops.def"
#undef PTO_TERMINATOR
#undef PTO_STRUCTURE_OP
};

// The structure operation spelled \a name, or null (the assembler looks up every statement).
const StructureOp* FindStructureOp(std::string_view name) {
  static const auto* index = [] {
    auto* names = new std::unordered_map<std::string_view, const StructureOp*>();
    for (const StructureOp& op : kStructureOps) names->emplace(op.spelling, &op);
    return names;
  }();
  auto it = index->find(name);
  return it == index->end() ? nullptr : it->second;
}

// The Lowering of the families whose rows have no spelling (families.def): never reached, as
// LookupMnemonic finds only spelled rows.
bool NoLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  fb.ctx().Error(stmt.head, StrCat(info.mnemonic, " has no spelling of its own"));
  return false;
}

// Lowers an instruction of the ISA table by its family's lowering (families.def).
bool LowerInstruction(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  // The register and VMI layers are a5's: refused at the op on a2a3, whatever the lowering.
  if (OnVectorRegisters(info.layer())) {
    const std::string missing = RegisterLayerArchProblem(info, fb.ctx().arch());
    if (!missing.empty()) {
      fb.ctx().Error(stmt.head, missing);
      return false;
    }
  }
  // The repeat layer is A2/A3's: refused at the op on a5.
  if (info.layer() == Layer::kRepeat) {
    const std::string missing = RepeatLayerArchProblem(info, fb.ctx().arch());
    if (!missing.empty()) {
      fb.ctx().Error(stmt.head, missing);
      return false;
    }
  }
  switch (info.family) {
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, Pipe) \
  case Family::k##Name:                          \
    return Lowering(fb, info, stmt);
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
  }
  return NoLowering(fb, info, stmt);
}

int EditDistance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = row[j];
      row[j] = next;
    }
  }
  return row[b.size()];
}

}  // namespace

bool IsTerminator(const Statement& stmt) {
  if (!stmt.head.Is(ItemKind::kWord)) return false;
  const StructureOp* op = FindStructureOp(stmt.head.text);
  return op && op->terminator;
}

void BodyLowering::LowerAll(StatementSpan statements) {
  bool inferred_scope = false;  // a vector scope this block opened where the source wrote none
  auto close_scope = [&](SourceRange at) {
    if (!inferred_scope) return;
    fb_.Emit(Opcode::kVecScopeEnd, {}, at);
    --fb_.vector_scopes;
    inferred_scope = false;
  };
  for (size_t i = 0; i < statements.size(); ++i) {
    const Statement& stmt = statements[i];
    if (i > 0 && IsTerminator(statements[i - 1])) {
      // What follows a terminator would never run: MLIR rejects it, and so do we, rather than
      // drop it silently.
      fb_.ctx().Error(stmt.head, StrCat("'", statements[i - 1].head.text,
                                        "' must be the last operation of its block, but '",
                                        stmt.head.text, "' follows it"));
      break;
    }
    fb_.set_statement(stmt.head.range);
    const ScopeRole role = ScopeRoleOf(stmt);
    if (role == ScopeRole::kBoundary) close_scope(stmt.head.range);
    if (role == ScopeRole::kVector && fb_.vector_scopes == 0) {
      fb_.Emit(Opcode::kVecScopeBegin, {}, stmt.head.range);
      ++fb_.vector_scopes;
      inferred_scope = true;
    }
    if (!Lower(stmt)) {
      for (const Item& result : stmt.results) fb_.Poison(result);
      // .arg %x : T and .const %x = ... name their value first.
      if (!stmt.items.empty() && stmt.items[0].Is(ItemKind::kValue)) fb_.Poison(stmt.items[0]);
    }
  }
  if (!statements.empty()) close_scope(statements.back().head.range);
}

void BodyLowering::LowerFunctionBody(StatementSpan statements, SourceRange region) {
  CheckIntToPtrUses(fb_.ctx(), statements);
  if (HasBlocks(statements)) {
    LowerBlocks(*this, statements);  // each block ends with its terminator
    return;
  }
  LowerAll(statements);
  // A terminator other than return at this level has been reported where it stands.
  if (statements.empty() || !IsTerminator(statements.back())) {
    // MLIR's func.func has no implicit terminator: the body ends with return.
    const SourceRange close{region.end - 1, region.end};
    fb_.ctx().Error(close, "a function body must end with 'return'");
  }
}

bool BodyLowering::Lower(const Statement& stmt) {
  if (stmt.head.Is(ItemKind::kHash)) return true;  // #alias = ... definitions
  if (stmt.head.Is(ItemKind::kCaret)) {
    fb_.ctx().Error(stmt.head, "a block label here: blocks (cf.br, cf.cond_br) are lowered in "
                               "function bodies, and a label starts a region's arguments");
    return false;
  }
  std::string_view name = stmt.head.text;
  if (const StructureOp* op = FindStructureOp(name)) return op->lower(*this, stmt);
  if (name.substr(0, 4) == "pto.") name.remove_prefix(4);
  if (const OpInfo* info = LookupMnemonic(name)) return LowerInstruction(fb_, *info, stmt);
  return ReportUnknown(stmt);
}

bool BodyLowering::LowerRegion(const Item& region, RegionExit* exit,
                               const std::vector<Value>& args) {
  const SourceRange statement = fb_.statement();  // the operation the region belongs to
  fb_.PushScope();
  exits_.push_back(exit);
  StatementSpan body = region.body();
  if (!body.empty() && body[0].head.Is(ItemKind::kCaret)) {
    // ^bb0(%a: T, ...): names for the region's arguments.
    const Statement& label = body[0];
    const Item* params =
        !label.items.empty() && label.items[0].IsGroup('(') ? &label.items[0] : nullptr;
    std::vector<ItemSpan> names = params ? Split(params->children(), ",") : std::vector<ItemSpan>{};
    if (names.size() != args.size()) {
      fb_.ctx().Error(label.head,
                      StrCat("the block takes ", args.size(), " argument",
                             args.size() == 1 ? "" : "s", ", the label names ", names.size()));
    } else {
      for (size_t i = 0; i < names.size(); ++i) {
        if (!names[i].empty() && names[i][0].Is(ItemKind::kValue)) fb_.Define(names[i][0], args[i]);
      }
    }
    body = body.subspan(1);
  } else if (!args.empty()) {
    fb_.ctx().Error(region.range, "this region needs a '^bb0(...):' label naming its arguments");
  }
  LowerAll(body);
  exits_.pop_back();
  fb_.PopScope();
  fb_.set_statement(statement);
  return true;
}

// Operations PTOAS parses that ptoas refuses, with the reason (structure_ops.def).
struct RefusedOp {
  std::string_view spelling;
  std::string_view why;
};
constexpr RefusedOp kRefusedOps[] = {
#define PTO_STRUCTURE_OP(spelling, Lowering)
#define PTO_REFUSED_OP(spelling, why) {spelling, why},
#include "pto/asm/lowering/structure_ops.def"
#undef PTO_REFUSED_OP
#undef PTO_STRUCTURE_OP
};

bool BodyLowering::ReportUnknown(const Statement& stmt) {
  const std::string_view name = stmt.head.text;
  for (const RefusedOp& op : kRefusedOps) {
    if (op.spelling != name) continue;
    fb_.ctx().Error(stmt.head, StrCat("'", name, "' is not supported: ", op.why));
    return false;
  }
  std::string_view bare = name;
  if (bare.substr(0, 4) == "pto.") bare.remove_prefix(4);
  std::string_view best;
  int best_distance = 3;
  auto consider = [&](std::string_view written, std::string_view candidate) {
    int d = EditDistance(written, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  };
  // Instructions are spelled without the prefix; structure operations with their dialect.
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (!info.has_spelling()) continue;
    consider(bare, info.mnemonic);
    for (std::string_view alternate : AlternateSpellings(info.opcode)) consider(bare, alternate);
  }
  for (const StructureOp& op : kStructureOps) consider(name, op.spelling);
  std::string message = StrCat("unknown operation '", name, "'");
  if (!best.empty()) message += StrCat("; did you mean '", best, "'?");
  fb_.ctx().Error(stmt.head, message);
  return false;
}

}  // namespace pto::assembler
