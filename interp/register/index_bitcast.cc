// The VecIndex and VecBitcast families (micro-isa 09): vci fills every lane with the scalar
// plus (ASC) or minus (DESC) the lane number, computed in the element type (integers wrap,
// floats round once); vbitcast and pbitcast copy a register's bits under another type.
#include <cstring>

#include "pto/interp/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/tile/kernels.h"

namespace pto::interp {

namespace ops {
struct LaneIndex {};
struct BitcastVReg {};
struct BitcastMask {};
}  // namespace ops

template <typename Op>
bool ExecVecIndex(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const bool descending = o[2] == 1;
  WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    using C = typename Elem<T>::C;
    const C base = ScalarAs<T>(ex, o[1]);
    alignas(64) T out[reg::kLanes<T>];
    for (int i = 0; i < reg::kLanes<T>; ++i) {
      if constexpr (Elem<T>::kFloat) {
        out[i] = Elem<T>::Store(descending ? base - static_cast<float>(i) : base + static_cast<float>(i));
      } else {
        out[i] = Elem<T>::Store(descending ? ops::WrapSub(base, i) : ops::WrapAdd(base, i));
      }
    }
    std::memcpy(ex.vreg(o[0]).bytes, out, kVectorBytes);
  });
  return true;
}

template <typename Op>
bool ExecVecBitcast(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::BitcastMask>) {
    ex.mask(o[0]) = MaskValue(ex.mask(o[1]));
  } else {
    std::memmove(ex.vreg(o[0]).bytes, ex.vreg(o[1]).bytes, kVectorBytes);
  }
  return true;
}

#define PTO_IMPLEMENTS_VecIndex PTO_YES
#define PTO_IMPLEMENTS_VecBitcast PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
