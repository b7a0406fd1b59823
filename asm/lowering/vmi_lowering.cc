#include "pto/asm/lowering/vmi_lowering.h"

#include "pto/asm/lowering/op_overload.h"
#include "pto/asm/lowering/vector_lowering.h"

namespace pto::assembler {

namespace {

// The class of the first value \a stmt writes as an operand, or kNone.
ValueClass FirstOperandClass(const FunctionBuilder& fb, const Statement& stmt) {
  for (const Item& item : BeforeColon(stmt.items)) {
    if (!item.Is(ItemKind::kValue)) continue;
    const Value* v = fb.Find(item.text, item.index);
    return v ? v->cls : ValueClass::kNone;
  }
  return ValueClass::kNone;
}

// The class of the first register input of \a form.
ValueClass FirstInputClass(const OpInfo& form) {
  for (int i = form.num_outputs; i < form.num_operands(); ++i) {
    const RegClass c = GetKindInfo(form.operands[i].kind).reg_class;
    if (c != RegClass::kNone) return ValueClassOf(c);
  }
  return ValueClass::kNone;
}

}  // namespace

// The form is the last row whose first input has the class written (LastFittingForm: row 632
// supersedes vsstb's row 588, which lacked the block stride). PTOAS v0.60 takes VMI operations
// outside a vector scope too (its VMI lowering places them): in helper functions and kernels
// alike. They run on the vector pipe wherever they stand.
bool LowerVmiOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  const ValueClass written = FirstOperandClass(fb, stmt);
  const OpInfo* chosen =
      LastFittingForm(info, [written](const OpInfo& form) { return FirstInputClass(form) == written; });
  if (chosen) return LowerVectorUbOp(fb, *chosen, stmt);
  return LowerVectorUbOp(fb, info, stmt);  // reports what the first form expected
}

}  // namespace pto::assembler
