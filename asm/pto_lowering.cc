// BodyLowering: PTO operations on scalars in global memory, pointers, views, blocks, valid
// shapes and unbound tiles.
#include "asm/body_lowering.h"
#include "asm/operands.h"
#include "common/strings.h"

namespace pto::assembler {

namespace {

// "%p[%i]": the pointer and its index.
bool PointerElement(FunctionBuilder& fb, ItemSpan term, Value* ptr, Value* index) {
  Context& ctx = fb.ctx();
  Resolved r;
  if (!Resolve(fb, term, DType::kIndex, &r)) return false;
  if (r.value.cls != ValueClass::kView || r.value.type.kind != TypeKind::kPointer ||
      r.indices.size() != 1) {
    ctx.Error(term, StrCat("expected a pointer element such as %ptr[%i], got '", Spell(term),
                           "'"));
    return false;
  }
  *ptr = r.value;
  *index = r.indices[0];
  return true;
}

}  // namespace

// %v = pto.load_scalar %ptr[%i] : !pto.ptr<T> -> T
bool BodyLowering::LowerLoadScalar(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  Value ptr, index;
  if (items.empty() || !PointerElement(fb_, items.subspan(0, TermLength(items)), &ptr, &index)) {
    return false;
  }
  Value result;
  result.type = ScalarType(ptr.type.dtype);
  result.cls = ValueClass::kScalar;
  result.reg = fb_.NewScalar(ptr.type.dtype);
  if (!fb_.Define(stmt.results[0], result)) return false;
  fb_.Emit(Opcode::kLoadScalar, {result.reg, ptr.reg, index.reg}, stmt.head.range);
  return true;
}

// pto.store_scalar %v, %ptr[%i] : !pto.ptr<T>, T
bool BodyLowering::LowerStoreScalar(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 0)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), ",");
  if (parts.size() != 2 || parts[0].empty() || parts[1].empty()) {
    ctx_.Error(stmt.head, "expected 'pto.store_scalar %value, %ptr[%index] : !pto.ptr<T>, T'");
    return false;
  }
  Value ptr, index;
  if (!PointerElement(fb_, parts[1], &ptr, &index)) return false;
  Resolved value;
  if (!Resolve(fb_, parts[0], ptr.type.dtype, &value)) return false;
  if (value.value.cls != ValueClass::kScalar || value.value.type.dtype != ptr.type.dtype) {
    ctx_.Error(parts[0], StrCat("the pointer holds ", DTypeName(ptr.type.dtype), " but the value is ",
                                Describe(value.value)));
    return false;
  }
  fb_.Emit(Opcode::kStoreScalar, {ptr.reg, index.reg, value.value.reg}, stmt.head.range);
  return true;
}

// %q = pto.addptr %p, %offset : !pto.ptr<T> -> !pto.ptr<T>
bool BodyLowering::LowerAddPtr(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), ",");
  if (parts.size() != 2 || parts[0].empty()) {
    ctx_.Error(stmt.head, "expected 'pto.addptr %ptr, %offset : !pto.ptr<T> -> !pto.ptr<T>'");
    return false;
  }
  Resolved ptr;
  Value offset;
  if (!Resolve(fb_, parts[0], DType::kInvalid, &ptr) || !IntOperand(fb_, parts[1], &offset)) {
    return false;
  }
  if (ptr.value.cls != ValueClass::kView || ptr.value.type.kind != TypeKind::kPointer) {
    ctx_.Error(parts[0], StrCat("addptr needs a !pto.ptr, got ", Describe(ptr.value)));
    return false;
  }
  Value result = fb_.NewRegisterLike(ptr.value, stmt.results[0].text, stmt.head.range);
  if (!fb_.Define(stmt.results[0], result)) return false;
  fb_.Emit(Opcode::kAddPtr, {result.reg, ptr.value.reg, offset.reg}, stmt.head.range);
  return true;
}

// %d = pto.get_tensor_view_dim %view, %k : !pto.tensor_view<...> -> index
bool BodyLowering::LowerViewDim(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), ",");
  Resolved view;
  Value k;
  if (parts.size() != 2 || parts[0].empty() ||
      !Resolve(fb_, parts[0], DType::kInvalid, &view) || !IntOperand(fb_, parts[1], &k)) {
    if (parts.size() != 2) ctx_.Error(stmt.head, "expected 'get_tensor_view_dim %view, %dim'");
    return false;
  }
  if (view.value.cls != ValueClass::kView) {
    ctx_.Error(parts[0], StrCat("expected a tensor view, got ", Describe(view.value)));
    return false;
  }
  Value result;
  result.type = ScalarType(DType::kIndex);
  result.cls = ValueClass::kScalar;
  result.reg = fb_.NewScalar(DType::kIndex);
  if (!fb_.Define(stmt.results[0], result)) return false;
  fb_.Emit(Opcode::kGetViewDim, {result.reg, view.value.reg, k.reg}, stmt.head.range);
  return true;
}

// %i = pto.get_block_idx (and _num, get_subblock_idx, _num): i64 values, as PTOAS has them.
bool BodyLowering::LowerBlockInfo(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  static const char* const kNames[] = {"pto.get_block_idx", "pto.get_block_num",
                                       "pto.get_subblock_idx", "pto.get_subblock_num"};
  uint32_t which = 0;
  while (stmt.head.text != kNames[which]) ++which;
  DType type = DType::kI64;
  int colon = Find(stmt.items, ":");
  if (colon >= 0) {
    Type t;
    if (!ParseWholeType(ctx_, ItemSpan(stmt.items).subspan(colon + 1), &t)) return false;
    if (!t.IsScalar() || !IsInteger(t.dtype)) {
      ctx_.Error(stmt.head, "block indices are integers");
      return false;
    }
    type = t.dtype;
  }
  Value result;
  result.type = ScalarType(type);
  result.cls = ValueClass::kScalar;
  result.reg = fb_.NewScalar(type);
  if (!fb_.Define(stmt.results[0], result)) return false;
  fb_.Emit(Opcode::kBlockInfo, {result.reg, which}, stmt.head.range);
  return true;
}

// pto.set_validshape %tile, %rows, %cols [: T]
bool BodyLowering::LowerSetValidShape(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 0)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), ",");
  if (parts.size() != 3 || parts[0].empty()) {
    ctx_.Error(stmt.head, "expected 'pto.set_validshape %tile, %rows, %cols'");
    return false;
  }
  Resolved tile;
  Value rows, cols;
  if (!Resolve(fb_, parts[0], DType::kInvalid, &tile) || !IntOperand(fb_, parts[1], &rows) ||
      !IntOperand(fb_, parts[2], &cols)) {
    return false;
  }
  if (tile.value.cls != ValueClass::kTile) {
    ctx_.Error(parts[0], StrCat("set_validshape needs a tile, got ", Describe(tile.value)));
    return false;
  }
  const TileType& t = tile.value.type.tile;
  if (t.valid_rows != kDynamic || t.valid_cols != kDynamic) {
    ctx_.Error(parts[0], StrCat("set_validshape needs a tile whose valid shape is dynamic "
                                "(valid=?x?), got ", t.ToString()));
    return false;
  }
  for (const auto& [v, dim, what] : {std::tuple{rows, t.rows, "rows"}, {cols, t.cols, "cols"}}) {
    if (v.is_const && (v.int_value < 0 || v.int_value > dim)) {
      ctx_.Error(stmt.head, StrCat("valid ", what, " ", v.int_value, " outside 0..", dim));
      return false;
    }
  }
  fb_.Emit(Opcode::kAllocTile, {tile.value.reg, kNoOperand, rows.reg, cols.reg}, stmt.head.range);
  return true;
}

// %t = pto.declare_tile -> T (or : T)  -- a tile handle that a later tassign binds.
bool BodyLowering::LowerDeclareTile(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  int at = Find(stmt.items, "->");
  if (at < 0) at = Find(stmt.items, ":");
  Type type;
  if (at < 0 || !ParseWholeType(ctx_, ItemSpan(stmt.items).subspan(at + 1), &type)) {
    if (at < 0) ctx_.Error(stmt.head, "declare_tile needs its type: '-> !pto.tile_buf<...>'");
    return false;
  }
  if (!type.IsTile()) {
    ctx_.Error(stmt.head, StrCat("declare_tile makes tiles, not '", type.text, "'"));
    return false;
  }
  Value v;
  return fb_.DefineUnplacedTile(stmt.results[0], type, &v);
}

namespace {

// Whether a tile of type \a w can view storage of a tile of type \a t from an origin on: element
// (i, j) of the window must be element (r0 + i, c0 + j) of the tile.
bool WindowTypeFits(const TileType& t, const TileType& w) {
  if (w.mem != t.mem || w.dtype != t.dtype || w.blayout != t.blayout || w.slayout != t.slayout ||
      w.fractal != t.fractal || w.rows > t.rows || w.cols > t.cols) {
    return false;
  }
  if (t.boxed()) return w.rows == t.rows && w.cols == t.cols;
  if (t.row_major()) return w.cols == t.cols || w.rows == 1;
  return w.rows == t.rows || w.cols == 1;
}

}  // namespace

// %w = pto.subset %t[%r, %c] sizes [R, C] : T
// %w = pto.subview %t[%r, %c] sizes [R, C] [valid [%vr, %vc]] : T -> W
// A window of tile %t starting at element (%r, %c): it keeps %t's shape and layout (so its rows
// step like %t's) and has the valid shape R x C, or the given one.
bool BodyLowering::LowerSubView(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  const std::string usage = StrCat("expected '", stmt.head.text,
                                   " %tile[%row, %col] sizes [R, C] : T'");
  if (items.size() < 2 || !items[1].IsGroup('[')) {
    ctx_.Error(stmt.head, usage);
    return false;
  }
  Resolved src;
  std::vector<Value> origin, sizes, valid;
  if (!Resolve(fb_, items.first(1), DType::kIndex, &src) || !IndexList(fb_, items[1], &origin)) {
    return false;
  }
  if (src.value.cls != ValueClass::kTile || origin.size() != 2) {
    ctx_.Error(items.first(2), StrCat("a window needs a tile and a (row, column) origin, got '",
                                      Spell(items.first(2)), "'"));
    return false;
  }
  int sizes_at = -1, valid_at = -1;
  for (size_t i = 2; i + 1 < items.size(); ++i) {
    if (items[i].IsWord("sizes") && items[i + 1].IsGroup('[')) sizes_at = static_cast<int>(i);
    if (items[i].IsWord("valid") && items[i + 1].IsGroup('[')) valid_at = static_cast<int>(i);
  }
  if (sizes_at < 0) {
    ctx_.Error(stmt.head, usage);
    return false;
  }
  if (!IndexList(fb_, items[sizes_at + 1], &sizes) ||
      (valid_at >= 0 && !IndexList(fb_, items[valid_at + 1], &valid))) {
    return false;
  }
  if (sizes.size() != 2 || !sizes[0].is_const || !sizes[1].is_const ||
      (valid_at >= 0 && valid.size() != 2)) {
    ctx_.Error(items[sizes_at + 1], "sizes are two constants [rows, cols]; valid, if given, two "
                                    "values");
    return false;
  }
  const TileType& from = src.value.type.tile;
  Type type = src.value.type;
  int arrow = Find(items, "->");
  if (arrow >= 0 && !ParseWholeType(ctx_, items.subspan(arrow + 1), &type)) return false;
  if (!type.IsTile() || !WindowTypeFits(from, type.tile)) {
    ctx_.Error(arrow >= 0 ? items.subspan(arrow + 1) : items.first(1),
               StrCat("a window of ", from.ToString(), " must keep its memory, element type "
                      "and layout, and rows must step as in the tile: the same columns (or a "
                      "single row) for a row-major tile, the same rows (or a single column) "
                      "for a column-major one, the same shape for a boxed one; got '",
                      type.text, "'"));
    return false;
  }
  if (sizes[0].int_value < 0 || sizes[1].int_value < 0 || sizes[0].int_value > type.tile.rows ||
      sizes[1].int_value > type.tile.cols) {
    ctx_.Error(items[sizes_at + 1], StrCat("sizes [", sizes[0].int_value, ", ", sizes[1].int_value,
                                           "] do not fit the window's type ",
                                           type.tile.ToString()));
    return false;
  }
  if (arrow < 0) {
    type.tile.valid_rows = static_cast<int32_t>(sizes[0].int_value);
    type.tile.valid_cols = static_cast<int32_t>(sizes[1].int_value);
  }
  const Value& rows = valid_at >= 0 ? valid[0] : sizes[0];
  const Value& cols = valid_at >= 0 ? valid[1] : sizes[1];
  Value v;
  if (!fb_.DefineUnplacedTile(stmt.results[0], type, &v)) return false;
  fb_.Emit(Opcode::kSubView, {v.reg, src.value.reg, origin[0].reg, origin[1].reg, rows.reg, cols.reg},
           stmt.head.range);
  return true;
}

// %v = pto.tgetval ins(%tile, %offset : T, index) outs : TYPE
//   (also the SSA form %v = pto.tgetval %tile, %offset : T, index -> TYPE)
bool BodyLowering::LowerGetVal(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  int ins = FindClause(items, "ins");
  ItemSpan operands = ins >= 0 ? ItemSpan(items[ins + 1].children()) : items;
  int colon = Find(operands, ":");
  std::vector<ItemSpan> parts = Split(operands.first(colon < 0 ? operands.size() : colon), ",");
  int type_at = Find(items, ins >= 0 ? ":" : "->");
  if (ins >= 0) {
    // the type after "outs :" (the last ':' of the statement)
    type_at = -1;
    for (size_t i = ins + 2; i < items.size(); ++i) {
      if (items[i].IsPunct(":")) type_at = static_cast<int>(i);
    }
  }
  Type type;
  if (parts.size() != 2 || type_at < 0) {
    ctx_.Error(stmt.head, "expected 'pto.tgetval ins(%tile, %offset : T, index) outs : TYPE'");
    return false;
  }
  if (!ParseWholeType(ctx_, items.subspan(type_at + 1), &type)) return false;
  Resolved tile;
  Value offset;
  if (!Resolve(fb_, parts[0], DType::kInvalid, &tile) || !IntOperand(fb_, parts[1], &offset)) {
    return false;
  }
  if (tile.value.cls != ValueClass::kTile || !type.IsScalar()) {
    ctx_.Error(stmt.head, "tgetval reads a scalar from a tile");
    return false;
  }
  if (type.dtype != tile.value.type.tile.dtype) {
    ctx_.Error(items.subspan(type_at + 1),
               StrCat("the tile holds ", DTypeName(tile.value.type.tile.dtype), ", not ",
                      DTypeName(type.dtype)));
    return false;
  }
  Value result;
  result.type = type;
  result.cls = ValueClass::kScalar;
  result.reg = fb_.NewScalar(type.dtype);
  if (!fb_.Define(stmt.results[0], result)) return false;
  fb_.Emit(Opcode::kTGetVal, {result.reg, tile.value.reg, offset.reg}, stmt.head.range);
  return true;
}

// %a = pto.declare_local_array -> !pto.local_array<N x T>: N scalars of type T that live as
// long as the function's frame.
bool BodyLowering::LowerDeclareLocalArray(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  int arrow = Find(stmt.items, "->");
  if (arrow < 0) arrow = Find(stmt.items, ":");
  Type type;
  if (arrow < 0 || !ParseWholeType(ctx_, ItemSpan(stmt.items).subspan(arrow + 1), &type)) {
    if (arrow < 0) ctx_.Error(stmt.head, "expected '-> !pto.local_array<NxT>'");
    return false;
  }
  if (type.kind != TypeKind::kLocalArray) {
    ctx_.Error(stmt.head, StrCat("declare_local_array makes a !pto.local_array, not '",
                                 type.text, "'"));
    return false;
  }
  Value v;
  v.type = type;
  v.cls = ValueClass::kLocalArray;
  v.reg = fb_.NewLocalArray();
  if (!fb_.Define(stmt.results[0], v)) return false;
  fb_.Emit(Opcode::kDeclareLocalArray, {v.reg, static_cast<uint32_t>(type.shape[0])},
           stmt.head.range);
  return true;
}

// The array and index of "%a[%i]" in a local_array_get / _set.
bool BodyLowering::LocalArrayElement(ItemSpan term, Value* array, Value* index) {
  Resolved r;
  if (term.empty() || !Resolve(fb_, term.first(TermLength(term)), DType::kIndex, &r)) return false;
  if (r.value.cls != ValueClass::kLocalArray || r.indices.size() != 1) {
    ctx_.Error(term, StrCat("expected a local array element such as %a[%i], got '", Spell(term),
                            "'"));
    return false;
  }
  *array = r.value;
  *index = r.indices[0];
  return true;
}

// pto.local_array_set %a[%i], %v : !pto.local_array<NxT>, T
// %v = pto.local_array_get %a[%i] : !pto.local_array<NxT> -> T
// %v = vector.extract %a[k] : T from vector<NxT>   (a vector<NxT> is held as a local array)
bool BodyLowering::LowerLocalArrayAccess(const Statement& stmt) {
  const bool get = stmt.head.text != "pto.local_array_set";
  if (!ExpectResults(ctx_, stmt, get ? 1 : 0)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).first(colon < 0 ? stmt.items.size() : colon), ",");
  Value array, index;
  if (parts.size() != (get ? 1u : 2u) || !LocalArrayElement(parts[0], &array, &index)) {
    if (parts.size() != (get ? 1u : 2u)) {
      ctx_.Error(stmt.head, get ? "expected 'pto.local_array_get %a[%i] : A -> T'"
                                : "expected 'pto.local_array_set %a[%i], %value : A, T'");
    }
    return false;
  }
  const DType dtype = array.type.dtype;
  if (get) {
    Value result;
    result.type = ScalarType(dtype);
    result.cls = ValueClass::kScalar;
    result.reg = fb_.NewScalar(dtype);
    if (!fb_.Define(stmt.results[0], result)) return false;
    fb_.Emit(Opcode::kLocalArrayGet, {result.reg, index.reg, array.reg}, stmt.head.range);
    return true;
  }
  Resolved value;
  if (!Resolve(fb_, parts[1], dtype, &value)) return false;
  if (value.value.cls != ValueClass::kScalar || value.value.type.dtype != dtype) {
    ctx_.Error(parts[1], StrCat("the array holds ", DTypeName(dtype), ", the value is ",
                                Describe(value.value)));
    return false;
  }
  fb_.Emit(Opcode::kLocalArraySet, {index.reg, value.value.reg, array.reg}, stmt.head.range);
  return true;
}

}  // namespace pto::assembler
