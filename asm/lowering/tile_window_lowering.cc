#include "pto/asm/lowering/tile_window_lowering.h"

#include <algorithm>
#include <string>

#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// The type of a window of \a from, R x C at a constant or run-time origin: v0.60's subview
// result (its shape is the sizes; it steps through the parent's storage), or the type written
// after '->', which must say the same. \a written: where it is written (or the source tile).
bool WindowType(Context& ctx, const TileType& from, int64_t rows, int64_t cols, ItemSpan written,
                bool has_written, Type* type) {
  TileType w = from;
  w.rows = static_cast<int32_t>(rows);
  w.cols = static_cast<int32_t>(cols);
  w.valid_rows = w.rows;
  w.valid_cols = w.cols;
  w.storage_rows = from.StorageRows();
  w.storage_cols = from.StorageCols();
  if (has_written) {
    const TileType& t = type->tile;
    if (!type->IsTile() || t.mem != from.mem || t.dtype != from.dtype ||
        t.blayout != from.blayout || t.slayout != from.slayout || t.fractal != from.fractal ||
        t.pad != from.pad || t.compact != from.compact || t.rows != rows || t.cols != cols) {
      ctx.Error(written, StrCat("a ", rows, "x", cols, " window of ", from.ToString(),
                                " is a ", rows, "x", cols, " tile of its memory, element type "
                                "and layout, not '", type->text, "'"));
      return false;
    }
    w.valid_rows = t.valid_rows;
    w.valid_cols = t.valid_cols;
  } else {
    type->kind = TypeKind::kTile;
    type->dtype = from.dtype;
  }
  type->tile = w;
  return true;
}

// A boxed tile's windows are whole boxes: sizes and constant offsets in multiples of them.
bool WholeBoxes(Context& ctx, const TileType& from, const std::vector<Value>& origin,
                const std::vector<Value>& sizes, const Item& where) {
  if (!from.boxed()) return true;
  const int64_t box[2] = {from.InnerRows(), from.InnerCols()};
  for (int k = 0; k < 2; ++k) {
    if (sizes[k].int_value % box[k] != 0 ||
        (origin[k].is_const && origin[k].int_value % box[k] != 0)) {
      ctx.Error(where, StrCat("a window of a ", from.LayoutName(), " tile covers whole ", box[0],
                              "x", box[1], " boxes: its sizes and offsets are multiples of them"));
      return false;
    }
  }
  return true;
}

}  // namespace

// The valid shape written in a subview's result type must be the one its operands give, as
// PTOAS v0.60's verifier has it: with valid [%vr, %vc], a constant's value (at most the size)
// or '?' for a run-time one; without, any static count up to the size (a dynamic one would
// have no value to take).
bool WrittenValidAgrees(Context& ctx, const TileType& type, const std::vector<Value>& valid,
                        const std::vector<Value>& sizes, ItemSpan written) {
  const int32_t counts[2] = {type.valid_rows, type.valid_cols};
  const char* names[2] = {"rows", "columns"};
  for (int d = 0; d < 2; ++d) {
    const int64_t size = sizes[d].int_value;
    if (valid.empty()) {
      if (counts[d] != kDynamic) continue;
      ctx.Error(written, StrCat("the window's type has a dynamic count of valid ", names[d],
                                " ('?'), which needs its value: write valid [%rows, %cols]"));
      return false;
    }
    const int64_t expected = valid[d].is_const ? std::min<int64_t>(valid[d].int_value, size)
                                               : kDynamic;
    if (counts[d] == expected) continue;
    auto spell = [](int64_t n) {
      return n == kDynamic ? std::string("'?' (a run-time count)") : StrCat(n);
    };
    ctx.Error(written, StrCat("the window's type says ", spell(counts[d]), " valid ", names[d],
                              " but its valid operand gives ", spell(expected)));
    return false;
  }
  return true;
}

namespace {

// What a window statement says: its source tile, origin, sizes and valid shape.
struct Window {
  Resolved src;
  std::vector<Value> origin, sizes, valid;
  int sizes_at = -1, valid_at = -1;  ///< the items' positions of "sizes" and "valid"
};

bool ReadWindow(FunctionBuilder& fb, const Statement& stmt, Window* w) {
  Context& ctx = fb.ctx();
  ItemSpan items = stmt.items;
  const std::string usage =
      StrCat("expected '", stmt.head.text, " %tile[%row, %col] sizes [R, C] : T'");
  if (items.size() < 2 || !items[1].IsGroup('[')) {
    ctx.Error(stmt.head, usage);
    return false;
  }
  if (!Resolve(fb, items.first(1), DType::kIndex, &w->src) || !IndexList(fb, items[1], &w->origin)) {
    return false;
  }
  if (w->src.value.cls != ValueClass::kTile || w->origin.size() != 2) {
    ctx.Error(items.first(2), StrCat("a window needs a tile and a (row, column) origin, got '",
                                     Spell(items.first(2)), "'"));
    return false;
  }
  for (size_t i = 2; i + 1 < items.size(); ++i) {
    if (items[i].IsWord("sizes") && items[i + 1].IsGroup('[')) w->sizes_at = static_cast<int>(i);
    if (items[i].IsWord("valid") && items[i + 1].IsGroup('[')) w->valid_at = static_cast<int>(i);
  }
  if (w->sizes_at < 0) {
    ctx.Error(stmt.head, usage);
    return false;
  }
  if (!IndexList(fb, items[w->sizes_at + 1], &w->sizes) ||
      (w->valid_at >= 0 && !IndexList(fb, items[w->valid_at + 1], &w->valid))) {
    return false;
  }
  const std::vector<Value>& sizes = w->sizes;
  if (sizes.size() != 2 || !sizes[0].is_const || !sizes[1].is_const ||
      sizes[0].int_value <= 0 || sizes[1].int_value <= 0 ||
      (w->valid_at >= 0 && w->valid.size() != 2)) {
    ctx.Error(items[w->sizes_at + 1],
              "sizes are two positive constants [rows, cols]; valid, if given, two values");
    return false;
  }
  return true;
}

// The window's type: pto.subset's is its source's with the valid shape R x C; pto.subview's is
// R x C stepping through the source's storage, as written after "->" if it is.
bool WindowResultType(Context& ctx, const Statement& stmt, const Window& w, Type* type) {
  ItemSpan items = stmt.items;
  const TileType& from = w.src.value.type.tile;
  const int64_t rows = w.sizes[0].int_value, cols = w.sizes[1].int_value;
  const Item& sizes_item = items[w.sizes_at + 1];
  *type = w.src.value.type;
  const int arrow = Find(items, "->");
  const ItemSpan written = arrow >= 0 ? items.subspan(arrow + 1) : items.first(1);
  if (arrow >= 0 && !ParseWholeType(ctx, written, type)) return false;
  if (stmt.head.text == "pto.subset") {
    if (rows > from.rows || cols > from.cols) {
      ctx.Error(sizes_item, StrCat("sizes [", rows, ", ", cols, "] do not fit the window's type ",
                                   from.ToString()));
      return false;
    }
    type->tile.valid_rows = static_cast<int32_t>(rows);
    type->tile.valid_cols = static_cast<int32_t>(cols);
  } else if (rows > from.rows || cols > from.cols) {
    ctx.Error(sizes_item, StrCat("a ", rows, "x", cols, " window does not fit in ", from.ToString()));
    return false;
  } else if (!WindowType(ctx, from, rows, cols, written, arrow >= 0, type) ||
             !WholeBoxes(ctx, from, w.origin, w.sizes, sizes_item) ||
             (arrow >= 0 && !WrittenValidAgrees(ctx, type->tile, w.valid, w.sizes, written))) {
    return false;
  }
  if (w.valid_at >= 0 && arrow < 0) {
    const Value& vr = w.valid[0];
    const Value& vc = w.valid[1];
    type->tile.valid_rows = vr.is_const ? static_cast<int32_t>(vr.int_value) : kDynamic;
    type->tile.valid_cols = vc.is_const ? static_cast<int32_t>(vc.int_value) : kDynamic;
  }
  return true;
}

}  // namespace

// %w = pto.subset %t[%r, %c] sizes [R, C] : T
// %w = pto.subview %t[%r, %c] sizes [R, C] [valid [%vr, %vc]] [: T -> W]
// A window of tile %t starting at element (%r, %c). pto.subview's is R x C and steps through
// %t's storage (PTOAS v0.60); pto.subset's keeps %t's type and has the valid shape R x C.
bool LowerSubView(FunctionBuilder& fb, const Statement& stmt) {
  Window w;
  Type type;
  if (!ExpectResults(fb.ctx(), stmt, 1) || !ReadWindow(fb, stmt, &w) ||
      !WindowResultType(fb.ctx(), stmt, w, &type)) {
    return false;
  }
  const Value& vr = w.valid_at >= 0 ? w.valid[0] : w.sizes[0];
  const Value& vc = w.valid_at >= 0 ? w.valid[1] : w.sizes[1];
  Value v;
  if (!fb.DefineUnplacedTile(stmt.results[0], type, &v)) return false;
  const Value& src = w.src.value;
  fb.Emit(Opcode::kSubView, {v.reg, src.reg, w.origin[0].reg, w.origin[1].reg, vr.reg, vc.reg},
          stmt.head.range);
  // Where its bytes lie in the source's, for no-alias checks: known for constant origins in an
  // unboxed source (a boxed one's window is not one run).
  const TileType& from = src.type.tile;
  const int64_t rows = w.sizes[0].int_value, cols = w.sizes[1].int_value;
  const uint64_t size = DTypeSize(from.dtype);
  if (w.origin[0].is_const && w.origin[1].is_const && !from.boxed()) {
    const int64_t first = from.ElementOffset(w.origin[0].int_value, w.origin[1].int_value);
    const int64_t last = from.ElementOffset(w.origin[0].int_value + rows - 1,
                                            w.origin[1].int_value + cols - 1);
    const uint64_t offset = static_cast<uint64_t>(first) * size;
    fb.DeriveTile(v.reg, src.reg, &offset, static_cast<uint64_t>(last - first + 1) * size);
  } else {
    fb.DeriveTile(v.reg, src.reg, nullptr, 0);
  }
  return true;
}

namespace {

// "" if \a to may be \a from's bytes seen with another element type (PTOAS v0.60's
// pto.bitcast): one memory, shape, valid shape and layout, another element type, and no more
// bytes than \a from holds.
std::string BitcastProblem(const TileType& from, const TileType& to) {
  TileType same_but_type = to;
  same_but_type.dtype = from.dtype;
  if (to.dtype == from.dtype) {
    return "pto.bitcast changes the element type (pto.treshape changes the shape)";
  }
  if (same_but_type != from) {
    return StrCat("pto.bitcast keeps the memory, shape, valid shape and layout: ",
                  from.ToString(), " -> ", to.ToString());
  }
  if (DTypeSize(to.dtype) > DTypeSize(from.dtype)) {
    return StrCat("pto.bitcast to ", DTypeName(to.dtype), " would need more bytes than the ",
                  DTypeName(from.dtype), " tile holds");
  }
  return "";
}

}  // namespace

// %r = pto.bitcast %t : T -> U: %r is bound where %t is, its elements of another type (a
// handle: nothing is copied).
bool LowerTileBitcast(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  Resolved src;
  Signature sig;
  if (!ReadCast(fb, stmt, DType::kInvalid, "pto.bitcast %tile : T -> U", &src, &sig)) {
    return false;
  }
  const Type& to = sig.results[0];
  if (src.value.cls != ValueClass::kTile || !to.IsTile()) {
    ctx.Error(stmt.head, StrCat("pto.bitcast retypes a tile, not ", Describe(src.value), " to '",
                                to.text, "'"));
    return false;
  }
  if (std::string problem = BitcastProblem(src.value.type.tile, to.tile); !problem.empty()) {
    ctx.Error(sig.result_ranges[0], problem);
    return false;
  }
  Value result;
  if (!fb.DefineUnplacedTile(stmt.results[0], to, &result)) return false;
  Value addr = fb.NewScalarValue(DType::kI64);
  fb.Emit(Opcode::kTileAddress, {addr.reg, src.value.reg}, stmt.head.range);
  uint32_t valid[2] = {kNoOperand, kNoOperand};  // the type's, when static
  if (to.tile.valid_rows == kDynamic || to.tile.valid_cols == kDynamic) {
    for (uint32_t dim = 0; dim < 2; ++dim) {
      valid[dim] = fb.NewScalarValue(DType::kIndex).reg;
      fb.Emit(Opcode::kTileValid, {valid[dim], src.value.reg, dim}, stmt.head.range);
    }
  }
  fb.Emit(Opcode::kAllocTile, {result.reg, addr.reg, valid[0], valid[1]}, stmt.head.range);
  const uint64_t whole = 0;
  fb.DeriveTile(result.reg, src.value.reg, &whole, to.tile.Bytes());
  return true;
}

}  // namespace pto::assembler
