#include "pto/asm/lowering/tile_op_attributes.h"

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"

namespace pto::assembler {

// "EQ NE LT ..." for messages (values without a spelling, and UNSPECIFIED, which stands for
// "not written", left out).
std::string ValueNames(const AttrInfo& info) {
  std::string names;
  for (uint32_t i = 0; i < info.count; ++i) {
    const std::string_view name = info.values[i];
    if (!name.empty() && name != "UNSPECIFIED") names += StrCat(names.empty() ? "" : " ", name);
  }
  return names;
}

// True if attribute \a written sets the immediate \a spec. The attribute as written may use
// another spelling of the name (sat_mode, satMode). tnotify's sync form calls its NotifyOp
// just "op" (elsewhere "op" is a sync op class).
bool NamesImmediate(const OperandSpec& spec, std::string_view written) {
  if (spec.kind != OperandKind::kImm || spec.attr == "%order") return false;
  const AttrInfo* info = FindAttr(spec.attr);
  if (!info) return written == spec.attr;
  return FindAttr(written) == info || (written == "op" && spec.attr == "notifyOp");
}

// Attributes PTOAS programs carry that set no immediate: the generic form's operand segment
// sizes, the layout PTOAS infers for tload/tstore, the tile library candidates its passes
// record. The VM has no use for them.
// TileLang's template hints (src1Col, src0eqdst, highPrecision) are attributes PTOAS v0.60 keeps
// without reading them: they choose nothing there, and nothing here (a highPrecision that asks
// for something gets a warning: precisionType is the attribute that does).
bool IsCarriedAttribute(std::string_view name) {
  return name == "operandSegmentSizes" || name == "layout" || name == "candidates" ||
         name == "src1Col" ||
         name == "src0eqdst" || name == "highPrecision";
}

}  // namespace pto::assembler
