// The Ctrl family: the core's CTRL register (VPTO get_ctrl / set_ctrl) and the scalar bit sets
// used to edit it (sbitset0 / sbitset1). CTRL is held and read back; mad and the fixpipe take
// their modes from their own clauses (docs/semantics.md "Register layer (VPTO)", "### cube").
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct GetCtrl {};
struct SetCtrl {};
struct Sbitset0 {};
struct Sbitset1 {};
}  // namespace ops

template <typename Op>
bool ExecCtrl(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::GetCtrl>) {
    ex.scalar(o[0]).i = static_cast<int64_t>(ex.core().ctrl);
  } else if constexpr (std::is_same_v<Op, ops::SetCtrl>) {
    ex.core().ctrl = static_cast<uint64_t>(ex.scalar(o[0]).i);
  } else {
    const int64_t bit = ex.scalar(o[2]).i;
    if (bit < 0 || bit > 63) return ex.Fault(StrCat("bit ", bit, " of a 64-bit value"));
    const uint64_t v = static_cast<uint64_t>(ex.scalar(o[1]).i), mask = uint64_t{1} << bit;
    ex.scalar(o[0]).i =
        static_cast<int64_t>(std::is_same_v<Op, ops::Sbitset1> ? v | mask : v & ~mask);
  }
  return true;
}

#define PTO_IMPLEMENTS_Ctrl PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
