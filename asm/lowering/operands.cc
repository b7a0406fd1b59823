#include "pto/asm/lowering/operands.h"

#include <cmath>
#include <cstring>

#include "pto/common/float_format.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// Integer literals may be written signed or unsigned: 200 and -56 are the same i8 (MLIR
// integers are signless). Anything outside both ranges does not fit.
bool IntFits(int64_t v, DType t) {
  int bits = IntBits(t);
  if (bits >= 64) return true;
  return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << bits);
}

// The canonical register value of \a v in type \a t: wrapped to the width, then sign-extended
// for signed (and signless) types, zero-extended for unsigned ones.
int64_t WrapToType(int64_t v, DType t) {
  int bits = IntBits(t);
  if (bits >= 64) return v;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t low = static_cast<uint64_t>(v) & mask;
  bool negative = (low >> (bits - 1)) & 1;
  if (!IsSigned(t) || !negative) return static_cast<int64_t>(low);  // i1 and uiN: zero-extend
  return static_cast<int64_t>(low | ~mask);
}

}  // namespace

bool LiteralValue(Context& ctx, const Item& literal, DType type, int64_t* int_value,
                  double* real_value) {
  *int_value = 0;
  *real_value = 0;
  if (literal.IsWord("true") || literal.IsWord("false")) {
    if (type != DType::kI1) {
      ctx.Error(literal, StrCat("'", literal.text, "' is an i1 constant, not ", DTypeName(type)));
      return false;
    }
    *int_value = literal.IsWord("true");
    return true;
  }
  if (literal.Is(ItemKind::kFloat)) {
    if (!IsFloat(type)) {
      ctx.Error(literal, StrCat("float literal ", literal.text, " where an integer (",
                                DTypeName(type), ") is needed"));
      return false;
    }
    *real_value = RoundToFloatType(literal.Real(), type);
    if (std::isinf(*real_value)) {  // 1e999, or 1e39 for an f32: MLIR rejects both
      ctx.Error(literal, StrCat("float ", literal.text, " does not fit in ", DTypeName(type)));
      return false;
    }
    return true;
  }
  if (!literal.Is(ItemKind::kInt)) {
    ctx.Error(literal, StrCat("expected a number, got '", Spell(ItemSpan(&literal, 1)), "'"));
    return false;
  }
  bool hex = literal.text.size() > 2 && literal.text[1] == 'x';
  // Past 2^63-1 a literal is a 64-bit pattern (the parser keeps up to 2^64-1 unsigned).
  const bool past_int64 = literal.text[0] != '-' && literal.number < 0;
  if (IsFloat(type)) {
    if (!hex) {
      const double value = past_int64 ? static_cast<double>(static_cast<uint64_t>(literal.number))
                                      : static_cast<double>(literal.number);
      *real_value = RoundToFloatType(value, type);
      if (std::isinf(*real_value)) {  // 70000 : f16
        ctx.Error(literal, StrCat("integer ", literal.text, " does not fit in ", DTypeName(type)));
        return false;
      }
      return true;
    }
    // MLIR prints float constants it cannot spell exactly as their bit pattern.
    uint64_t bits = static_cast<uint64_t>(literal.number);
    switch (type) {
      case DType::kF16:
        *real_value = HalfToFloat(static_cast<uint16_t>(bits));
        break;
      case DType::kBF16:
        *real_value = BF16ToFloat(static_cast<uint16_t>(bits));
        break;
      case DType::kF32:
        *real_value = BitsFloat(static_cast<uint32_t>(bits));
        break;
      default:
        std::memcpy(real_value, &bits, 8);
    }
    return true;
  }
  if (!IntFits(literal.number, type) || (past_int64 && DTypeSize(type) < 8)) {
    ctx.Error(literal, StrCat("integer ", literal.text, " does not fit in ", DTypeName(type)));
    return false;
  }
  *int_value = WrapToType(literal.number, type);
  return true;
}

namespace {

bool Literal(FunctionBuilder& fb, const Item& item, DType type, Resolved* out) {
  if (item.IsWord("true") || item.IsWord("false")) type = DType::kI1;
  if (type == DType::kInvalid) type = item.Is(ItemKind::kFloat) ? DType::kF32 : DType::kI32;
  int64_t int_value;
  double real_value;
  if (!LiteralValue(fb.ctx(), item, type, &int_value, &real_value)) return false;
  out->value = fb.ConstantValue(type, int_value, real_value);
  return true;
}

}  // namespace

bool Resolve(FunctionBuilder& fb, ItemSpan term, DType literal_type, Resolved* out) {
  Context& ctx = fb.ctx();
  *out = Resolved();
  out->range = SpanRange(term);
  const Item& head = term[0];
  if (head.Is(ItemKind::kSymbol)) {
    // @tile(0x1000): a manual-mode address.
    if (term.size() == 2 && term[1].IsGroup('(') && term[1].children().size() == 1 &&
        term[1].children()[0].Is(ItemKind::kInt)) {
      out->value = fb.ConstantValue(DType::kIndex, term[1].children()[0].number, 0);
      return true;
    }
    ctx.Error(term, StrCat("expected an address such as @tile(0x1000), got '", Spell(term),
                           "'"));
    return false;
  }
  if (head.Is(ItemKind::kValue)) {
    const Value* v = fb.Lookup(head);
    if (!v) return false;
    out->value = *v;
    if (term.size() == 1) return true;
    if (term.size() != 2 || !term[1].IsGroup('[')) {
      ctx.Error(term.subspan(1), StrCat("unexpected '", Spell(term.subspan(1)), "'"));
      return false;
    }
    std::vector<ItemSpan> indices;
    if (!SplitList(ctx, term[1].children(), "an index", &indices)) return false;
    for (ItemSpan index : indices) {
      Resolved r;
      if (!IsOneTerm(ctx, index) || !Resolve(fb, index, DType::kIndex, &r)) return false;
      if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype)) {
        ctx.Error(index, StrCat("an index must be an integer, got ", Describe(r.value)));
        return false;
      }
      out->indices.push_back(r.value);
    }
    return true;
  }
  if (term.size() != 1) {
    ctx.Error(term, StrCat("unexpected operand '", Spell(term), "'"));
    return false;
  }
  return Literal(fb, head, literal_type, out);
}

bool ConstantInt(const Resolved& r, int64_t* value) {
  if (r.value.cls != ValueClass::kScalar || !r.value.is_const || !IsInteger(r.value.type.dtype)) {
    return false;
  }
  *value = r.value.int_value;
  return true;
}

std::string Describe(const Value& v) {
  switch (v.cls) {
    case ValueClass::kTile:
      return StrCat("a tile (", v.type.tile.ToString(), ")");
    case ValueClass::kView:
      return StrCat("a global tensor (", v.type.text, ")");
    case ValueClass::kScalar:
      if (v.type.IsLocalPointer()) return StrCat("a pointer (", v.type.text, ")");
      return StrCat("a scalar of type ", DTypeName(v.type.dtype));
    case ValueClass::kVReg:
      return StrCat("a vector register (", v.type.text, ")");
    case ValueClass::kMask:
      return StrCat("a mask register (", v.type.text, ")");
    case ValueClass::kAlign:
      return "an align register (!pto.align)";
    case ValueClass::kLVec:
      return StrCat("a VMI vector (", v.type.text, ")");
    case ValueClass::kLMask:
      return StrCat("a VMI mask (", v.type.text, ")");
    case ValueClass::kLocalArray:
      return StrCat("a local array (", v.type.text, ")");
    case ValueClass::kConfig:
      return "an im2col configuration (!pto.fmatrix_config)";
    case ValueClass::kEvent:
      return StrCat("an event (", v.type.text, ")");
    case ValueClass::kMultiTile:
      return StrCat("a multi-buffer tile (", v.type.text, ")");
    case ValueClass::kHandle:
      return StrCat("a handle (", v.type.text, ")");
    case ValueClass::kNone:
      break;
  }
  return StrCat("a value of type ", v.type.text);
}

namespace {

// False if \a written names another kind of value than \a v, or a view of another kind,
// element type or shape ('?' matches any size: a view's shape holds the sizes the assembler
// knows, not only those its type spells).
bool KindFits(const Value& v, const Type& written) {
  switch (written.kind) {
    case TypeKind::kTile:
      return v.cls == ValueClass::kTile;
    case TypeKind::kScalar:
      return v.cls == ValueClass::kScalar && !v.type.IsLocalPointer();
    case TypeKind::kLocalArray:
      return v.cls == ValueClass::kLocalArray;
    case TypeKind::kVReg:
      return v.cls == ValueClass::kVReg && v.type.dtype == written.dtype;
    case TypeKind::kMask:
      return v.cls == ValueClass::kMask && v.type.granule == written.granule;
    case TypeKind::kAlign:
      return v.cls == ValueClass::kAlign;
    case TypeKind::kLVec:
      return v.cls == ValueClass::kLVec && v.type.dtype == written.dtype &&
             v.type.lanes == written.lanes && v.type.lvec_flags == written.lvec_flags;
    case TypeKind::kLMask:
      return v.cls == ValueClass::kLMask && v.type.lanes == written.lanes;
    case TypeKind::kHandle:
      return v.cls == ValueClass::kHandle && v.type.handle == written.handle;
    case TypeKind::kPointer:
      if (written.local || v.type.IsLocalPointer()) {
        return v.type.IsLocalPointer() && written.local && v.type.mem == written.mem &&
               v.type.dtype == written.dtype;
      }
      break;
    case TypeKind::kTensorView:
    case TypeKind::kPartitionView:
    case TypeKind::kMemref:
      break;
    default:
      return true;
  }
  if (v.cls != ValueClass::kView || v.type.kind != written.kind) return false;
  if (v.type.dtype != written.dtype) return false;
  if (v.type.shape.empty() || written.shape.empty()) return true;
  if (v.type.shape.size() != written.shape.size()) return false;
  for (size_t i = 0; i < written.shape.size(); ++i) {
    if (written.shape[i] != kDynamic && v.type.shape[i] != kDynamic &&
        written.shape[i] != v.type.shape[i]) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool ReadCast(FunctionBuilder& fb, const Statement& stmt, DType want, const char* form,
              Resolved* src, Signature* sig) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  const int colon = Find(stmt.items, ":");
  ItemSpan operand = BeforeColon(stmt.items);
  if (colon < 0 || operand.empty() || !IsOneTerm(ctx, operand) ||
      !ParseSignature(ctx, ItemSpan(stmt.items).subspan(colon + 1), sig) ||
      sig->inputs.size() != 1 || sig->results.size() != 1) {
    if (colon < 0 || operand.empty()) ctx.Error(stmt.head, StrCat("expected '", form, "'"));
    return false;
  }
  if (!Resolve(fb, operand, want, src)) return false;
  if (std::string problem = WrittenTypeProblem(src->value, sig->inputs[0]); !problem.empty()) {
    ctx.Error(sig->input_ranges[0], problem);
    return false;
  }
  return true;
}

std::string WrittenTypeProblem(const Value& v, const Type& written) {
  if (!KindFits(v, written)) {
    return StrCat("operand is ", Describe(v), " but its type is written as '", written.text, "'");
  }
  // A window's storage shape is its parent's; the program writes the window's declared type.
  const TileType& declared =
      written.tile.Dense() ? v.type.tile.Declared() : v.type.tile;
  if (v.cls == ValueClass::kTile && written.IsTile() && written.tile != declared) {
    return StrCat("operand is ", v.type.tile.ToString(), " but its type is written as ",
                  written.tile.ToString());
  }
  if (v.cls == ValueClass::kScalar && written.IsScalar() && written.dtype != v.type.dtype) {
    return StrCat("operand is ", DTypeName(v.type.dtype), " but its type is written as ",
                  DTypeName(written.dtype));
  }
  return "";
}

bool CheckWrittenTypes(Context& ctx, const std::vector<Type>& types,
                       const std::vector<SourceRange>& ranges, const std::vector<Value>& values,
                       SourceRange where, const char* what) {
  if (types.size() != values.size()) {
    ctx.Error(where, StrCat("expected ", values.size(), " type", values.size() == 1 ? "" : "s",
                            " for the ", what, ", got ", types.size()));
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < types.size(); ++i) {
    if (std::string problem = WrittenTypeProblem(values[i], types[i]); !problem.empty()) {
      ctx.Error(ranges[i], problem);
      ok = false;
    }
  }
  return ok;
}

bool CheckTypesAfterColon(Context& ctx, const Statement& stmt, const std::vector<Value>& values,
                          const char* what) {
  const int colon = Find(stmt.items, ":");
  if (colon < 0) {
    if (values.empty()) return true;
    ctx.Error(stmt.head, StrCat("'", stmt.head.text, "' needs the types of its values: ': T, ...'"));
    return false;
  }
  const ItemSpan written = ItemSpan(stmt.items).subspan(colon + 1);
  Signature types;
  if (!ParseSignature(ctx, written, &types)) return false;
  if (types.has_arrow) {
    ctx.Error(written, StrCat("expected the types of the ", what, ", got '", Spell(written), "'"));
    return false;
  }
  return CheckWrittenTypes(ctx, types.inputs, types.input_ranges, values,
                           written.empty() ? stmt.items[colon].range : SpanRange(written), what);
}

bool ExpectResults(Context& ctx, const Statement& stmt, size_t n) {
  // "%r:2" names two results: count what the names stand for, not the names.
  size_t count = 0;
  for (const Item& r : stmt.results) count += static_cast<size_t>(r.number);
  if (count == n) return true;
  if (n == 0) {
    ctx.Error(stmt.results[0], StrCat("'", stmt.head.text, "' has no results"));
  } else if (count > 0) {
    ctx.Error(SpanRange(stmt.results),
              StrCat("'", stmt.head.text, "' has ", n, " result", n == 1 ? "" : "s", " but ",
                     count, count == 1 ? " name is" : " names are", " given"));
  } else {
    ctx.Error(stmt.head, StrCat("'", stmt.head.text, "' needs ", n, " result name",
                                n == 1 ? "" : "s", " ('%name = ", stmt.head.text, " ...')"));
  }
  return false;
}

bool DefineResults(FunctionBuilder& fb, const Statement& stmt, const std::vector<Value>& values) {
  size_t count = 0;
  for (const Item& r : stmt.results) count += static_cast<size_t>(r.number);
  // MLIR lets an op's results go unnamed (`func.call @f(%x) : (T) -> i64`): they are unused.
  if (count == 0) return true;
  if (count != values.size()) {
    fb.ctx().Error(stmt.head, StrCat("'", stmt.head.text, "' has ", values.size(), " result",
                                     values.size() == 1 ? "" : "s", " but ", count,
                                     count == 1 ? " name is" : " names are", " given"));
    return false;
  }
  size_t k = 0;
  bool ok = true;
  for (const Item& r : stmt.results) {
    for (int i = 0; i < r.number; ++i) {
      ok &= fb.Define(r, values[k++], r.number > 1 ? i : -1);
    }
  }
  return ok;
}

bool DeclaredType(Context& ctx, const Statement& stmt, const char* missing, Type* type) {
  int at = Find(stmt.items, "->");
  if (at < 0) at = Find(stmt.items, ":");
  if (at < 0) {
    ctx.Error(stmt.head, missing);
    return false;
  }
  return ParseWholeType(ctx, ItemSpan(stmt.items).subspan(at + 1), type);
}

bool IntOperand(FunctionBuilder& fb, ItemSpan term, Value* out) {
  Resolved r;
  if (term.empty() || !Resolve(fb, term, DType::kIndex, &r)) return false;
  if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype) ||
      r.value.type.IsLocalPointer()) {
    fb.ctx().Error(term, StrCat("expected an integer, got ", Describe(r.value)));
    return false;
  }
  *out = r.value;
  return true;
}

bool IndexList(FunctionBuilder& fb, const Item& group, std::vector<Value>* values) {
  if (!group.IsGroup('[')) {
    fb.ctx().Error(group, "expected a list such as [%a, %b]");
    return false;
  }
  std::vector<ItemSpan> entries;
  if (!SplitList(fb.ctx(), group.children(), "an integer", &entries)) return false;
  for (ItemSpan entry : entries) {
    if (!IsOneTerm(fb.ctx(), entry)) return false;
    Value v;
    if (!IntOperand(fb, entry, &v)) return false;
    values->push_back(v);
  }
  return true;
}

bool CarriedValue(FunctionBuilder& fb, ItemSpan term, Value* out) {
  Context& ctx = fb.ctx();
  Resolved r;
  if (!Resolve(fb, term, DType::kInvalid, &r)) return false;
  if (r.value.cls == ValueClass::kLocalArray) {
    const bool is_struct = r.value.type.text.rfind("!pto.struct", 0) == 0;
    ctx.Error(term, StrCat(is_struct ? "a struct" : "a local array",
                           " stays in the function that declares it: it cannot be "
                           "passed, carried, yielded or returned"));
    return false;
  }
  if (r.value.cls == ValueClass::kConfig) {
    ctx.Error(term, "an !pto.fmatrix_config is known when the program is assembled: use it "
                    "where it is made, it cannot be passed, carried, yielded or returned");
    return false;
  }
  if (r.value.cls == ValueClass::kEvent) {
    ctx.Error(term, "an event is only for tsync in the function that receives it: it cannot be "
                    "passed, carried, yielded or returned");
    return false;
  }
  if (r.value.cls == ValueClass::kHandle) {
    ctx.Error(term, StrCat(r.value.type.text, " is known when the program is assembled: use it "
                           "in the function that makes it; it cannot be passed, carried, "
                           "yielded or returned"));
    return false;
  }
  *out = r.value;
  return true;
}

bool ValueList(FunctionBuilder& fb, ItemSpan items, std::vector<Value>* values) {
  std::vector<ItemSpan> parts;
  if (!SplitList(fb.ctx(), items, "a value", &parts)) return false;
  for (ItemSpan part : parts) {
    if (!IsOneTerm(fb.ctx(), part)) return false;
    Value v;
    if (!CarriedValue(fb, part, &v)) return false;
    values->push_back(v);
  }
  return true;
}

}  // namespace pto::assembler
