#include "pto/asm/lowering/tileop_helper.h"

#include <cctype>
#include <string_view>

#include "pto/asm/lowering/pointer_lowering.h"
#include "pto/common/isa/opcode.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

enum class HelperUse { kOther, kVector, kCube, kSection, kMte, kSync, kSimt, kTile, kCall };

// What \a head contributes to a helper, by its instruction's family and layer.
HelperUse Classify(std::string_view head) {
  if (head.substr(0, 12) == "pto.section.") return HelperUse::kSection;
  if (head == "func.call" || head == "call") return HelperUse::kCall;
  if (head == "pto.simt_launch") return HelperUse::kVector;
  if (head == "pto.ldg" || head == "pto.stg") return HelperUse::kSimt;
  if (head == "pto.alloc_tile" || head == "pto.declare_tile" || head == "memref.alloc" ||
      head == "pto.alloc_multi_tile") {
    return HelperUse::kTile;
  }
  if (head.substr(0, 4) == "pto.") head.remove_prefix(4);
  const OpInfo* info = LookupMnemonic(head);
  if (!info || info->mnemonic[0] == '%') return HelperUse::kOther;
  switch (info->family) {
    case Family::kDma: case Family::kDmaConfig: case Family::kDmaLegacy: case Family::kDataMove:
      return HelperUse::kMte;
    case Family::kSimtState: case Family::kSimtQuery: case Family::kSimtCollective:
    case Family::kSimtAtomic: case Family::kSimtMath:
      return HelperUse::kSimt;
    case Family::kCubeCopy: case Family::kCubeFrac: case Family::kCubeLoad: case Family::kMad:
    case Family::kFixpipe:
      return HelperUse::kCube;
    default:
      break;
  }
  switch (info->layer()) {
    case Layer::kSync: return HelperUse::kSync;
    case Layer::kTile: return HelperUse::kTile;
    case Layer::kRegister: case Layer::kVmi: case Layer::kRepeat: return HelperUse::kVector;
    default: return HelperUse::kOther;
  }
}

const char* Refusal(HelperUse use) {
  switch (use) {
    case HelperUse::kSection: return "tileop helpers must not contain pre-existing sections";
    case HelperUse::kMte: return "tileop helpers must not contain MTE data movement";
    case HelperUse::kSync: return "tileop helpers must not contain pipe synchronization";
    case HelperUse::kSimt:
      return "tileop helpers must launch a @pto.simt helper instead of containing SIMT "
             "operations directly";
    case HelperUse::kTile:
      return "tileop helpers must not contain Tile allocation or high-level TileOps";
    case HelperUse::kCall:
      return "tileop helpers must not call another helper; use pto.simt_launch for SIMT work";
    default: return nullptr;
  }
}

struct HelperWalk {
  Context& ctx;
  const Item* first_vector = nullptr;
  const Item* first_cube = nullptr;
  bool ok = true;

  void Walk(StatementSpan body) {
    for (const Statement& stmt : body) {
      if (!stmt.head.Is(ItemKind::kWord)) continue;
      const HelperUse use = Classify(stmt.head.text);
      if (const char* refusal = Refusal(use)) {
        ctx.Error(stmt.head, refusal);
        ok = false;
      }
      if (use == HelperUse::kVector && !first_vector) first_vector = &stmt.head;
      if (use == HelperUse::kCube && !first_cube) first_cube = &stmt.head;
      for (const Item& item : stmt.items) {
        if (item.Is(ItemKind::kRegion)) Walk(item.body());
      }
    }
  }
};

// "head { region }", written at \a where.
Statement RegionStatement(const char* head, SourceRange where, const Item* region) {
  Statement s;
  s.range = where;
  s.head.kind = ItemKind::kWord;
  s.head.text = head;
  s.head.range = where;
  s.items = std::span<const Item>(region, 1);
  return s;
}

}  // namespace

bool HelperNamedElsewhere(const SourceFile& file, SourceRange name) {
  const std::string_view text = file.text();
  const std::string_view symbol = text.substr(name.begin, name.end - name.begin);
  const auto identifier = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
  };
  for (size_t at = text.find(symbol); at != std::string_view::npos;
       at = text.find(symbol, at + 1)) {
    const size_t end = at + symbol.size();
    if (at == name.begin || (end < text.size() && identifier(text[end]))) continue;
    const size_t line = text.rfind('\n', at) + 1;  // (npos + 1 is 0: the first line)
    if (text.substr(line, at - line).find("//") == std::string_view::npos) return true;
  }
  return false;  // (a mention in a comment names nothing)
}

bool CheckTileOpHelper(Context& ctx, StatementSpan body, SourceRange where, KernelKind* kind) {
  HelperWalk walk{ctx};
  walk.Walk(body);
  if (!walk.ok) return false;
  if (walk.first_vector && walk.first_cube) {
    ctx.Error(*walk.first_cube, StrCat("a tileop helper holds vector or cube compute, not both: "
                                       "this cube instruction follows the vector '",
                                       walk.first_vector->text, "'"));
    return false;
  }
  if (!walk.first_vector && !walk.first_cube) {
    ctx.Error(where, "a tileop helper needs a vector or cube compute instruction, from which "
                     "its kind is inferred");
    return false;
  }
  *kind = walk.first_vector ? KernelKind::kVector : KernelKind::kCube;
  return true;
}

void LowerTileOpHelperBody(BodyLowering& lowering, StatementSpan body, SourceRange region,
                           KernelKind kind) {
  bool plain = !body.empty() &&
               (body.back().head.text == "return" || body.back().head.text == "func.return");
  for (const Statement& stmt : body) plain &= !stmt.head.Is(ItemKind::kCaret);
  if (!plain) {  // blocks, or no return: lowered as written (and reported)
    lowering.LowerFunctionBody(body, region);
    return;
  }
  CheckIntToPtrUses(lowering.fb().ctx(), body);
  const StatementSpan compute = body.first(body.size() - 1);
  const SourceRange where{compute.empty() ? region.begin : compute.front().range.begin,
                          compute.empty() ? region.begin : compute.back().range.end};
  Item compute_region;
  compute_region.kind = ItemKind::kRegion;
  compute_region.range = where;
  compute_region.SetBody(compute);
  Item section_region = compute_region;
  Statement scope = RegionStatement("pto.vecscope", where, &compute_region);
  bool scoped = false;  // a body that writes its own vector scopes keeps them
  for (const Statement& stmt : compute) {
    scoped |= stmt.head.text == "pto.vecscope" || stmt.head.text == "pto.strict_vecscope";
  }
  if (kind == KernelKind::kVector && !scoped) section_region.SetBody(StatementSpan(&scope, 1));
  Statement wrapped[2] = {
      RegionStatement(kind == KernelKind::kVector ? "pto.section.vector" : "pto.section.cube",
                      where, &section_region),
      body.back()};
  lowering.LowerAll(StatementSpan(wrapped, 2));
}

}  // namespace pto::assembler
