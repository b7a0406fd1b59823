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
    std::string problem =
        addr.int_value < 0
            ? StrCat("address ", addr.int_value, " is negative")
            : CheckTileAddress(tile.type, ctx.arch(), static_cast<uint64_t>(addr.int_value));
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

// %t = pto.alloc_tile [addr = %a] [valid_row = %r] [valid_col = %c] : TYPE
bool LowerAllocTile(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  int colon = Find(items, ":");
  if (colon < 0) {
    ctx.Error(stmt.head, "alloc_tile needs its type: ': !pto.tile_buf<...>'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx, items.subspan(colon + 1), &type)) return false;
  if (!type.IsTile()) {
    ctx.Error(items.subspan(colon + 1), StrCat("alloc_tile makes tiles, not '", type.text, "'"));
    return false;
  }
  Resolved addr, valid[2];
  bool has_addr = false, has_valid[2] = {false, false};
  ItemSpan keys = items.subspan(0, colon);
  bool ok = true;
  for (size_t i = 0; i < keys.size();) {
    const Item& key = keys[i];
    if (key.Is(ItemKind::kAttrDict)) {  // only {__pto.force_dynamic_valid_shape}: a compiler note
      std::map<std::string, Attribute> attrs;
      ReadAttributes(key, &attrs);
      ok &= CheckAttributeNames(ctx, attrs, "alloc_tile", [](std::string_view) { return false; });
      ++i;
      continue;
    }
    size_t n = TermLength(keys.subspan(i + 1));
    if (!key.Is(ItemKind::kKey) || n == 0) {
      ctx.Error(key, StrCat("unexpected '", Spell(keys.subspan(i, 1)),
                            "'; alloc_tile takes addr =, valid_row = and valid_col ="));
      return false;
    }
    ItemSpan term = keys.subspan(i + 1, n);
    Resolved* target = nullptr;
    if (key.text == "addr") {
      target = &addr;
      has_addr = true;
    } else if (key.text == "valid_row" || key.text == "valid_col") {
      int k = key.text == "valid_row" ? 0 : 1;
      target = &valid[k];
      has_valid[k] = true;
    } else {
      ctx.Error(key, StrCat("unknown alloc_tile operand '", key.text, "'"));
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
  if (!ok) return false;
  const TileType& t = type.tile;
  const int32_t type_valid[2] = {t.valid_rows, t.valid_cols};
  const int32_t dims[2] = {t.rows, t.cols};
  const char* names[2] = {"valid_row", "valid_col"};
  for (int k = 0; k < 2; ++k) {
    if (type_valid[k] == kDynamic && !has_valid[k]) {
      ctx.Error(stmt.head, StrCat("the tile type has a dynamic ", k ? "v_col" : "v_row",
                                  " ('?'); give its value with '", names[k], " = %value'"));
      ok = false;
    } else if (type_valid[k] != kDynamic && has_valid[k]) {
      ctx.Error(valid[k].range, StrCat("'", names[k], "' is only allowed when the type's ",
                                       k ? "v_col" : "v_row", " is '?'"));
      ok = false;
    } else if (has_valid[k] && valid[k].value.is_const &&
               (valid[k].value.int_value < 0 || valid[k].value.int_value > dims[k])) {
      ctx.Error(valid[k].range,
                StrCat(names[k], " ", valid[k].value.int_value, " is outside the tile's ", dims[k],
                       k ? " columns" : " rows"));
      ok = false;
    }
  }
  if (!ok) return false;
  const Item& name = stmt.results[0];
  Value v;
  v.type = type;
  v.cls = ValueClass::kTile;
  v.reg = fb.NewTile(t, name.text, name.range);
  if (!fb.Define(name, v)) return false;
  bool runtime_addr = false;
  if (has_addr) {
    if (addr.value.is_const) {
      if (!BindTile(fb, v.reg, addr.value, addr.range)) return false;
    } else {
      runtime_addr = true;
      fb.binding(v.reg).runtime_address = true;
    }
  }
  if (runtime_addr || has_valid[0] || has_valid[1]) {
    fb.Emit(Opcode::kAllocTile,
            {v.reg, runtime_addr ? addr.value.reg : kNoOperand,
             has_valid[0] ? valid[0].value.reg : kNoOperand,
             has_valid[1] ? valid[1].value.reg : kNoOperand},
            stmt.head.range);
  }
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
  Resolved tile, addr;
  if (!Resolve(fb, form.ins[0].term, DType::kInvalid, &tile) ||
      !Resolve(fb, form.ins[1].term, DType::kIndex, &addr)) {
    return false;
  }
  if (tile.value.cls != ValueClass::kTile) {
    ctx.Error(tile.range, StrCat(info.mnemonic, " binds tiles; this is ", Describe(tile.value)));
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
