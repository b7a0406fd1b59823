// The VmiConvert family (vmi-isa 06): lane i of the result is lane i of the source converted;
// the lane count stays. Values convert as the NPU's vcvt does (interp/element/convert_element.h
// VcvtLane): floats round by the rounding attribute (R when absent, for integer results too,
// as PTOAS's contract and the v0.60 cases say; H, half-up, rounds ties away from zero),
// integers saturate with SAT (the default) or wrap with NOSAT, NaN becomes 0 in an integer.
// fp8 and HiFloat8 lanes decode exactly and encode through common/narrow_float.h. A bf16x2 lane
// (two bf16 in 32 bits, the first low) and an fp4x2 lane (two fp4 in a byte, the first in the
// low nibble) convert as pairs. vinterpret_cast keeps the bits. A lane the mask leaves
// inactive is zero.
#include <cfloat>
#include <cmath>
#include <cstring>

#include "pto/common/narrow_float.h"
#include "pto/interp/element/convert_element.h"
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

bool IsNarrow(DType t) {
  NarrowFormat f;
  return NarrowFormatOf(t, &f) && ValuesPerElement(t) == 1;
}

// Lanes between the storage types the tiles share (ints, f16, bf16, f32).
template <typename D, typename S>
void PlainLanes(const S* a, D* d, int n, RoundMode mode, bool sat) {
  for (int i = 0; i < n; ++i) d[i] = VcvtLane<D, S>(a[i], mode, sat);
}

// Lanes to or from fp8 / HiFloat8: through float, which holds each of their values exactly.
void NarrowLanes(DType from, const uint8_t* a, DType to, uint8_t* d, int n, RoundMode mode,
                 bool sat) {
  NarrowFormat in_format, out_format;
  const bool narrow_in = IsNarrow(from) && NarrowFormatOf(from, &in_format);
  const bool narrow_out = IsNarrow(to) && NarrowFormatOf(to, &out_format);
  const int in_bytes = DTypeSize(from), out_bytes = DTypeSize(to);
  for (int i = 0; i < n; ++i) {
    double v = 0;
    if (narrow_in) {
      v = DecodeNarrow(a[i], in_format);
    } else {
      WithStorageType(from, [&](auto tag) {
        using S = decltype(tag);
        S s;
        std::memcpy(&s, a + int64_t{i} * in_bytes, sizeof(S));
        v = static_cast<double>(Elem<S>::Load(s));
      });
    }
    if (narrow_out) {
      // SAT turns NaN into 0 and infinities into the largest finite value, as vcvt's does.
      if (sat && std::isnan(v)) v = 0;
      if (sat && std::isinf(v)) v = std::copysign(DBL_MAX, v);
      d[i] = EncodeNarrow(v, out_format, mode, sat);
    } else {
      WithStorageType(to, [&](auto tag) {
        using D = decltype(tag);
        const D r = VcvtLane<D, float>(static_cast<float>(v), mode, sat);
        std::memcpy(d + int64_t{i} * out_bytes, &r, sizeof(D));
      });
    }
  }
}

// fp4x2 <-> bf16x2 lanes: each of the two values in turn.
void PairLanes(DType from, const uint8_t* a, DType to, uint8_t* d, int n, RoundMode mode) {
  NarrowFormat f4;
  if (NarrowFormatOf(from, &f4)) {  // fp4 pairs -> bf16 pairs
    for (int i = 0; i < n; ++i) {
      uint32_t pair = 0;
      for (int k = 0; k < 2; ++k) {
        const float v = static_cast<float>(DecodeNarrow(static_cast<uint8_t>(a[i] >> (4 * k)), f4));
        pair |= uint32_t{FloatToBF16(v)} << (16 * k);
      }
      std::memcpy(d + int64_t{i} * 4, &pair, 4);
    }
    return;
  }
  NarrowFormatOf(to, &f4);  // bf16 pairs -> fp4 pairs (fp4 always saturates)
  for (int i = 0; i < n; ++i) {
    uint32_t pair;
    std::memcpy(&pair, a + int64_t{i} * 4, 4);
    uint8_t out = 0;
    for (int k = 0; k < 2; ++k) {
      const double v = BF16ToFloat(static_cast<uint16_t>(pair >> (16 * k)));
      out |= static_cast<uint8_t>((EncodeNarrow(v, f4, mode, true) & 0xf) << (4 * k));
    }
    d[i] = out;
  }
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
    PairLanes(from, a, to, d, n, mode);
  } else if (IsNarrow(from) || IsNarrow(to)) {
    NarrowLanes(from, a, to, d, n, mode, sat);
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
