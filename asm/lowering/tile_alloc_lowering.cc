#include "pto/asm/lowering/tile_alloc_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// Binds tile register \a reg to the address in \a addr (statically when possible).
bool BindTile(FunctionBuilder& fb, uint32_t reg, const Value& addr, SourceRange where) {
  Context& ctx = fb.ctx();
  TileBinding& binding = fb.binding(reg);
  TileReg& tile = fb.function().tiles[reg];
  if (addr.is_const) {
    const uint32_t align = ConstantAddressAlignment(tile.type.mem);
    std::string problem =
        addr.int_value < 0
            ? StrCat("address ", addr.int_value, " is negative")
            : CheckTileAddress(tile.type, ctx.arch(), static_cast<uint64_t>(addr.int_value));
    if (problem.empty() && addr.int_value % align != 0) {
      problem = StrCat("a constant address in ", MemoryHardwareName(tile.type.mem), " must be ",
                       align, "-byte aligned, got ", addr.int_value);
    }
    if (!problem.empty()) {
      ctx.Error(where, problem);
      binding.static_address = true;  // reported once here, not again by placement
      return false;
    }
    if (!binding.static_address && !binding.runtime_address) {
      binding.static_address = true;
      tile.addr = static_cast<uint32_t>(addr.int_value);
      return true;
    }
  }
  binding.runtime_address = true;
  fb.Emit(Opcode::kTAssign, {reg, addr.reg}, where);
  return true;
}

}  // namespace

// %m = memref.alloc() [{alignment = N}] : memref<RxCxT, #pto.address_space<vec>>: a buffer
// of a local memory, which is a tile that placement gives an address (as alloc_tile does).
bool LowerMemrefAlloc(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  size_t i = 0;
  if (items.empty() || !items[0].IsGroup('(')) {
    ctx.Error(stmt.head, "expected 'memref.alloc() : memref<RxCxT, #pto.address_space<vec>>'");
    return false;
  }
  if (!items[0].children().empty()) {
    // Its operands are the sizes of dynamic dimensions, and local buffers have static shapes.
    ctx.Error(items[0].children(), "memref.alloc of a static shape takes no operands");
    return false;
  }
  ++i;
  if (i < items.size() && items[i].Is(ItemKind::kAttrDict)) {  // {alignment = 64}
    std::map<std::string, Attribute> attrs;
    ReadAttributes(items[i++], &attrs);
    if (!CheckAttributeNames(ctx, attrs, "memref.alloc",
                             [](std::string_view name) { return name == "alignment"; })) {
      return false;
    }
  }
  if (i >= items.size() || !items[i].IsPunct(":")) {
    ctx.Error(i < items.size() ? items[i].range : stmt.head.range,
              "expected ': memref<RxCxT, #pto.address_space<vec>>' after 'memref.alloc()'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx, items.subspan(i + 1), &type)) return false;
  if (!type.IsTile()) {
    ctx.Error(items.subspan(i + 1),
              StrCat("memref.alloc makes buffers of a local memory "
                     "(#pto.address_space<vec>, <mat>, ...), not '", type.text, "'"));
    return false;
  }
  const Item& name = stmt.results[0];
  Value v;
  v.type = type;
  v.cls = ValueClass::kTile;
  v.reg = fb.NewTile(type.tile, name.text, name.range);
  return fb.Define(name, v);
}

// The operands alloc_tile and alloc_multi_tile take before ':' (addr =, valid_row =,
// valid_col =), each an integer, and the rules of --pto-level and of the type's valid shape.
struct AllocOperands {
  Resolved addr, valid[2];
  bool has_addr = false, has_valid[2] = {false, false};
};

bool ReadAllocOperands(FunctionBuilder& fb, const Statement& stmt, ItemSpan keys,
                       std::string_view op, AllocOperands* a) {
  Context& ctx = fb.ctx();
  bool ok = true;
  for (size_t i = 0; i < keys.size();) {
    const Item& key = keys[i];
    if (key.Is(ItemKind::kAttrDict)) {  // only {__pto.force_dynamic_valid_shape}: a compiler note
      std::map<std::string, Attribute> attrs;
      ReadAttributes(key, &attrs);
      ok &= CheckAttributeNames(ctx, attrs, op, [](std::string_view) { return false; });
      if (auto planned = attrs.find("pto.multi_buffer_addrs"); planned != attrs.end()) {
        ctx.Error(planned->second.range, "pto.multi_buffer_addrs is PTOAS's memory planner's own "
                                         "record of slot addresses; give a base with 'addr ='");
        ok = false;
      }
      ++i;
      continue;
    }
    size_t n = TermLength(keys.subspan(i + 1));
    if (!key.Is(ItemKind::kKey) || n == 0) {
      ctx.Error(key, StrCat("unexpected '", Spell(keys.subspan(i, 1)), "'; ", op,
                            " takes addr =, valid_row = and valid_col ="));
      return false;
    }
    ItemSpan term = keys.subspan(i + 1, n);
    Resolved* target = nullptr;
    if (key.text == "addr") {
      target = &a->addr;
      a->has_addr = true;
    } else if (key.text == "valid_row" || key.text == "valid_col") {
      int k = key.text == "valid_row" ? 0 : 1;
      target = &a->valid[k];
      a->has_valid[k] = true;
    } else {
      ctx.Error(key, StrCat("unknown ", op, " operand '", key.text, "'"));
      return false;
    }
    if (Resolve(fb, term, DType::kIndex, target)) {
      if (target->value.cls != ValueClass::kScalar || !IsInteger(target->value.type.dtype)) {
        ctx.Error(term,
                  StrCat("'", key.text, "' must be an integer, got ", Describe(target->value)));
        ok = false;
      }
    } else {
      ok = false;
    }
    i += 1 + n;
  }
  if (ctx.address_mode() == AddressMode::kPlanned && a->has_addr) {
    ctx.Error(a->addr.range, StrCat("at --pto-level=level1 or level2 ptoas plans tile addresses; ",
                                    op, " takes no addr (level3 does)"));
    ok = false;
  } else if (ctx.address_mode() == AddressMode::kManual && !a->has_addr) {
    ctx.Error(stmt.head, StrCat("at --pto-level=level3 every tile has its address: write '", op,
                                " addr = %a'"));
    ok = false;
  }
  return ok;
}

// The valid_row / valid_col operands against the type's valid shape: given exactly when it
// is '?', and inside the shape.
bool CheckValidOperands(Context& ctx, const Statement& stmt, const TileType& t,
                        const AllocOperands& a) {
  bool ok = true;
  const int32_t type_valid[2] = {t.valid_rows, t.valid_cols};
  const int32_t dims[2] = {t.rows, t.cols};
  const char* names[2] = {"valid_row", "valid_col"};
  for (int k = 0; k < 2; ++k) {
    if (type_valid[k] == kDynamic && !a.has_valid[k]) {
      ctx.Error(stmt.head, StrCat("the tile type has a dynamic ", k ? "v_col" : "v_row",
                                  " ('?'); give its value with '", names[k], " = %value'"));
      ok = false;
    } else if (type_valid[k] != kDynamic && a.has_valid[k]) {
      ctx.Error(a.valid[k].range, StrCat("'", names[k], "' is only allowed when the type's ",
                                         k ? "v_col" : "v_row", " is '?'"));
      ok = false;
    } else if (a.has_valid[k] && a.valid[k].value.is_const &&
               (a.valid[k].value.int_value < 0 || a.valid[k].value.int_value > dims[k])) {
      ctx.Error(a.valid[k].range, StrCat(names[k], " ", a.valid[k].value.int_value,
                                         " is outside the tile's ", dims[k],
                                         k ? " columns" : " rows"));
      ok = false;
    }
  }
  return ok;
}

// The type after ':' of an allocation, of kind \a kind.
bool AllocType(Context& ctx, const Statement& stmt, std::string_view op, TypeKind kind,
               Type* type, int* colon) {
  *colon = Find(stmt.items, ":");
  if (*colon < 0) {
    ctx.Error(stmt.head, StrCat(op, " needs its type: ': !pto.",
                                kind == TypeKind::kTile ? "tile_buf" : "multi_tile_buf", "<...>'"));
    return false;
  }
  ItemSpan written = ItemSpan(stmt.items).subspan(*colon + 1);
  if (!ParseWholeType(ctx, written, type)) return false;
  if (type->kind != kind) {
    ctx.Error(written, StrCat(op, " makes ", kind == TypeKind::kTile ? "tiles" : "multi-buffer tiles",
                              ", not '", type->text, "'"));
    return false;
  }
  return true;
}

// Binds tile register \a reg as alloc_tile's operands say: a constant address statically, a
// computed one and dynamic valid shapes by %alloc_tile at run time.
bool BindAllocated(FunctionBuilder& fb, uint32_t reg, const AllocOperands& a, SourceRange where) {
  bool runtime_addr = false;
  if (a.has_addr) {
    if (a.addr.value.is_const) {
      if (!BindTile(fb, reg, a.addr.value, a.addr.range)) return false;
    } else {
      runtime_addr = true;
      fb.binding(reg).runtime_address = true;
    }
  }
  if (runtime_addr || a.has_valid[0] || a.has_valid[1]) {
    fb.Emit(Opcode::kAllocTile,
            {reg, runtime_addr ? a.addr.value.reg : kNoOperand,
             a.has_valid[0] ? a.valid[0].value.reg : kNoOperand,
             a.has_valid[1] ? a.valid[1].value.reg : kNoOperand},
            where);
  }
  return true;
}

namespace {

// The rule PTOAS v0.60 checks where a tile is allocated (AllocTileOp's layout constraints): a
// boxed tile's whole boxes, an unboxed tile's rows (row-major) or columns (column-major) are whole 32-byte blocks (16 for
// packed fp4). Tiles of other origins (parameters, windows, SSA results) need not be.
// A boxed tile is whole boxes of its fractal (columns always; rows too, except in UB, with
// fractal 32 or a single row), even where the type alone allows a tile smaller than its box.
std::string CheckAllocatedBoxes(const TileType& t) {
  if (t.cols % t.BoxCols() != 0) {
    return StrCat("an allocated ", t.LayoutName(), " tile needs columns in multiples of ",
                  t.BoxCols(), ", got ", t.cols);
  }
  const bool rows_free = t.mem == Memory::kVec || t.fractal == 32 || t.rows == 1;
  if (!rows_free && t.rows % t.BoxRows() != 0) {
    return StrCat("an allocated ", t.LayoutName(), " tile needs rows in multiples of ",
                  t.BoxRows(), ", got ", t.rows);
  }
  return "";
}

std::string CheckAllocatedTile(const TileType& t) {
  if (t.boxed()) return CheckAllocatedBoxes(t);
  const int64_t bytes = int64_t{t.row_major() ? t.cols : t.rows} * DTypeSize(t.dtype);
  // Packed fp4 rows need 16 bytes (PTOAS's kPackedFp4AlignedBytes).
  const bool fp4 = t.dtype == DType::kF4E2M1X2 || t.dtype == DType::kF4E1M2X2;
  const int64_t align = fp4 ? 16 : 32;
  if (bytes % align == 0) return "";
  const char* what = t.row_major() ? "row-major tile's rows" : "column-major tile's columns";
  return StrCat("an allocated ", what, " must be whole ", align, "-byte blocks, but ",
                t.row_major() ? t.cols : t.rows, " x ", DTypeName(t.dtype), " is ", bytes,
                " bytes");
}

}  // namespace

// %t = pto.alloc_tile [addr = %a] [valid_row = %r] [valid_col = %c] : TYPE
bool LowerAllocTile(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  Type type;
  int colon;
  if (!AllocType(ctx, stmt, "alloc_tile", TypeKind::kTile, &type, &colon)) return false;
  if (std::string problem = CheckAllocatedTile(type.tile); !problem.empty()) {
    ctx.Error(ItemSpan(stmt.items).subspan(colon + 1), problem);
    return false;
  }
  AllocOperands a;
  if (!ReadAllocOperands(fb, stmt, ItemSpan(stmt.items).subspan(0, colon), "alloc_tile", &a) ||
      !CheckValidOperands(ctx, stmt, type.tile, a)) {
    return false;
  }
  const Item& name = stmt.results[0];
  Value v;
  v.type = type;
  v.cls = ValueClass::kTile;
  v.reg = fb.NewTile(type.tile, name.text, name.range);
  if (!fb.Define(name, v)) return false;
  return BindAllocated(fb, v.reg, a, stmt.head.range);
}

// %mb = pto.alloc_multi_tile [addr = %a] [valid_row = ...] : !pto.multi_tile_buf<T, count=N>:
// N slots of tile type T, slot k at the base + k x (T's bytes rounded up to the memory's
// constant-address alignment), as PTOAS lays them out. Their storage is one tile register of
// that many bytes; multi_tile_get binds a tile of type T to a slot.
bool LowerAllocMultiTile(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  Type type;
  int colon;
  if (!AllocType(ctx, stmt, "alloc_multi_tile", TypeKind::kMultiTile, &type, &colon)) return false;
  AllocOperands a;
  if (!ReadAllocOperands(fb, stmt, ItemSpan(stmt.items).subspan(0, colon), "alloc_multi_tile",
                         &a) ||
      !CheckValidOperands(ctx, stmt, type.tile, a)) {
    return false;
  }
  const TileType& slot = type.tile;
  if (std::string problem = CheckAllocatedTile(slot); !problem.empty()) {
    ctx.Error(ItemSpan(stmt.items).subspan(colon + 1), problem);
    return false;
  }
  if (slot.compact == kCompactRowPlusOne) {
    ctx.Error(ItemSpan(stmt.items).subspan(colon + 1),
              "multi_tile_buf slots are packed at their static size; a row_plus_one compact "
              "slot is larger than that and would overlap the next");
    return false;
  }
  const uint32_t align = ConstantAddressAlignment(slot.mem);
  const uint32_t stride = (slot.Bytes() + align - 1) / align * align;
  TileType storage;
  storage.mem = slot.mem;
  storage.dtype = DType::kU32;
  storage.rows = type.count;
  storage.cols = static_cast<int32_t>(stride / 4);
  storage.valid_rows = storage.rows;
  storage.valid_cols = storage.cols;
  if (std::string problem = CheckTileType(storage); !problem.empty()) {
    ctx.Error(stmt.head, StrCat("the slots' storage (", type.count, " x ", stride,
                                " bytes) is not a tile: ", problem));
    return false;
  }
  const Item& name = stmt.results[0];
  Value v;
  v.type = type;
  v.cls = ValueClass::kMultiTile;
  v.reg = fb.NewTile(storage, name.text, name.range);
  TileBinding& binding = fb.binding(v.reg);
  binding.slot_valid[0] = a.has_valid[0] ? a.valid[0].value.reg : kNoOperand;
  binding.slot_valid[1] = a.has_valid[1] ? a.valid[1].value.reg : kNoOperand;
  if (!fb.Define(name, v)) return false;
  AllocOperands storage_operands = a;  // the slots' valid shapes are given to each slot
  storage_operands.has_valid[0] = storage_operands.has_valid[1] = false;
  return BindAllocated(fb, v.reg, storage_operands, stmt.head.range);
}

// %t = pto.multi_tile_get %mb[%k] [: MT -> T]: slot %k of a multi-buffer tile, a tile of its
// slot type bound at the slot's address (at run time: %k may be any index).
bool LowerMultiTileGet(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  if (items.size() < 2 || !items[1].IsGroup('[')) {
    ctx.Error(stmt.head, "expected 'pto.multi_tile_get %mb[%slot] : MT -> T'");
    return false;
  }
  Resolved mb;
  std::vector<Value> index;
  if (!Resolve(fb, items.first(1), DType::kInvalid, &mb) || !IndexList(fb, items[1], &index)) {
    return false;
  }
  if (mb.value.cls != ValueClass::kMultiTile || index.size() != 1) {
    ctx.Error(items.first(2), StrCat("multi_tile_get takes a multi-buffer tile and one slot "
                                     "index, got ", Describe(mb.value)));
    return false;
  }
  const Type& multi = mb.value.type;
  if (index[0].is_const && (index[0].int_value < 0 || index[0].int_value >= multi.count)) {
    ctx.Error(items[1], StrCat("slot ", index[0].int_value, " of a multi_tile_buf of ",
                               multi.count, " slots (0 to ", multi.count - 1, ")"));
    return false;
  }
  Type slot = multi;
  slot.kind = TypeKind::kTile;
  slot.count = 0;
  const int arrow = Find(items, "->");
  if (arrow >= 0) {
    Type written;
    if (!ParseWholeType(ctx, items.subspan(arrow + 1), &written)) return false;
    if (!written.IsTile() || written.tile != multi.tile) {
      ctx.Error(items.subspan(arrow + 1), StrCat("multi_tile_get gives its slot type ",
                                                 multi.tile.ToString(), ", not '", written.text,
                                                 "'"));
      return false;
    }
    slot = written;
  }
  Value v;
  if (!fb.DefineUnplacedTile(stmt.results[0], slot, &v)) return false;
  const TileBinding& storage = fb.binding(mb.value.reg);
  fb.Emit(Opcode::kMultiTileGet,
          {v.reg, mb.value.reg, index[0].reg, storage.slot_valid[0], storage.slot_valid[1],
           static_cast<uint32_t>(multi.count)},
          stmt.head.range);
  return true;
}

// %t = pto.declare_tile -> T (or : T)  -- a tile handle that a later tassign binds.
bool LowerDeclareTile(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  Type type;
  if (!DeclaredType(ctx, stmt, "declare_tile needs its type: '-> !pto.tile_buf<...>'", &type)) {
    return false;
  }
  if (!type.IsTile()) {
    ctx.Error(stmt.head, StrCat("declare_tile makes tiles, not '", type.text, "'"));
    return false;
  }
  Value v;
  return fb.DefineUnplacedTile(stmt.results[0], type, &v);
}

// pto.set_validshape %tile, %rows, %cols [: T]
bool LowerSetValidShape(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  std::vector<ItemSpan> parts = Split(BeforeColon(stmt.items), ",");
  if (parts.size() != 3 || parts[0].empty()) {
    ctx.Error(stmt.head, "expected 'pto.set_validshape %tile, %rows, %cols'");
    return false;
  }
  Resolved tile;
  Value rows, cols;
  if (!Resolve(fb, parts[0], DType::kInvalid, &tile) || !IntOperand(fb, parts[1], &rows) ||
      !IntOperand(fb, parts[2], &cols)) {
    return false;
  }
  if (tile.value.cls != ValueClass::kTile) {
    ctx.Error(parts[0], StrCat("set_validshape needs a tile, got ", Describe(tile.value)));
    return false;
  }
  const TileType& t = tile.value.type.tile;
  if (t.valid_rows != kDynamic || t.valid_cols != kDynamic) {
    ctx.Error(parts[0], StrCat("set_validshape needs a tile whose valid shape is dynamic "
                               "(valid=?x?), got ",
                               t.ToString()));
    return false;
  }
  for (const auto& [v, dim, what] : {std::tuple{rows, t.rows, "rows"}, {cols, t.cols, "cols"}}) {
    if (v.is_const && (v.int_value < 0 || v.int_value > dim)) {
      ctx.Error(stmt.head, StrCat("valid ", what, " ", v.int_value, " outside 0..", dim));
      return false;
    }
  }
  fb.Emit(Opcode::kAllocTile, {tile.value.reg, kNoOperand, rows.reg, cols.reg}, stmt.head.range);
  return true;
}

// pto.tassign %t, @tile(0x1000)   tassign %t, %addr : T, index   pto.tassign ins(%t, %a : T, i64)
bool LowerBindOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  OpForm form;
  if (!ReadOpForm(ctx, stmt, &form)) return false;
  if (form.ins.size() != 2) {
    ctx.Error(stmt.head, StrCat(info.mnemonic, " takes a tile and an address, got ",
                                form.ins.size(), " operands"));
    return false;
  }
  if (stmt.results.size() > 1) return ExpectResults(ctx, stmt, 1);
  if (ctx.address_mode() == AddressMode::kPlanned) {
    ctx.Error(stmt.head, StrCat("at --pto-level=level1 or level2 ptoas plans tile addresses; ",
                                info.mnemonic, " binds them by hand (level3 does)"));
    return false;
  }
  Resolved tile, addr;
  if (!Resolve(fb, form.ins[0].term, DType::kInvalid, &tile) ||
      !Resolve(fb, form.ins[1].term, DType::kIndex, &addr)) {
    return false;
  }
  if (tile.value.cls != ValueClass::kTile) {
    ctx.Error(tile.range, StrCat(info.mnemonic, " binds tiles; this is ", Describe(tile.value)));
    return false;
  }
  if (tile.value.type.text.rfind("memref", 0) == 0) {  // PTOAS v0.60: its operand is a tile_buf
    ctx.Error(tile.range, StrCat(info.mnemonic, " binds a !pto.tile_buf, not the local memref '",
                                 tile.value.type.text, "'"));
    return false;
  }
  if (addr.value.cls != ValueClass::kScalar || !IsInteger(addr.value.type.dtype)) {
    ctx.Error(addr.range, StrCat("the address must be an integer, got ", Describe(addr.value)));
    return false;
  }
  uint32_t reg = tile.value.reg;
  if (!stmt.results.empty()) {
    // %t2 = pto.tassign %t, %addr : T -> T makes a new handle bound at the address.
    Value v = tile.value;
    v.reg = fb.NewTile(v.type.tile, stmt.results[0].text, stmt.results[0].range);
    if (!fb.Define(stmt.results[0], v)) return false;
    reg = v.reg;
  }
  return BindTile(fb, reg, addr.value, addr.range);
}

}  // namespace pto::assembler
