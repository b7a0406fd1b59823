#include "pto/asm/lowering/tile_window_lowering.h"

#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {


}  // namespace

// %w = pto.subset %t[%r, %c] sizes [R, C] : T
// %w = pto.subview %t[%r, %c] sizes [R, C] [valid [%vr, %vc]] : T -> W
// A window of tile %t starting at element (%r, %c): it keeps %t's shape and layout (so its rows
// step like %t's) and has the valid shape R x C, or the given one.
bool LowerSubView(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  const std::string usage =
      StrCat("expected '", stmt.head.text, " %tile[%row, %col] sizes [R, C] : T'");
  if (items.size() < 2 || !items[1].IsGroup('[')) {
    ctx.Error(stmt.head, usage);
    return false;
  }
  Resolved src;
  std::vector<Value> origin, sizes, valid;
  if (!Resolve(fb, items.first(1), DType::kIndex, &src) || !IndexList(fb, items[1], &origin)) {
    return false;
  }
  if (src.value.cls != ValueClass::kTile || origin.size() != 2) {
    ctx.Error(items.first(2), StrCat("a window needs a tile and a (row, column) origin, got '",
                                     Spell(items.first(2)), "'"));
    return false;
  }
  int sizes_at = -1, valid_at = -1;
  for (size_t i = 2; i + 1 < items.size(); ++i) {
    if (items[i].IsWord("sizes") && items[i + 1].IsGroup('[')) sizes_at = static_cast<int>(i);
    if (items[i].IsWord("valid") && items[i + 1].IsGroup('[')) valid_at = static_cast<int>(i);
  }
  if (sizes_at < 0) {
    ctx.Error(stmt.head, usage);
    return false;
  }
  if (!IndexList(fb, items[sizes_at + 1], &sizes) ||
      (valid_at >= 0 && !IndexList(fb, items[valid_at + 1], &valid))) {
    return false;
  }
  if (sizes.size() != 2 || !sizes[0].is_const || !sizes[1].is_const ||
      (valid_at >= 0 && valid.size() != 2)) {
    ctx.Error(items[sizes_at + 1],
              "sizes are two constants [rows, cols]; valid, if given, two "
              "values");
    return false;
  }
  const TileType& from = src.value.type.tile;
  Type type = src.value.type;
  int arrow = Find(items, "->");
  if (arrow >= 0 && !ParseWholeType(ctx, items.subspan(arrow + 1), &type)) return false;
  if (!type.IsTile() || !WindowTypeFits(from, type.tile)) {
    ctx.Error(arrow >= 0 ? items.subspan(arrow + 1) : items.first(1),
              StrCat("a window of ", from.ToString(),
                     " must keep its memory, element type "
                     "and layout, and rows must step as in the tile: the same columns (or a "
                     "single row) for a row-major tile, the same rows (or a single column) "
                     "for a column-major one, the same shape for a boxed one; got '",
                     type.text, "'"));
    return false;
  }
  if (sizes[0].int_value < 0 || sizes[1].int_value < 0 || sizes[0].int_value > type.tile.rows ||
      sizes[1].int_value > type.tile.cols) {
    ctx.Error(items[sizes_at + 1], StrCat("sizes [", sizes[0].int_value, ", ", sizes[1].int_value,
                                          "] do not fit the window's type ", type.tile.ToString()));
    return false;
  }
  if (arrow < 0) {
    type.tile.valid_rows = static_cast<int32_t>(sizes[0].int_value);
    type.tile.valid_cols = static_cast<int32_t>(sizes[1].int_value);
  }
  const Value& rows = valid_at >= 0 ? valid[0] : sizes[0];
  const Value& cols = valid_at >= 0 ? valid[1] : sizes[1];
  Value v;
  if (!fb.DefineUnplacedTile(stmt.results[0], type, &v)) return false;
  fb.Emit(Opcode::kSubView,
          {v.reg, src.value.reg, origin[0].reg, origin[1].reg, rows.reg, cols.reg},
          stmt.head.range);
  return true;
}

}  // namespace pto::assembler
