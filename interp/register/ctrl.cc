// The Ctrl family: the core's CTRL register (VPTO get_ctrl / set_ctrl), the scalar bit sets
// used to edit it (sbitset0 / sbitset1) and the DMA's atomic mode (set_atomic_*). CTRL is held
// and read back; mad and the fixpipe take their modes from their own clauses (docs/semantics.md
// "Register layer (VPTO)", "### cube").
#include <utility>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct GetCtrl {};
struct SetCtrl {};
struct Sbitset0 {};
struct Sbitset1 {};
struct SetAtomicNone {};
struct SetAtomicAdd {};
struct SetAtomicMax {};
struct SetAtomicMin {};
struct SetAtomicF32 {};
struct SetAtomicF16 {};
struct SetAtomicBF16 {};
struct SetAtomicS32 {};
struct SetAtomicS16 {};
struct SetAtomicS8 {};
}  // namespace ops

namespace {

// set_atomic_<op> (none 0, add 1, max 2, min 3) or set_atomic_<type>: the core's atomic mode,
// which mte_ub_gm's writes to GM follow (dma.cc).
template <typename Op>
bool SetAtomic(Core& core) {
  constexpr std::pair<bool, int> kOps[] = {{std::is_same_v<Op, ops::SetAtomicNone>, 0},
                                           {std::is_same_v<Op, ops::SetAtomicAdd>, 1},
                                           {std::is_same_v<Op, ops::SetAtomicMax>, 2},
                                           {std::is_same_v<Op, ops::SetAtomicMin>, 3}};
  constexpr std::pair<bool, DType> kTypes[] = {
      {std::is_same_v<Op, ops::SetAtomicF32>, DType::kF32},
      {std::is_same_v<Op, ops::SetAtomicF16>, DType::kF16},
      {std::is_same_v<Op, ops::SetAtomicBF16>, DType::kBF16},
      {std::is_same_v<Op, ops::SetAtomicS32>, DType::kI32},
      {std::is_same_v<Op, ops::SetAtomicS16>, DType::kI16},
      {std::is_same_v<Op, ops::SetAtomicS8>, DType::kI8}};
  for (const auto& [is, code] : kOps) {
    if (is) core.atomic_op = static_cast<uint8_t>(code);
  }
  for (const auto& [is, type] : kTypes) {
    if (is) core.atomic_type = type;
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecCtrl(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::GetCtrl>) {
    ex.scalar(o[0]).i = static_cast<int64_t>(ex.core().ctrl);
  } else if constexpr (std::is_same_v<Op, ops::SetCtrl>) {
    ex.core().ctrl = static_cast<uint64_t>(ex.scalar(o[0]).i);
  } else if constexpr (!std::is_same_v<Op, ops::Sbitset0> && !std::is_same_v<Op, ops::Sbitset1>) {
    return SetAtomic<Op>(ex.core());
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
