#include "asm/body_lowering.h"

#include <algorithm>

#include "asm/img2col_lowering.h"
#include "asm/op_form.h"
#include "asm/operands.h"
#include "asm/scalar_lowering.h"
#include "asm/sync_lowering.h"
#include "asm/tile_op_lowering.h"
#include "common/strings.h"

namespace pto::assembler {

const BodyLowering::HandlerEntry BodyLowering::kHandlers[] = {
    {".arg", &BodyLowering::LowerArg},
    {".const", &BodyLowering::LowerConstant},
    {"arith.constant", &BodyLowering::LowerConstant},
    {"pto.alloc_tile", &BodyLowering::LowerAllocTile},
    {"pto.make_tensor_view", &BodyLowering::LowerMakeView},
    {"pto.partition_view", &BodyLowering::LowerPartitionView},
    {"pto.tassign", &BodyLowering::LowerAssign},
    {"tassign", &BodyLowering::LowerAssign},
    {"return", &BodyLowering::LowerReturn},
    {"func.return", &BodyLowering::LowerReturn},
    {"scf.for", &BodyLowering::LowerFor},
    {"scf.if", &BodyLowering::LowerIf},
    {"scf.while", &BodyLowering::LowerWhile},
    {"scf.yield", &BodyLowering::LowerYield},
    {"scf.condition", &BodyLowering::LowerCondition},
    {"func.call", &BodyLowering::LowerCall},
    {"call", &BodyLowering::LowerCall},
    {"pto.load_scalar", &BodyLowering::LowerLoadScalar},
    {"pto.load", &BodyLowering::LowerLoadScalar},
    {"pto.store_scalar", &BodyLowering::LowerStoreScalar},
    {"pto.store", &BodyLowering::LowerStoreScalar},
    {"pto.addptr", &BodyLowering::LowerAddPtr},
    {"pto.get_tensor_view_dim", &BodyLowering::LowerViewDim},
    {"pto.get_block_idx", &BodyLowering::LowerBlockInfo},
    {"pto.get_block_num", &BodyLowering::LowerBlockInfo},
    {"pto.get_subblock_idx", &BodyLowering::LowerBlockInfo},
    {"pto.get_subblock_num", &BodyLowering::LowerBlockInfo},
    {"pto.set_validshape", &BodyLowering::LowerSetValidShape},
    {"pto.declare_tile", &BodyLowering::LowerDeclareTile},
    {"pto.subset", &BodyLowering::LowerSubView},
    {"pto.subview", &BodyLowering::LowerSubView},
    {"pto.tgetval", &BodyLowering::LowerGetVal},
    {"pto.declare_local_array", &BodyLowering::LowerDeclareLocalArray},
    {"pto.local_array_get", &BodyLowering::LowerLocalArrayAccess},
    {"pto.local_array_set", &BodyLowering::LowerLocalArrayAccess},
    {"vector.extract", &BodyLowering::LowerLocalArrayAccess},  // tmrgsort's counts
    {"pto.section.cube", &BodyLowering::LowerSection},
    {"pto.section.vector", &BodyLowering::LowerSection},
    {"pto.fence.barrier_all", &BodyLowering::LowerMemoryOrder},
    {"pto.fence.release", &BodyLowering::LowerMemoryOrder},
    {"pto.fence.acquire", &BodyLowering::LowerMemoryOrder},
    {"pto.cmo.cacheinvalid", &BodyLowering::LowerMemoryOrder},
    {"pto.cmo.clean", &BodyLowering::LowerMemoryOrder},
    {"pto.cmo.invalidate", &BodyLowering::LowerMemoryOrder},
    {"pto.reserve_buffer", &BodyLowering::LowerReserveBuffer},
    {"pto.import_reserved_buffer", &BodyLowering::LowerImportBuffer},
    {"pto.aic_initialize_pipe", &BodyLowering::LowerInitPipe},
    {"pto.aiv_initialize_pipe", &BodyLowering::LowerInitPipe},
    {"pto.tpush_to_aiv", &BodyLowering::LowerPush},
    {"pto.tpush_to_aic", &BodyLowering::LowerPush},
    {"pto.tpop_from_aic", &BodyLowering::LowerPop},
    {"pto.tpop_from_aiv", &BodyLowering::LowerPop},
    {"pto.tfree_from_aic", &BodyLowering::LowerFree},
    {"pto.tfree_from_aiv", &BodyLowering::LowerFree},
};

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
  if (stmt.head.Is(ItemKind::kCaret)) return LowerBlockLabel(stmt);
  std::string_view name = stmt.head.text;
  for (const HandlerEntry& entry : kHandlers) {
    if (name == entry.name) return (this->*entry.handler)(stmt);
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

namespace {

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
  for (const HandlerEntry& entry : kHandlers) consider(entry.name, entry.name);
  std::string message = StrCat("unknown operation '", name, "'");
  if (!best.empty()) message += StrCat("; did you mean '", best, "'?");
  ctx_.Error(stmt.head, message);
  return false;
}

bool BodyLowering::AddParam(const Item& name, const Type& type, SourceRange type_range) {
  Function& fn = fb_.function();
  Param param;
  param.name = fb_.program().Intern(name.text);
  param.dtype = type.dtype;
  Value v;
  v.type = type;
  switch (type.kind) {
    case TypeKind::kScalar:
      param.kind = ParamKind::kScalar;
      v.cls = ValueClass::kScalar;
      v.reg = fb_.NewScalar(type.dtype);
      break;
    case TypeKind::kTile:
      param.kind = ParamKind::kTile;
      v.cls = ValueClass::kTile;
      v.reg = fb_.NewTile(type.tile, name.text, name.range);
      break;
    case TypeKind::kPointer:
      param.kind = ParamKind::kPointer;
      v.cls = ValueClass::kView;
      v.reg = fb_.NewView(type.dtype, name.text);
      break;
    case TypeKind::kMemref:
    case TypeKind::kTensorView:      // a dense tensor of that static shape, as a memref
    case TypeKind::kPartitionView:
      param.kind = ParamKind::kMemref;
      v.cls = ValueClass::kView;
      v.reg = fb_.NewView(type.dtype, name.text);
      if (type.shape.empty() || type.shape.size() > 2) {
        ctx_.Error(type_range, "a memref or view argument needs a static 1-D or 2-D shape such as 16x16xf32");
        return false;
      }
      for (int64_t d : type.shape) {
        if (d == kDynamic) {
          ctx_.Error(type_range, "a memref or view argument needs a static shape ('?' is not allowed)");
          return false;
        }
        if (d <= 0 || d > (int64_t{1} << 40)) {
          ctx_.Error(type_range, StrCat("a memref dimension must be from 1 to 2^40, got ", d));
          return false;
        }
      }
      param.shape = type.shape;
      break;
    case TypeKind::kOpaque:
      if (type.text.rfind("!pto.event", 0) == 0) {
        // An event parameter (.arg %e0 : !pto.event) is for tsync only. Every instruction
        // finishes before the next starts, so there is nothing to wait for and nothing to pass:
        // it is not a parameter of the bytecode function and takes no ptorun argument.
        v.cls = ValueClass::kEvent;
        return fb_.Define(name, v);
      }
      [[fallthrough]];
    default:
      ctx_.Error(type_range, StrCat("unsupported parameter type '", type.text,
                                    "' (expected a scalar, !pto.ptr<T>, a tile or a memref)"));
      return false;
  }
  param.reg = v.reg;
  if (!fb_.Define(name, v)) return false;
  fn.params.push_back(param);
  return true;
}

// .arg %a : TYPE
bool BodyLowering::LowerArg(const Statement& stmt) {
  ItemSpan items = stmt.items;
  if (!ExpectResults(ctx_, stmt, 0)) return false;
  if (items.size() < 3 || !items[0].Is(ItemKind::kValue) || !items[1].IsPunct(":")) {
    ctx_.Error(stmt.head, "expected '.arg %name : TYPE'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx_, items.subspan(2), &type)) return false;
  return AddParam(items[0], type, SpanRange(items.subspan(2)));
}

bool BodyLowering::DefineScalarConstant(const Item& name, const Item& literal, const Type& type) {
  if (!type.IsScalar()) {
    ctx_.Error(literal, StrCat("constants must have a scalar type, got '", type.text, "'"));
    return false;
  }
  int64_t int_value;
  double real_value;
  if (!LiteralValue(ctx_, literal, type.dtype, &int_value, &real_value)) return false;
  return fb_.Define(name, fb_.ConstantValue(type.dtype, int_value, real_value));
}

// %c = arith.constant 16 : index      .const %c = 16 : index
bool BodyLowering::LowerConstant(const Statement& stmt) {
  ItemSpan items = stmt.items;
  const Item* name = nullptr;
  if (stmt.head.text == ".const") {
    if (!ExpectResults(ctx_, stmt, 0)) return false;
    if (items.size() < 2 || !items[0].Is(ItemKind::kValue) || !items[1].IsPunct("=")) {
      ctx_.Error(stmt.head, "expected '.const %name = VALUE : TYPE'");
      return false;
    }
    name = &items[0];
    items = items.subspan(2);
  } else {
    if (!ExpectResults(ctx_, stmt, 1)) return false;
    name = &stmt.results[0];
  }
  // MLIR prints i1 constants without their type: %true = arith.constant true.
  if (items.size() == 1 && (items[0].IsWord("true") || items[0].IsWord("false"))) {
    return DefineScalarConstant(*name, items[0], ScalarType(DType::kI1));
  }
  if (items.size() < 3 || !items[1].IsPunct(":")) {
    ctx_.Error(stmt.head, "expected 'VALUE : TYPE'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx_, items.subspan(2), &type)) return false;
  return DefineScalarConstant(*name, items[0], type);
}

bool BodyLowering::BindTile(uint32_t reg, const Value& addr, SourceRange where) {
  TileBinding& binding = fb_.binding(reg);
  TileReg& tile = fb_.function().tiles[reg];
  if (addr.is_const) {
    std::string problem =
        addr.int_value < 0 ? StrCat("address ", addr.int_value, " is negative")
                           : CheckTileAddress(tile.type, ctx_.arch(),
                                              static_cast<uint64_t>(addr.int_value));
    if (!problem.empty()) {
      ctx_.Error(where, problem);
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
  fb_.Emit(Opcode::kTAssign, {reg, addr.reg}, where);
  return true;
}

// %t = pto.alloc_tile [addr = %a] [valid_row = %r] [valid_col = %c] : TYPE
bool BodyLowering::LowerAllocTile(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  int colon = Find(items, ":");
  if (colon < 0) {
    ctx_.Error(stmt.head, "alloc_tile needs its type: ': !pto.tile_buf<...>'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx_, items.subspan(colon + 1), &type)) return false;
  if (!type.IsTile()) {
    ctx_.Error(items.subspan(colon + 1), StrCat("alloc_tile makes tiles, not '", type.text, "'"));
    return false;
  }
  Resolved addr, valid[2];
  bool has_addr = false, has_valid[2] = {false, false};
  ItemSpan keys = items.subspan(0, colon);
  bool ok = true;
  for (size_t i = 0; i < keys.size();) {
    const Item& key = keys[i];
    if (key.Is(ItemKind::kAttrDict)) {  // {__pto.force_dynamic_valid_shape}: compiler notes
      ++i;
      continue;
    }
    size_t n = TermLength(keys.subspan(i + 1));
    if (!key.Is(ItemKind::kKey) || n == 0) {
      ctx_.Error(key, StrCat("unexpected '", Spell(keys.subspan(i, 1)),
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
      ctx_.Error(key, StrCat("unknown alloc_tile operand '", key.text, "'"));
      return false;
    }
    if (Resolve(fb_, term, DType::kIndex, target)) {
      if (target->value.cls != ValueClass::kScalar || !IsInteger(target->value.type.dtype)) {
        ctx_.Error(term, StrCat("'", key.text, "' must be an integer, got ",
                                Describe(target->value)));
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
      ctx_.Error(stmt.head, StrCat("the tile type has a dynamic ", k ? "v_col" : "v_row",
                                   " ('?'); give its value with '", names[k], " = %value'"));
      ok = false;
    } else if (type_valid[k] != kDynamic && has_valid[k]) {
      ctx_.Error(valid[k].range, StrCat("'", names[k], "' is only allowed when the type's ",
                                        k ? "v_col" : "v_row", " is '?'"));
      ok = false;
    } else if (has_valid[k] && valid[k].value.is_const &&
               (valid[k].value.int_value < 0 || valid[k].value.int_value > dims[k])) {
      ctx_.Error(valid[k].range, StrCat(names[k], " ", valid[k].value.int_value,
                                        " is outside the tile's ", dims[k],
                                        k ? " columns" : " rows"));
      ok = false;
    }
  }
  if (!ok) return false;
  const Item& name = stmt.results[0];
  Value v;
  v.type = type;
  v.cls = ValueClass::kTile;
  v.reg = fb_.NewTile(t, name.text, name.range);
  if (!fb_.Define(name, v)) return false;
  bool runtime_addr = false;
  if (has_addr) {
    if (addr.value.is_const) {
      if (!BindTile(v.reg, addr.value, addr.range)) return false;
    } else {
      runtime_addr = true;
      fb_.binding(v.reg).runtime_address = true;
    }
  }
  if (runtime_addr || has_valid[0] || has_valid[1]) {
    fb_.Emit(Opcode::kAllocTile,
             {v.reg, runtime_addr ? addr.value.reg : kNoOperand,
              has_valid[0] ? valid[0].value.reg : kNoOperand,
              has_valid[1] ? valid[1].value.reg : kNoOperand},
             stmt.head.range);
  }
  return true;
}

}  // namespace pto::assembler
