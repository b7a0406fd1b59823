#include "pto/asm/lowering/vmi_constant_lowering.h"

#include <vector>

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// The statement's result type, of \a kind, and its `value = dense<...>` attribute's elements
// (one, a splat, or one per lane), read as numbers (true and false as 1 and 0).
bool ReadConstant(FunctionBuilder& fb, const Statement& stmt, TypeKind kind, const char* what,
                  Type* type, std::vector<double>* values, SourceRange* where) {
  Context& ctx = fb.ctx();
  OpForm form;
  if (!ExpectResults(ctx, stmt, 1) || !ReadOpForm(ctx, stmt, &form)) return false;
  if (form.result_types.size() != 1 || form.result_types[0].kind != kind) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " makes one ", what));
    return false;
  }
  *type = form.result_types[0];
  const auto known = [](std::string_view name) { return name == "value"; };
  if (!CheckAttributeNames(ctx, form.attrs, stmt.head.text, known)) return false;
  const auto value = form.attrs.find("value");
  const Item* dense = nullptr;  // the group after the word dense
  if (value != form.attrs.end() && value->second.value.size() >= 2 &&
      value->second.value[0].IsWord("dense") && value->second.value[1].IsGroup('<')) {
    dense = &value->second.value[1];
  }
  if (!dense || dense->children().empty()) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " needs its lanes as value = dense<...>"));
    return false;
  }
  *where = dense->range;
  ItemSpan c = dense->children();
  if (c.size() == 1 && c[0].IsGroup('[')) c = c[0].children();
  for (const Item& item : c) {
    if (item.IsPunct(",")) continue;
    if (item.IsWord("true") || item.IsWord("false")) {
      values->push_back(item.IsWord("true") ? 1 : 0);
    } else if (item.Is(ItemKind::kInt) || item.Is(ItemKind::kFloat)) {
      values->push_back(item.Real());
    } else {
      ctx.Error(item, StrCat("expected a lane's value in dense<...>, got '", item.text, "'"));
      return false;
    }
  }
  if (values->size() == 1) values->assign(static_cast<size_t>(type->lanes), (*values)[0]);
  if (static_cast<int32_t>(values->size()) != type->lanes) {
    ctx.Error(*where, StrCat("dense<...> gives ", values->size(), " lanes for '", type->text,
                             "': one (a splat) or ", type->lanes));
    return false;
  }
  return true;
}

// The runs [first, end) of lanes with equal values, in lane order.
struct Run {
  int first, end;
  double value;
};
std::vector<Run> RunsOf(const std::vector<double>& values) {
  std::vector<Run> runs;
  for (int i = 0; i < static_cast<int>(values.size()); ++i) {
    if (runs.empty() || values[size_t(i)] != runs.back().value) runs.push_back({i, i, values[size_t(i)]});
    runs.back().end = i + 1;
  }
  return runs;
}

// A new mask of \a type with lanes [first, end) on: create_mask(end), less create_mask(first).
uint32_t RunMask(FunctionBuilder& fb, const Type& type, int first, int end, SourceRange where) {
  const uint32_t upto = fb.NewLMask(type, "");
  fb.Emit(Opcode::kVmiCreateMask, {upto, fb.IntConstant(DType::kIndex, end)}, where);
  if (first == 0) return upto;
  const uint32_t below = fb.NewLMask(type, "");
  fb.Emit(Opcode::kVmiCreateMask, {below, fb.IntConstant(DType::kIndex, first)}, where);
  const uint32_t run = fb.NewLMask(type, "");
  fb.Emit(Opcode::kVmiMaskXor, {run, upto, below}, where);
  return run;
}

// Defines the statement's result as register \a reg of \a type and class \a cls.
bool DefineResult(FunctionBuilder& fb, const Statement& stmt, const Type& type, ValueClass cls,
                  uint32_t reg) {
  Value v;
  v.type = type;
  v.cls = cls;
  v.reg = reg;
  return fb.Define(stmt.results[0], v);
}

}  // namespace

bool LowerVmiConstantMask(FunctionBuilder& fb, const Statement& stmt) {
  Type type;
  std::vector<double> values;
  SourceRange where;
  if (!ReadConstant(fb, stmt, TypeKind::kLMask, "!pto.vmi.mask", &type, &values, &where)) return false;
  uint32_t acc = fb.NewLMask(type, stmt.results[0].text);
  fb.Emit(Opcode::kVmiCreateMask, {acc, fb.IntConstant(DType::kIndex, 0)}, where);
  for (const Run& r : RunsOf(values)) {
    if (r.value == 0) continue;
    const uint32_t run = RunMask(fb, type, r.first, r.end, where);
    const uint32_t next = fb.NewLMask(type, "");
    fb.Emit(Opcode::kVmiMaskOr, {next, acc, run}, where);
    acc = next;
  }
  return DefineResult(fb, stmt, type, ValueClass::kLMask, acc);
}

bool LowerVmiConstant(FunctionBuilder& fb, const Statement& stmt) {
  Type type;
  std::vector<double> values;
  SourceRange where;
  if (!ReadConstant(fb, stmt, TypeKind::kLVec, "!pto.vmi.vreg", &type, &values, &where)) return false;
  Type mask_type = type;
  mask_type.kind = TypeKind::kLMask;
  mask_type.granule = 0;
  const auto scalar = [&](double v) {
    return IsFloat(type.dtype) ? fb.FloatConstant(type.dtype, v)
                               : fb.IntConstant(type.dtype, static_cast<int64_t>(v));
  };
  const std::vector<Run> runs = RunsOf(values);
  uint32_t acc = fb.NewLVec(type, stmt.results[0].text);
  fb.Emit(Opcode::kVmiBroadcast, {acc, scalar(runs[0].value), 0}, where);
  for (size_t k = 1; k < runs.size(); ++k) {
    const uint32_t fill = fb.NewLVec(type, "");
    fb.Emit(Opcode::kVmiBroadcast, {fill, scalar(runs[k].value), 0}, where);
    const uint32_t next = fb.NewLVec(type, "");
    const uint32_t run = RunMask(fb, mask_type, runs[k].first, runs[k].end, where);
    fb.Emit(Opcode::kVmiSel, {next, run, fill, acc, 0}, where);
    acc = next;
  }
  return DefineResult(fb, stmt, type, ValueClass::kLVec, acc);
}

}  // namespace pto::assembler
