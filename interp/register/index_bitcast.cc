// The VecBitcast family (micro-isa 09): vbitcast and pbitcast copy a register's bits under
// another type (vci, the lane index, is a VecSfu row: interp/register/sfu.cc).
#include <cstring>

#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
struct BitcastVReg {};
struct BitcastMask {};
}  // namespace ops

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

#define PTO_IMPLEMENTS_VecBitcast PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
