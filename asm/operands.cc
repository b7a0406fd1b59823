#include "asm/operands.h"

#include <cmath>
#include <cstring>

#include "common/float_format.h"
#include "common/strings.h"

namespace pto::assembler {

namespace {

bool IntFits(int64_t v, DType t) {
  switch (t) {
    case DType::kI1:
      return v == 0 || v == 1 || v == -1;
    case DType::kI8:
      return v >= -128 && v <= 255;
    case DType::kU8:
      return v >= 0 && v <= 255;
    case DType::kI16:
      return v >= -32768 && v <= 65535;
    case DType::kU16:
      return v >= 0 && v <= 65535;
    case DType::kI32:
      return v >= INT32_MIN && v <= UINT32_MAX;
    case DType::kU32:
      return v >= 0 && v <= UINT32_MAX;
    default:
      return true;
  }
}

bool Literal(FunctionBuilder& fb, const Item& item, DType type, Resolved* out) {
  Context& ctx = fb.ctx();
  if (item.IsWord("true") || item.IsWord("false")) {
    out->value = fb.ConstantValue(DType::kI1, item.IsWord("true") ? 1 : 0, 0);
    return true;
  }
  if (item.Is(ItemKind::kFloat)) {
    if (type == DType::kInvalid) type = DType::kF32;
    if (!IsFloat(type)) {
      ctx.Error(item, StrCat("float literal ", item.text, " where an integer (",
                             DTypeName(type), ") is needed"));
      return false;
    }
    out->value = fb.ConstantValue(type, 0, item.real);
    return true;
  }
  if (item.Is(ItemKind::kInt)) {
    if (type == DType::kInvalid) type = DType::kI32;
    if (IsFloat(type)) {
      out->value = fb.ConstantValue(type, 0, static_cast<double>(item.number));
      return true;
    }
    if (!IntFits(item.number, type)) {
      ctx.Error(item, StrCat("integer ", item.text, " does not fit in ", DTypeName(type)));
      return false;
    }
    out->value = fb.ConstantValue(type, item.number, 0);
    return true;
  }
  ctx.Error(item, StrCat("expected a value name or a literal, got '", Spell(ItemSpan(&item, 1)),
                         "'"));
  return false;
}

}  // namespace

bool Resolve(FunctionBuilder& fb, ItemSpan term, DType literal_type, Resolved* out) {
  Context& ctx = fb.ctx();
  *out = Resolved();
  out->range = SpanRange(term);
  const Item& head = term[0];
  if (head.Is(ItemKind::kSymbol)) {
    // @tile(0x1000): a manual-mode address.
    if (term.size() == 2 && term[1].IsGroup('(') && term[1].children.size() == 1 &&
        term[1].children[0].Is(ItemKind::kInt)) {
      out->value = fb.ConstantValue(DType::kIndex, term[1].children[0].number, 0);
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
    for (ItemSpan index : Split(term[1].children, ",")) {
      Resolved r;
      if (index.empty()) {
        ctx.Error(term[1], "empty index");
        return false;
      }
      if (!Resolve(fb, index.subspan(0, TermLength(index)), DType::kIndex, &r)) return false;
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
      return StrCat("a scalar of type ", DTypeName(v.type.dtype));
    case ValueClass::kNone:
      break;
  }
  return StrCat("a value of type ", v.type.text);
}

}  // namespace pto::assembler
