#include "pto/asm/lowering/tile_query_lowering.h"

#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// The tile a query names: its one operand before ':'; a written type after ':' must be the
// tile's own.
bool QueriedTile(FunctionBuilder& fb, const Statement& stmt, Resolved* tile) {
  Context& ctx = fb.ctx();
  ItemSpan operand = BeforeColon(stmt.items);
  if (operand.empty() || !IsOneTerm(ctx, operand)) {
    if (operand.empty()) ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, " %tile'"));
    return false;
  }
  if (!Resolve(fb, operand, DType::kInvalid, tile)) return false;
  if (tile->value.cls != ValueClass::kTile) {
    ctx.Error(operand, StrCat(stmt.head.text, " asks a tile, not ", Describe(tile->value)));
    return false;
  }
  const int colon = Find(stmt.items, ":");
  if (colon < 0) return true;
  Signature sig;
  if (!ParseSignature(ctx, ItemSpan(stmt.items).subspan(colon + 1), &sig)) return false;
  if (sig.inputs.size() != 1) {
    ctx.Error(ItemSpan(stmt.items).subspan(colon + 1), "expected the tile's type after ':'");
    return false;
  }
  if (std::string problem = WrittenTypeProblem(tile->value, sig.inputs[0]); !problem.empty()) {
    ctx.Error(sig.input_ranges[0], problem);
    return false;
  }
  return true;
}

}  // namespace

bool LowerTileValid(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const bool both = stmt.head.text == "pto.get_validshape";
  if (!ExpectResults(ctx, stmt, both ? 2 : 1)) return false;
  Resolved tile;
  if (!QueriedTile(fb, stmt, &tile)) return false;
  const bool cols_only = stmt.head.text == "pto.tile_valid_cols";
  std::vector<Value> values;
  for (uint32_t dim = cols_only ? 1 : 0; dim < (both ? 2u : cols_only ? 2u : 1u); ++dim) {
    Value v = fb.NewScalarValue(DType::kIndex);
    fb.Emit(Opcode::kTileValid, {v.reg, tile.value.reg, dim}, stmt.head.range);
    values.push_back(v);
  }
  return DefineResults(fb, stmt, values);
}

bool LowerTileBufAddr(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  Resolved tile;
  if (!QueriedTile(fb, stmt, &tile)) return false;
  Signature sig;
  const int colon = Find(stmt.items, ":");
  if (colon < 0 || !ParseSignature(ctx, ItemSpan(stmt.items).subspan(colon + 1), &sig) ||
      sig.results.size() != 1) {
    if (colon < 0 || sig.results.size() != 1) {
      ctx.Error(stmt.head, "expected 'pto.tile_buf_addr %tile : T -> !pto.ptr<E, ub>'");
    }
    return false;
  }
  const Type& to = sig.results[0];
  const bool pointer = to.IsLocalPointer() && to.mem == tile.value.type.tile.mem;
  if (!pointer && !(to.IsScalar() && IsInteger(to.dtype))) {
    ctx.Error(sig.result_ranges[0],
              StrCat("tile_buf_addr gives a pointer into the tile's memory (!pto.ptr<E, ",
                     MemoryName(tile.value.type.tile.mem), ">) or an integer, not '", to.text,
                     "'"));
    return false;
  }
  Value v = fb.NewScalarValue(pointer ? kLocalPointerDType : to.dtype);
  v.type = to;
  fb.Emit(Opcode::kTileAddress, {v.reg, tile.value.reg}, stmt.head.range);
  return fb.Define(stmt.results[0], v);
}

}  // namespace pto::assembler
