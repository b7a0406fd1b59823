// The VmiMaskGen and VmiMaskLogic families (vmi-isa 08, 03): a logical mask's lanes made from a
// count (the first n lanes, the first n of each group), a pattern, or other masks.
#include <string_view>

#include "pto/common/isa/attributes.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace ops {
struct Prefix {};
struct GroupPrefix {};
struct Pattern {};
}  // namespace ops

template <typename Op>
bool ExecVmiMaskGen(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  uint8_t* m = ex.lmask(o[0]);
  const int n = vmi::MaskLanes(ex, o[0]);
  if constexpr (std::is_same_v<Op, ops::Pattern>) {
    const std::string_view name = FindAttr("pattern")->values[o[1]];
    for (int i = 0; i < n; ++i) m[i] = reg::PatternLane(name, i, n);
  } else {
    const int64_t active = ex.scalar(o[1]).i;
    // create_mask is create_group_mask with one group of all the lanes.
    const int64_t size = std::is_same_v<Op, ops::GroupPrefix> ? o[3] : n;
    for (int i = 0; i < n; ++i) m[i] = i % size < active;
  }
  return true;
}

template <typename Op>
bool ExecVmiMaskLogic(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::MaskLanes(ex, o[0]);
  uint8_t* d = ex.lmask(o[0]);
  const uint8_t* a = ex.lmask(o[1]);
  if constexpr (std::is_same_v<Op, ops::Not>) {
    for (int i = 0; i < n; ++i) d[i] = !a[i];
  } else {
    const uint8_t* b = ex.lmask(o[2]);
    for (int i = 0; i < n; ++i) d[i] = static_cast<uint8_t>(Op::Apply(a[i], b[i]));
  }
  return true;
}

#define PTO_IMPLEMENTS_VmiMaskGen PTO_YES
#define PTO_IMPLEMENTS_VmiMaskLogic PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
