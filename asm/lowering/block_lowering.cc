#include "pto/asm/lowering/block_lowering.h"

#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

// %i = pto.get_block_idx (and _num, get_subblock_idx, _num): i64 values, as PTOAS has them.
bool LowerBlockInfo(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  static const char* const kNames[] = {"pto.get_block_idx", "pto.get_block_num",
                                       "pto.get_subblock_idx", "pto.get_subblock_num"};
  uint32_t which = 0;
  while (stmt.head.text != kNames[which]) ++which;
  DType type = DType::kI64;
  int colon = Find(stmt.items, ":");
  if (colon != 0 && !stmt.items.empty()) {
    ItemSpan written = ItemSpan(stmt.items).first(colon < 0 ? stmt.items.size() : colon);
    ctx.Error(written, StrCat("'", stmt.head.text, "' takes no operands"));
    return false;
  }
  if (colon >= 0) {
    Type t;
    if (!ParseWholeType(ctx, ItemSpan(stmt.items).subspan(colon + 1), &t)) return false;
    if (!t.IsScalar() || !IsInteger(t.dtype)) {
      ctx.Error(stmt.head, "block indices are integers");
      return false;
    }
    type = t.dtype;
  }
  Value result = fb.NewScalarValue(type);
  if (!fb.Define(stmt.results[0], result)) return false;
  fb.Emit(Opcode::kBlockInfo, {result.reg, which}, stmt.head.range);
  return true;
}

// pto.section.cube { ... } / pto.section.vector { ... }: code for one kind of core. A block
// on one core runs every section in program order; with separate cores, each runs its own.
bool LowerSection(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  if (stmt.items.size() != 1 || !stmt.items[0].Is(ItemKind::kRegion)) {
    ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, " { ... }'"));
    return false;
  }
  const uint32_t kind = stmt.head.text == "pto.section.cube" ? 1 : 2;
  uint32_t at = fb.Emit(Opcode::kSection, {0, kind}, stmt.head.range);
  RegionExit exit;
  exit.no_terminator = true;  // MLIR's NoTerminator: neither scf.yield nor return ends it
  const KernelKind outer = fb.section;
  fb.section = kind == 1 ? KernelKind::kCube : KernelKind::kVector;
  bool ok = body.LowerRegion(stmt.items[0], &exit);
  fb.section = outer;
  fb.Patch(at, 0, fb.Here());
  return ok;
}

}  // namespace pto::assembler
