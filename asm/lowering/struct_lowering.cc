#include "pto/asm/lowering/struct_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// A field of a struct: a scalar (its slot among the struct's flattened scalars) or a nested
// struct (its fields).
struct StructField {
  DType scalar = DType::kInvalid;
  uint32_t slot = 0;
  std::vector<StructField> fields;
  std::string text;  // the field's type, for messages
};

// A struct's field may be a scalar of a width C++ names exactly (PTOAS v0.60): integers of 8,
// 16, 32 or 64 bits and f16, bf16, f32, f64.
bool StorableScalar(DType d) {
  switch (d) {
    case DType::kI8: case DType::kI16: case DType::kI32: case DType::kI64:
    case DType::kU8: case DType::kU16: case DType::kU32: case DType::kU64:
    case DType::kF16: case DType::kBF16: case DType::kF32: case DType::kF64:
      return true;
    default:
      return false;
  }
}

// Reads the fields of "!pto.struct<...>" written at \a term into \a out, numbering the
// scalars from \a *next_slot on.
bool ParseStruct(Context& ctx, ItemSpan term, uint32_t* next_slot, StructField* out) {
  out->text = Spell(term);
  if (term.size() != 2 || !term[0].Is(ItemKind::kBang) || term[0].text != "pto.struct" ||
      !term[1].IsGroup('<')) {
    ctx.Error(term, StrCat("expected a struct type such as !pto.struct<f16, i8>, got '",
                           out->text, "'"));
    return false;
  }
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, term[1].children(), "a field type", &parts)) return false;
  if (parts.empty()) {
    ctx.Error(term, "a !pto.struct needs at least one field");
    return false;
  }
  for (ItemSpan part : parts) {
    StructField field;
    if (!part.empty() && part[0].Is(ItemKind::kBang) && part[0].text == "pto.struct") {
      if (!ParseStruct(ctx, part, next_slot, &field)) return false;
    } else {
      Type t;
      if (!ParseWholeType(ctx, part, &t)) return false;
      if (!t.IsScalar() || t.packed != DType::kInvalid || !StorableScalar(t.dtype)) {
        ctx.Error(part, StrCat("a struct field is an integer of 8, 16, 32 or 64 bits, f16, bf16, "
                               "f32, f64 or a nested !pto.struct, not '", t.text, "'"));
        return false;
      }
      field.scalar = t.dtype;
      field.text = t.text;
      field.slot = (*next_slot)++;
    }
    out->fields.push_back(std::move(field));
  }
  return true;
}

// The scalar field \a path (the constant indices of "%s[0, 1]") reaches in \a root.
const StructField* FieldAt(Context& ctx, const StructField& root, const Resolved& element) {
  const StructField* at = &root;
  if (element.indices.empty()) {
    ctx.Error(element.range, "a struct field is reached by a path of constant indices: %s[0, 1]");
    return nullptr;
  }
  for (const Value& index : element.indices) {
    if (!index.is_const) {
      ctx.Error(element.range, "a struct path holds constant indices, not values");
      return nullptr;
    }
    if (at->scalar != DType::kInvalid) {
      ctx.Error(element.range, StrCat("the path goes into the field '", at->text,
                                      "', which is not a struct"));
      return nullptr;
    }
    if (index.int_value < 0 || index.int_value >= static_cast<int64_t>(at->fields.size())) {
      ctx.Error(element.range, StrCat("field ", index.int_value, " is outside '", at->text,
                                      "', which has ", at->fields.size(), " field",
                                      at->fields.size() == 1 ? "" : "s"));
      return nullptr;
    }
    at = &at->fields[index.int_value];
  }
  if (at->scalar == DType::kInvalid) {
    ctx.Error(element.range, StrCat("the path ends at the struct '", at->text,
                                    "': it must reach a scalar field inside it"));
    return nullptr;
  }
  return at;
}

}  // namespace

bool LowerDeclareStruct(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, stmt.head.text)) {
    return false;
  }
  const int arrow = Find(stmt.items, "->");
  if (arrow != 0) {
    ctx.Error(stmt.head, "expected '%s = pto.declare_struct -> !pto.struct<...>'");
    return false;
  }
  ItemSpan written = ItemSpan(stmt.items).subspan(1);
  StructField layout;
  uint32_t slots = 0;
  if (!ParseStruct(ctx, written, &slots, &layout)) return false;
  Value v;
  v.type.kind = TypeKind::kOpaque;  // not a type of the table's: its layout is read where used
  v.type.text = layout.text;
  v.cls = ValueClass::kLocalArray;
  v.reg = fb.NewLocalArray();
  if (!fb.Define(stmt.results[0], v)) return false;
  fb.Emit(Opcode::kDeclareLocalArray, {v.reg, slots}, stmt.head.range);
  return true;
}

bool LowerStructAccess(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const bool get = stmt.head.text == "pto.struct_get";
  if (!ExpectResults(ctx, stmt, get ? 1 : 0)) return false;
  const int colon = Find(stmt.items, ":");
  std::vector<ItemSpan> operands = Split(BeforeColon(stmt.items), ",");
  std::vector<ItemSpan> types =
      colon < 0 ? std::vector<ItemSpan>{}
                : Split(ItemSpan(stmt.items).subspan(colon + 1), get ? "->" : ",");
  if (operands.size() != (get ? 1u : 2u) || types.size() != 2 || operands[0].empty()) {
    ctx.Error(stmt.head, get ? "expected 'pto.struct_get %s[0] : !pto.struct<...> -> T'"
                             : "expected 'pto.struct_set %s[0], %v : !pto.struct<...>, T'");
    return false;
  }
  Resolved element;
  StructField layout;
  uint32_t slots = 0;
  Type field_type;
  if (!Resolve(fb, operands[0], DType::kIndex, &element) ||
      !ParseStruct(ctx, types[0], &slots, &layout) || !ParseWholeType(ctx, types[1], &field_type)) {
    return false;
  }
  if (element.value.cls != ValueClass::kLocalArray || element.value.type.text != layout.text) {
    const std::string& got = element.value.type.text;
    ctx.Error(operands[0], StrCat("expected a struct of type '", layout.text, "', got ",
                                  got.rfind("!pto.struct", 0) == 0 ? StrCat("'", got, "'")
                                                                  : Describe(element.value)));
    return false;
  }
  const StructField* field = FieldAt(ctx, layout, element);
  if (!field) return false;
  if (field_type.kind != TypeKind::kScalar || field_type.dtype != field->scalar) {
    ctx.Error(types[1], StrCat("the field is '", field->text, "', not '", field_type.text, "'"));
    return false;
  }
  const Value slot = fb.ConstantValue(DType::kIndex, field->slot, 0);
  if (get) {
    Value result = fb.NewScalarValue(field->scalar);
    if (!fb.Define(stmt.results[0], result)) return false;
    fb.Emit(Opcode::kLocalArrayGet, {result.reg, slot.reg, element.value.reg}, stmt.head.range);
    return true;
  }
  Resolved value;
  if (!Resolve(fb, operands[1], field->scalar, &value)) return false;
  if (value.value.cls != ValueClass::kScalar || value.value.type.dtype != field->scalar) {
    ctx.Error(operands[1], StrCat("the field holds ", field->text, ", the value is ",
                                  Describe(value.value)));
    return false;
  }
  fb.Emit(Opcode::kLocalArraySet, {slot.reg, value.value.reg, element.value.reg},
          stmt.head.range);
  return true;
}

}  // namespace pto::assembler
