// The VecCarry family: add and subtract with carry on 32-bit lanes (micro-isa 07, 08), for
// multi-word arithmetic. The lanes compute on their bit patterns (signed lanes too): vaddc's
// carry is bit 32 of a + b (+ carry_in for vaddcs); vsubc's is 1 when a - b (- !carry_in for
// vsubcs) needs no borrow. The carry mask sets an active lane's lowest bit; inactive lanes
// give a zero result and no carry.
#include <cstring>

#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct CarryAdd {};
struct CarrySub {};
struct CarryAddIn {};
struct CarrySubIn {};
}  // namespace ops

template <typename Op>
bool ExecVecCarry(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  constexpr bool kCarryIn = std::is_same_v<Op, ops::CarryAddIn> || std::is_same_v<Op, ops::CarrySubIn>;
  constexpr bool kAdd = std::is_same_v<Op, ops::CarryAdd> || std::is_same_v<Op, ops::CarryAddIn>;
  const reg::LaneArray<uint32_t> a(ex.vreg(o[2])), b(ex.vreg(o[3]));
  const MaskValue carry_in = kCarryIn ? ex.mask(o[4]) : MaskValue{};
  const MaskValue m = ex.mask(o[kCarryIn ? 5 : 4]);
  alignas(64) uint32_t out[reg::kLanes<uint32_t>];
  MaskValue carry{};
  for (int i = 0; i < reg::kLanes<uint32_t>; ++i) {
    const uint64_t x = a[i], y = b[i];
    // Without a carry-in, an add has none and a subtract has no borrow.
    const uint64_t c = kCarryIn ? (reg::LaneActive(carry_in, i, 4) ? 1 : 0) : (kAdd ? 0 : 1);
    uint64_t r;
    bool flag;
    if constexpr (kAdd) {
      r = x + y + c;
      flag = (r >> 32) != 0;
    } else {
      r = x - y - (1 - c);
      flag = x >= y + (1 - c);
    }
    const bool on = reg::LaneActive(m, i, 4);
    out[i] = on ? static_cast<uint32_t>(r) : 0;
    reg::SetLaneBit(carry, i, 4, on && flag);
  }
  std::memcpy(ex.vreg(o[0]).bytes, out, kVectorBytes);
  ex.mask(o[1]) = carry;
  return true;
}

#define PTO_IMPLEMENTS_VecCarry PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
