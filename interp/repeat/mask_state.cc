// The repeat layer's mask state (Ascend C's SetMaskNorm, SetMaskCount, SetVectorMask,
// ResetMask): what an instruction written {mask = "state"} runs with (repeat_engine.cc).
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct Norm {};
struct Count {};
struct Words {};
struct WordsLowFirst {};
struct Reset {};
}  // namespace ops

template <typename Op>
bool ExecRepeatMask(Executor& ex, const Instr& in) {
  RepeatMaskState& s = ex.core().repeat_mask;
  if constexpr (std::is_same_v<Op, ops::Norm>) {
    s.counter = false;
  } else if constexpr (std::is_same_v<Op, ops::Count>) {
    s.counter = true;
  } else if constexpr (std::is_same_v<Op, ops::Words>) {
    s.hi = static_cast<uint64_t>(ex.scalar(in.operands[0]).i);
    s.lo = static_cast<uint64_t>(ex.scalar(in.operands[1]).i);
  } else if constexpr (std::is_same_v<Op, ops::WordsLowFirst>) {  // pto.ub.set_mask
    s.lo = static_cast<uint64_t>(ex.scalar(in.operands[0]).i);
    s.hi = static_cast<uint64_t>(ex.scalar(in.operands[1]).i);
  } else {
    static_assert(std::is_same_v<Op, ops::Reset>);
    s.hi = s.lo = ~uint64_t{0};  // every lane; the mode stays
  }
  return true;
}

#define PTO_IMPLEMENTS_RepeatMask PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
