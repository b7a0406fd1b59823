// The VmiConvert family (vmi-isa 06): lane i of the result is lane i of the source converted;
// the lane count stays. Values convert as the NPU's vcvt does (interp/element/convert_element.h
// VcvtLane): floats round by the rounding attribute (R when absent, for integer results too,
// as PTOAS's contract and the v0.60 cases say; H, half-up, rounds ties away from zero),
// integers saturate with SAT (the default) or wrap with NOSAT, NaN becomes 0 in an integer.
// fp8, HiFloat8 and the fp4x2 <-> bf16x2 pairs convert as interp/element/narrow_lanes.h says.
// vinterpret_cast keeps the bits. A lane the mask leaves inactive is zero.
#include <cfloat>
#include <cmath>
#include <cstring>

#include "pto/interp/element/convert_element.h"
#include "pto/interp/element/narrow_lanes.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace ops {
struct Convert {};
struct TruncF {};
struct ExtF {};
struct FpToSi {};
struct FpToUi {};
struct SiToFp {};
struct UiToFp {};
struct ExtSi {};
struct ExtUi {};
struct TruncI {};
struct Bitcast {};
}  // namespace ops

namespace {

// The rounding attribute's codes ("" R A F C Z O H) as RoundMode.
RoundMode RoundingOf(uint32_t code) {
  static constexpr RoundMode kModes[] = {RoundMode::kRint,  RoundMode::kRint, RoundMode::kRound,
                                         RoundMode::kFloor, RoundMode::kCeil, RoundMode::kTrunc,
                                         RoundMode::kOdd,   RoundMode::kRound};
  return code < 8 ? kModes[code] : RoundMode::kRint;
}

// Lanes between the storage types the tiles share (ints, f16, bf16, f32).
template <typename D, typename S>
void PlainLanes(const S* a, D* d, int n, RoundMode mode, bool sat) {
  for (int i = 0; i < n; ++i) d[i] = VcvtLane<D, S>(a[i], mode, sat);
}

// The same width unsigned: the named unsigned conversions read or write a signless iN so.
DType AsUnsigned(DType t) {
  return t == DType::kI8 ? DType::kU8 : t == DType::kI16 ? DType::kU16
                                      : t == DType::kI32 ? DType::kU32 : t;
}

// Where a conversion's operands are: its mask (or kNoOperand), its rounding and saturate
// codes (0 when it has none), and which side the op reads or writes as unsigned.
struct Form {
  uint32_t mask = kNoOperand;
  uint32_t rounding = 0;
  uint32_t saturate = 0;
  bool unsigned_from = false;
  bool unsigned_to = false;
};

template <typename Op>
Form FormOf(const Instr& in) {
  const uint32_t* o = in.operands;
  Form f;
  if constexpr (std::is_same_v<Op, ops::Convert>) {
    f = {o[2], o[3], o[4]};
  } else if constexpr (std::is_same_v<Op, ops::TruncI>) {
    f.saturate = o[2];
  } else if constexpr (std::is_same_v<Op, ops::TruncF> || std::is_same_v<Op, ops::FpToSi> ||
                       std::is_same_v<Op, ops::FpToUi>) {
    f.rounding = o[2];
    f.saturate = o[3];
  } else if constexpr (std::is_same_v<Op, ops::SiToFp> || std::is_same_v<Op, ops::UiToFp>) {
    f.rounding = o[2];
  }
  f.unsigned_from = std::is_same_v<Op, ops::UiToFp> || std::is_same_v<Op, ops::ExtUi>;
  f.unsigned_to = std::is_same_v<Op, ops::FpToUi> || std::is_same_v<Op, ops::ExtUi>;
  return f;
}

bool ConvertLanes(Executor& ex, const Instr& in, const Form& f) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  DType to = vmi::VecType(ex, o[0]), from = vmi::VecType(ex, o[1]);
  if (f.unsigned_from) from = AsUnsigned(from);
  if (f.unsigned_to) to = AsUnsigned(to);
  const uint32_t mask = f.mask;
  const bool pairs = ValuesPerElement(to) == 2 || ValuesPerElement(from) == 2;
  const RoundMode mode = RoundingOf(f.rounding);
  const bool sat = f.saturate != 1;  // NOSAT's code; SAT when absent
  uint8_t* d = ex.lvec(o[0]);
  const uint8_t* a = ex.lvec(o[1]);
  if (pairs) {
    ConvertPairLanes(from, a, to, d, n, mode);
  } else if (IsNarrowFloat(from) || IsNarrowFloat(to)) {
    ConvertNarrowLanes(from, a, to, d, n, mode, sat);
  } else {
    WithStorageType(to, [&](auto dtag) {
      WithStorageType(from, [&](auto stag) {
        PlainLanes(reinterpret_cast<const decltype(stag)*>(a), reinterpret_cast<decltype(dtag)*>(d),
                   n, mode, sat);
      });
    });
  }
  const vmi::Governing m = vmi::MaskOf(ex, mask);
  const int esz = DTypeSize(to);
  for (int i = 0; i < n && !m.All(); ++i) {
    if (!m.On(i)) std::memset(d + int64_t{i} * esz, 0, static_cast<size_t>(esz));
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecVmiConvert(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::Bitcast>) {
    const LVecReg& d = vmi::VecRecord(ex, in.operands[0]);
    std::memmove(ex.lvec(in.operands[0]), ex.lvec(in.operands[1]), static_cast<size_t>(d.Bytes()));
    return true;
  } else {
    return ConvertLanes(ex, in, FormOf<Op>(in));
  }
}

#define PTO_IMPLEMENTS_VmiConvert PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
