// The VecRearrange family (micro-isa 12): lanes moved inside and between vector registers.
// vintlv / vdintlv interleave and deinterleave a pair; vsqz packs the active lanes to the
// front, vusqz counts them; vpack narrows into one half of the result, vsunpack and vzunpack
// widen one half of the source.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Vintlv {};
struct Vdintlv {};
struct Vsqz {};
struct Vusqz {};
struct Vpack {};
struct Vsunpack {};
struct Vzunpack {};
}  // namespace ops

namespace {

// Lane i of a register of size-byte lanes, as raw bits (zero-extended).
uint64_t LaneBits(const VRegValue& v, int i, int size) {
  uint64_t x = 0;
  std::memcpy(&x, v.bytes + i * size, size);
  return x;
}

void SetLane(VRegValue& v, int i, int size, uint64_t bits) {
  std::memcpy(v.bytes + i * size, &bits, size);
}

// Sign-extends the low \a bits of \a x.
uint64_t SignExtend(uint64_t x, int bits) {
  const uint64_t sign = uint64_t{1} << (bits - 1);
  return (x ^ sign) - sign;
}

}  // namespace

template <typename Op>
bool ExecVecRearrange(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int size = DTypeSize(reg::VRegType(ex, o[0]));
  const int lanes = kVectorBytes / size;
  VRegValue d{};
  if constexpr (std::is_same_v<Op, ops::Vintlv> || std::is_same_v<Op, ops::Vdintlv>) {
    // The pair (a, b) as one stream of 2N lanes: vintlv's result is a0 b0 a1 b1 ..., low half
    // then high half; vdintlv's is the even lanes of a:b, then the odd ones.
    const VRegValue& a = ex.vreg(o[2]);
    const VRegValue& b = ex.vreg(o[3]);
    VRegValue hi{};
    for (int k = 0; k < 2 * lanes; ++k) {
      int from_lane;
      const VRegValue* from;
      if constexpr (std::is_same_v<Op, ops::Vintlv>) {
        from = k % 2 == 0 ? &a : &b;
        from_lane = k / 2;
      } else {
        const int s = k < lanes ? 2 * k : 2 * (k - lanes) + 1;  // stream lane
        from = s < lanes ? &a : &b;
        from_lane = s % lanes;
      }
      SetLane(k < lanes ? d : hi, k % lanes, size, LaneBits(*from, from_lane, size));
    }
    ex.vreg(o[0]) = d;
    ex.vreg(o[1]) = hi;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vsqz> || std::is_same_v<Op, ops::Vusqz>) {
    const VRegValue& a = ex.vreg(o[1]);
    const MaskValue& m = ex.mask(o[2]);
    int count = 0;
    for (int i = 0; i < lanes; ++i) {
      if constexpr (std::is_same_v<Op, ops::Vusqz>) {
        SetLane(d, i, size, static_cast<uint64_t>(count));  // active lanes before lane i
        count += reg::LaneActive(m, i, size);
      } else if (reg::LaneActive(m, i, size)) {
        SetLane(d, count++, size, LaneBits(a, i, size));
      }
    }
    ex.core().spr_sqzn = static_cast<int64_t>(count) * size;  // SQZN, what vstur stores
  } else if constexpr (std::is_same_v<Op, ops::Vpack>) {
    const VRegValue& a = ex.vreg(o[1]);
    const int half = static_cast<int>(o[2]) * (lanes / 2);  // LOWER 0, HIGHER 1
    for (int i = 0; i < lanes / 2; ++i) SetLane(d, half + i, size, LaneBits(a, i, 2 * size));
  } else {
    const VRegValue& a = ex.vreg(o[1]);
    const int64_t part = ex.scalar(o[2]).i;
    if (part != 0 && part != 1) {
      return ex.Fault(StrCat("part ", part, " selects no half of the source (0 lower, 1 upper)"));
    }
    const int narrow = size / 2;
    for (int i = 0; i < lanes; ++i) {
      uint64_t x = LaneBits(a, static_cast<int>(part) * lanes + i, narrow);
      if constexpr (std::is_same_v<Op, ops::Vsunpack>) x = SignExtend(x, narrow * 8);
      SetLane(d, i, size, x);
    }
  }
  ex.vreg(o[0]) = d;
  return true;
}

#define PTO_IMPLEMENTS_VecRearrange PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
