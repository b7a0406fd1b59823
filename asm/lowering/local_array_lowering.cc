#include "pto/asm/lowering/local_array_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

// %a = pto.declare_local_array -> !pto.local_array<N x T>: N scalars of type T that live as
// long as the function's frame. (Also %a = pto.declare_eventid_array -> !pto.eventid_array<N>,
// N index values for set_flag_dyn / wait_flag_dyn.)
bool LowerDeclareLocalArray(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, stmt.head.text)) {
    return false;
  }
  Type type;
  if (!DeclaredType(ctx, stmt, "expected '-> !pto.local_array<NxT>'", &type)) return false;
  if (type.kind != TypeKind::kLocalArray) {
    ctx.Error(stmt.head,
              StrCat("declare_local_array makes a !pto.local_array, not '", type.text, "'"));
    return false;
  }
  Value v;
  v.type = type;
  v.cls = ValueClass::kLocalArray;
  v.reg = fb.NewLocalArray();
  if (!fb.Define(stmt.results[0], v)) return false;
  fb.Emit(Opcode::kDeclareLocalArray, {v.reg, static_cast<uint32_t>(LocalArrayElements(type))},
          stmt.head.range);
  return true;
}

namespace {

// The array and the element's place in it of "%a[%i]" (or "%a[%i, %j]" for an array of two
// sizes: row-major, the place i * cols + j, computed by the code).
bool LocalArrayElement(FunctionBuilder& fb, ItemSpan term, Value* array, Value* index) {
  Context& ctx = fb.ctx();
  Resolved r;
  if (term.empty() || !Resolve(fb, term.first(TermLength(term)), DType::kIndex, &r)) return false;
  if (r.value.cls != ValueClass::kLocalArray || r.value.type.kind != TypeKind::kLocalArray ||
      r.indices.empty()) {  // (a struct is a local array too, but its fields have their ops)
    ctx.Error(term,
              StrCat("expected a local array element such as %a[%i], got '", Spell(term), "'"));
    return false;
  }
  const std::vector<int64_t>& shape = r.value.type.shape;
  if (r.indices.size() != shape.size()) {
    ctx.Error(term, StrCat("'", r.value.type.text, "' takes ", shape.size(), " ",
                           shape.size() == 1 ? "index" : "indices", ", got ", r.indices.size()));
    return false;
  }
  *array = r.value;
  *index = r.indices[0];
  for (size_t d = 1; d < shape.size(); ++d) {
    const Value size = fb.ConstantValue(DType::kIndex, shape[d], 0);
    Value scaled = fb.NewScalarValue(DType::kIndex), place = fb.NewScalarValue(DType::kIndex);
    fb.Emit(Opcode::kMulI, {scaled.reg, index->reg, size.reg}, r.range);
    fb.Emit(Opcode::kAddI, {place.reg, scaled.reg, r.indices[d].reg}, r.range);
    *index = place;
  }
  return true;
}

}  // namespace

// pto.local_array_set %a[%i], %v : !pto.local_array<NxT>, T
// %v = pto.local_array_get %a[%i] : !pto.local_array<NxT> -> T
// %v = vector.extract %a[k] : T from vector<NxT>   (a vector<NxT> is held as a local array)
bool LowerLocalArrayAccess(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const bool get = stmt.head.text != "pto.local_array_set" &&
                   stmt.head.text != "pto.eventid_array_set";
  if (!ExpectResults(ctx, stmt, get ? 1 : 0)) return false;
  std::vector<ItemSpan> parts = Split(BeforeColon(stmt.items), ",");
  Value array, index;
  if (parts.size() != (get ? 1u : 2u) || !LocalArrayElement(fb, parts[0], &array, &index)) {
    if (parts.size() != (get ? 1u : 2u)) {
      ctx.Error(stmt.head, get ? "expected 'pto.local_array_get %a[%i] : A -> T'"
                               : "expected 'pto.local_array_set %a[%i], %value : A, T'");
    }
    return false;
  }
  const DType dtype = array.type.dtype;
  if (get) {
    Value result = fb.NewScalarValue(dtype);
    if (!fb.Define(stmt.results[0], result)) return false;
    fb.Emit(Opcode::kLocalArrayGet, {result.reg, index.reg, array.reg}, stmt.head.range);
    return true;
  }
  Resolved value;
  if (!Resolve(fb, parts[1], dtype, &value)) return false;
  if (value.value.cls != ValueClass::kScalar || value.value.type.dtype != dtype) {
    ctx.Error(parts[1], StrCat("the array holds ", DTypeName(dtype), ", the value is ",
                               Describe(value.value)));
    return false;
  }
  fb.Emit(Opcode::kLocalArraySet, {index.reg, value.value.reg, array.reg}, stmt.head.range);
  return true;
}

}  // namespace pto::assembler
