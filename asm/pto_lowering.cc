// BodyLowering: PTO operations on scalars in global memory, pointers, views, blocks, valid
// shapes and unbound tiles.
#include "asm/body_lowering.h"
#include "asm/operands.h"
#include "common/strings.h"

namespace pto::assembler {

bool BodyLowering::IntOperand(ItemSpan term, Value* out) {
  Resolved r;
  if (term.empty() || !Resolve(fb_, term, DType::kIndex, &r)) return false;
  if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype)) {
    ctx_.Error(term, StrCat("expected an integer, got ", Describe(r.value)));
    return false;
  }
  *out = r.value;
  return true;
}

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
  if (!ExpectResults(stmt, 1)) return false;
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
  if (!ExpectResults(stmt, 0)) return false;
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
  if (!ExpectResults(stmt, 1)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), ",");
  if (parts.size() != 2 || parts[0].empty()) {
    ctx_.Error(stmt.head, "expected 'pto.addptr %ptr, %offset : !pto.ptr<T> -> !pto.ptr<T>'");
    return false;
  }
  Resolved ptr;
  Value offset;
  if (!Resolve(fb_, parts[0], DType::kInvalid, &ptr) || !IntOperand(parts[1], &offset)) {
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
  if (!ExpectResults(stmt, 1)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), ",");
  Resolved view;
  Value k;
  if (parts.size() != 2 || parts[0].empty() ||
      !Resolve(fb_, parts[0], DType::kInvalid, &view) || !IntOperand(parts[1], &k)) {
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
  if (!ExpectResults(stmt, 1)) return false;
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
  if (!ExpectResults(stmt, 0)) return false;
  int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> parts =
      Split(ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), ",");
  if (parts.size() != 3 || parts[0].empty()) {
    ctx_.Error(stmt.head, "expected 'pto.set_validshape %tile, %rows, %cols'");
    return false;
  }
  Resolved tile;
  Value rows, cols;
  if (!Resolve(fb_, parts[0], DType::kInvalid, &tile) || !IntOperand(parts[1], &rows) ||
      !IntOperand(parts[2], &cols)) {
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
  if (!ExpectResults(stmt, 1)) return false;
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
  v.type = type;
  v.cls = ValueClass::kTile;
  v.reg = fb_.NewTile(type.tile, stmt.results[0].text, stmt.results[0].range);
  fb_.binding(v.reg).runtime_address = true;
  return fb_.Define(stmt.results[0], v);
}

}  // namespace pto::assembler
