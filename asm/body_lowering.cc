#include "asm/body_lowering.h"

#include <algorithm>
#include <type_traits>

#include "asm/block_lowering.h"
#include "asm/constant_lowering.h"
#include "asm/function_lowering.h"
#include "asm/img2col_lowering.h"
#include "asm/local_array_lowering.h"
#include "asm/pipe_lowering.h"
#include "asm/pointer_lowering.h"
#include "asm/scalar_lowering.h"
#include "asm/scf_lowering.h"
#include "asm/sync_lowering.h"
#include "asm/tile_alloc_lowering.h"
#include "asm/tile_op_lowering.h"
#include "asm/tile_window_lowering.h"
#include "asm/view_lowering.h"
#include "common/strings.h"

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

struct Handler {
  const char* name;
  bool (*lower)(BodyLowering&, const Statement&);
};

constexpr Handler kHandlers[] = {
    {".arg", &Run<&LowerArg>},
    {".const", &Run<&LowerConstant>},
    {"arith.constant", &Run<&LowerConstant>},
    {"pto.alloc_tile", &Run<&LowerAllocTile>},
    {"pto.make_tensor_view", &Run<&LowerMakeView>},
    {"pto.partition_view", &Run<&LowerPartitionView>},
    {"pto.tassign", &Run<&LowerAssign>},
    {"tassign", &Run<&LowerAssign>},
    {"return", &Run<&LowerReturn>},
    {"func.return", &Run<&LowerReturn>},
    {"scf.for", &Run<&LowerFor>},
    {"scf.if", &Run<&LowerIf>},
    {"scf.while", &Run<&LowerWhile>},
    {"scf.yield", &Run<&LowerYield>},
    {"scf.condition", &Run<&LowerCondition>},
    {"func.call", &Run<&LowerCall>},
    {"call", &Run<&LowerCall>},
    {"pto.load_scalar", &Run<&LowerLoadScalar>},
    {"pto.load", &Run<&LowerLoadScalar>},
    {"pto.store_scalar", &Run<&LowerStoreScalar>},
    {"pto.store", &Run<&LowerStoreScalar>},
    {"pto.addptr", &Run<&LowerAddPtr>},
    {"pto.get_tensor_view_dim", &Run<&LowerViewDim>},
    {"pto.get_block_idx", &Run<&LowerBlockInfo>},
    {"pto.get_block_num", &Run<&LowerBlockInfo>},
    {"pto.get_subblock_idx", &Run<&LowerBlockInfo>},
    {"pto.get_subblock_num", &Run<&LowerBlockInfo>},
    {"pto.set_validshape", &Run<&LowerSetValidShape>},
    {"pto.declare_tile", &Run<&LowerDeclareTile>},
    {"pto.subset", &Run<&LowerSubView>},
    {"pto.subview", &Run<&LowerSubView>},
    {"pto.tgetval", &Run<&LowerGetVal>},
    {"pto.declare_local_array", &Run<&LowerDeclareLocalArray>},
    {"pto.local_array_get", &Run<&LowerLocalArrayAccess>},
    {"pto.local_array_set", &Run<&LowerLocalArrayAccess>},
    {"vector.extract", &Run<&LowerLocalArrayAccess>},  // tmrgsort's counts
    {"pto.section.cube", &Run<&LowerSection>},
    {"pto.section.vector", &Run<&LowerSection>},
    {"pto.fence.barrier_all", &Run<&LowerMemoryOrder>},
    {"pto.fence.release", &Run<&LowerMemoryOrder>},
    {"pto.fence.acquire", &Run<&LowerMemoryOrder>},
    {"pto.cmo.cacheinvalid", &Run<&LowerMemoryOrder>},
    {"pto.cmo.clean", &Run<&LowerMemoryOrder>},
    {"pto.cmo.invalidate", &Run<&LowerMemoryOrder>},
    {"pto.reserve_buffer", &Run<&LowerReserveBuffer>},
    {"pto.import_reserved_buffer", &Run<&LowerImportBuffer>},
    {"pto.aic_initialize_pipe", &Run<&LowerInitPipe>},
    {"pto.aiv_initialize_pipe", &Run<&LowerInitPipe>},
    {"pto.tpush_to_aiv", &Run<&LowerPush>},
    {"pto.tpush_to_aic", &Run<&LowerPush>},
    {"pto.tpop_from_aic", &Run<&LowerPop>},
    {"pto.tpop_from_aiv", &Run<&LowerPop>},
    {"pto.tfree_from_aic", &Run<&LowerFree>},
    {"pto.tfree_from_aiv", &Run<&LowerFree>},
};

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

void BodyLowering::LowerAll(StatementSpan statements) {
  for (const Statement& stmt : statements) {
    if (!Lower(stmt)) {
      for (const Item& result : stmt.results) fb_.Poison(result);
      // .arg %x : T and .const %x = ... name their value first.
      if (!stmt.items.empty() && stmt.items[0].Is(ItemKind::kValue)) fb_.Poison(stmt.items[0]);
    }
  }
}

bool BodyLowering::Lower(const Statement& stmt) {
  if (stmt.head.Is(ItemKind::kHash)) return true;  // #alias = ... definitions
  if (stmt.head.Is(ItemKind::kCaret)) {
    fb_.ctx().Error(stmt.head, "block labels may only start the 'do' region of scf.while");
    return false;
  }
  std::string_view name = stmt.head.text;
  for (const Handler& entry : kHandlers) {
    if (name == entry.name) return entry.lower(*this, stmt);
  }
  std::string_view mnemonic = name;
  if (mnemonic.substr(0, 4) == "pto.") mnemonic.remove_prefix(4);
  if (mnemonic == "make_fmatrix_config") return LowerFmatrixConfig(fb_, stmt);
  if (const OpInfo* info = LookupMnemonic(mnemonic)) {
    if (IsImg2colSetting(*info)) return LowerImg2colSetting(fb_, *info, stmt);
    if (info->is_tile_op()) return LowerTileOp(fb_, *info, stmt);
    if (info->family == Family::kSync) return LowerSyncOp(fb_, *info, stmt);
    return LowerScalarOp(fb_, *info, stmt);
  }
  return ReportUnknown(stmt);
}

bool BodyLowering::LowerRegion(const Item& region, RegionExit* exit,
                               const std::vector<Value>& args) {
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
  return true;
}

bool BodyLowering::ReportUnknown(const Statement& stmt) {
  std::string name(stmt.head.text);
  std::string_view bare = name;
  if (bare.substr(0, 4) == "pto.") bare.remove_prefix(4);
  std::string best;
  int best_distance = 3;
  auto consider = [&](std::string_view candidate, std::string_view shown) {
    int d = EditDistance(bare, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = shown;
    }
  };
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (info.has_spelling()) consider(info.mnemonic, info.mnemonic);
  }
  for (const Handler& entry : kHandlers) consider(entry.name, entry.name);
  std::string message = StrCat("unknown operation '", name, "'");
  if (!best.empty()) message += StrCat("; did you mean '", best, "'?");
  fb_.ctx().Error(stmt.head, message);
  return false;
}

}  // namespace pto::assembler
