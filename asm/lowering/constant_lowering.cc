#include "pto/asm/lowering/constant_lowering.h"

#include "pto/asm/lowering/operands.h"
#include "pto/common/float_format.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// Defines %name as the constant \a literal of scalar type \a type.
bool DefineScalarConstant(FunctionBuilder& fb, const Item& name, const Item& literal,
                          const Type& type) {
  Context& ctx = fb.ctx();
  if (!type.IsScalar()) {
    ctx.Error(literal, StrCat("constants must have a scalar type, got '", type.text, "'"));
    return false;
  }
  // MLIR reads a decimal integer as an integer attribute, which a float type does not take;
  // a hex integer is the float's bit pattern.
  const bool decimal = literal.Is(ItemKind::kInt) && literal.text.find('x') == literal.text.npos;
  if (IsFloat(type.dtype) && decimal) {
    ctx.Error(literal, StrCat("expected a float literal for ", DTypeName(type.dtype),
                              ", got the integer ", literal.text, " (write ", literal.text, ".0)"));
    return false;
  }
  int64_t int_value;
  double real_value;
  if (!LiteralValue(ctx, literal, type.dtype, &int_value, &real_value)) return false;
  return fb.Define(name, fb.ConstantValue(type.dtype, int_value, real_value));
}

// %c = arith.constant dense<[1.0, 2.0]> : vector<2xf16> (or dense<1.0>, both elements): a packed
// SIMT pair, as the integer constant of its bits (element 0 low).
bool DefinePackedConstant(FunctionBuilder& fb, const Item& name, const Item& dense,
                          const Type& type) {
  Context& ctx = fb.ctx();
  if (type.packed == DType::kInvalid || type.packed == DType::kHiF8) {
    ctx.Error(dense, StrCat("dense<...> makes a packed vector<2xT> of f16, bf16, f32, fp8, i8, "
                            "i16 or i32 here, "
                            "not '", type.text, "'"));
    return false;
  }
  ItemSpan c = dense.children();
  if (c.size() == 1 && c[0].IsGroup('[')) c = c[0].children();
  std::vector<double> v;
  for (const Item& item : c) {
    if (item.IsPunct(",")) continue;
    if (!item.Is(ItemKind::kFloat) && !item.Is(ItemKind::kInt)) {
      ctx.Error(item, StrCat("expected a number in dense<...>, got '", item.text, "'"));
      return false;
    }
    v.push_back(item.Real());
  }
  if (v.size() == 1) v.push_back(v[0]);
  if (v.size() != 2) {
    ctx.Error(dense, "a packed pair takes one value (splat) or two: dense<[a, b]>");
    return false;
  }
  const int bits = DTypeSize(type.packed) * 8;
  uint64_t packed = 0;
  for (int e = 0; e < 2; ++e) {
    uint64_t b = 0;
    switch (type.packed) {
      case DType::kF16: b = EncodeFloat(v[e], kHalfFormat, RoundMode::kRint); break;
      case DType::kBF16: b = EncodeFloat(v[e], kBF16Format, RoundMode::kRint); break;
      case DType::kF8E4M3: b = FloatToF8E4M3Sat(static_cast<float>(v[e])); break;
      case DType::kF8E5M2: b = EncodeFloat(v[e], FloatFormat{5, 2}, RoundMode::kRint); break;
      case DType::kF32: b = FloatBits(static_cast<float>(v[e])); break;
      default: b = static_cast<uint64_t>(static_cast<int64_t>(v[e])) & ((uint64_t{1} << bits) - 1);
    }
    packed |= b << (e * bits);
  }
  Value value = fb.ConstantValue(type.dtype, static_cast<int64_t>(packed), 0);
  value.type = type;
  return fb.Define(name, value);
}

// %c = arith.constant dense<[128, 64, 0, 0]> : vector<4xi16> (or dense<0>, every element): a
// vector of integers, held as a local array (tmrgsort's executed counts) set to the values.
bool DefineArrayConstant(FunctionBuilder& fb, const Item& name, const Item& dense,
                         const Type& type) {
  Context& ctx = fb.ctx();
  if (!IsInteger(type.dtype)) {
    ctx.Error(dense, StrCat("dense<...> makes a vector of integers here, not '", type.text, "'"));
    return false;
  }
  ItemSpan c = dense.children();
  if (c.size() == 1 && c[0].IsGroup('[')) c = c[0].children();
  std::vector<int64_t> values;
  for (const Item& item : c) {
    if (item.IsPunct(",")) continue;
    int64_t value;
    double unused;
    if (!item.Is(ItemKind::kInt)) {
      ctx.Error(item, StrCat("expected an integer in dense<...>, got '", item.text, "'"));
      return false;
    }
    if (!LiteralValue(ctx, item, type.dtype, &value, &unused)) return false;
    values.push_back(value);
  }
  const int64_t n = LocalArrayElements(type);
  if (values.size() == 1) values.assign(n, values[0]);
  if (static_cast<int64_t>(values.size()) != n) {
    ctx.Error(dense, StrCat("'", type.text, "' takes one value (splat) or ", n, ", got ",
                            values.size()));
    return false;
  }
  Value array;
  array.type = type;
  array.cls = ValueClass::kLocalArray;
  array.reg = fb.NewLocalArray();
  if (!fb.Define(name, array)) return false;
  fb.Emit(Opcode::kDeclareLocalArray, {array.reg, static_cast<uint32_t>(n)}, dense.range);
  for (int64_t k = 0; k < n; ++k) {
    if (values[k] == 0) continue;  // the array starts as zeros
    const Value index = fb.ConstantValue(DType::kIndex, k, 0);
    const Value value = fb.ConstantValue(type.dtype, values[k], 0);
    fb.Emit(Opcode::kLocalArraySet, {index.reg, value.reg, array.reg}, dense.range);
  }
  return true;
}

}  // namespace

// %c = arith.constant 16 : index      .const %c = 16 : index
bool LowerConstant(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  ItemSpan items = stmt.items;
  const Item* name = nullptr;
  if (stmt.head.text == ".const") {
    if (!ExpectResults(ctx, stmt, 0)) return false;
    if (items.size() < 2 || !items[0].Is(ItemKind::kValue) || !items[1].IsPunct("=")) {
      ctx.Error(stmt.head, "expected '.const %name = VALUE : TYPE'");
      return false;
    }
    name = &items[0];
    items = items.subspan(2);
  } else {
    if (!ExpectResults(ctx, stmt, 1)) return false;
    name = &stmt.results[0];
  }
  // MLIR prints i1 constants without their type: %true = arith.constant true.
  if (items.size() == 1 && (items[0].IsWord("true") || items[0].IsWord("false"))) {
    return DefineScalarConstant(fb, *name, items[0], ScalarType(DType::kI1));
  }
  if (items.size() >= 4 && items[0].IsWord("dense") && items[1].IsGroup('<') &&
      items[2].IsPunct(":")) {
    Type type;
    if (!ParseWholeType(ctx, items.subspan(3), &type)) return false;
    if (type.kind == TypeKind::kLocalArray) return DefineArrayConstant(fb, *name, items[1], type);
    return DefinePackedConstant(fb, *name, items[1], type);
  }
  if (items.size() < 3 || !items[1].IsPunct(":")) {
    ctx.Error(stmt.head, "expected 'VALUE : TYPE'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx, items.subspan(2), &type)) return false;
  return DefineScalarConstant(fb, *name, items[0], type);
}

}  // namespace pto::assembler
