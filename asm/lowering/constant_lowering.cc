#include "pto/asm/lowering/constant_lowering.h"

#include "pto/asm/lowering/operands.h"
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
  if (items.size() < 3 || !items[1].IsPunct(":")) {
    ctx.Error(stmt.head, "expected 'VALUE : TYPE'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx, items.subspan(2), &type)) return false;
  return DefineScalarConstant(fb, *name, items[0], type);
}

}  // namespace pto::assembler
