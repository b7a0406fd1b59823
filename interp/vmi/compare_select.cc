// The VmiCompare, VmiSelect and VmiRearrange families (vmi-isa 03, 09).
//
// - vcmp, vcmps: lane i of the result is seed[i] && (a[i] cmp b[i]). eq ... ge compare as the
//   NPU's vcmp does (a NaN lane is unequal to everything, so only ne holds); the o-forms are
//   IEEE's ordered comparisons (false on a NaN, one included). Integers compare signed for
//   si8 ... si32, unsigned for ui8 ... ui32 and for signless i8 ... i32, as the VMI pages say.
// - vsel: d[i] = m[i] ? a[i] : b[i], whatever pmode (merge keeps b, as zero's select does).
// - vintlv: lo = a[0], b[0], a[1], b[1], ... of the low halves, hi of the high halves;
//   vdintlv is its inverse: of the stream a ++ b, even takes the even lanes, odd the odd ones.
//   A result lane the mask leaves inactive is zero.
#include <cmath>
#include <cstring>
#include <vector>

#include "pto/interp/tile/tile_shared.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace ops {
struct Compare {};
struct CompareScalar {};
struct Select {};
struct Interleave {};
struct Deinterleave {};
}  // namespace ops

namespace {

// The cmp attribute's codes (common/isa/attributes.cc): EQ NE GT GE LT LE, then the o-forms.
template <typename C>
bool Holds(uint32_t cmp, C x, C y) {
  switch (cmp % 6) {
    case 0: return x == y;
    case 1: return cmp >= 6 ? (x < y || x > y) : x != y;
    case 2: return x > y;
    case 3: return x >= y;
    case 4: return x < y;
    default: return x <= y;
  }
}

template <typename T>
void CompareLanes(Executor& ex, const Instr& in, bool scalar) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[1]);
  uint8_t* d = ex.lmask(o[0]);
  const uint8_t* seed = ex.lmask(o[3]);
  const uint32_t cmp = o[4];
  const T* a = vmi::Lanes<T>(ex, o[1]);
  const T* b = scalar ? nullptr : vmi::Lanes<T>(ex, o[2]);
  if constexpr (Elem<T>::kFloat) {
    const float k = scalar ? ScalarAs<T>(ex, o[2]) : 0.0f;
    for (int i = 0; i < n; ++i) {
      const float x = Elem<T>::Load(a[i]);
      const float y = scalar ? k : Elem<T>::Load(b[i]);
      d[i] = seed[i] && Holds(cmp, x, y);
    }
  } else {
    using U = reg::UIntOf<sizeof(T)>;
    const bool as_unsigned = !std::is_signed_v<T> || vmi::Signless(ex, o[1]);
    const int64_t k = scalar ? ex.scalar(o[2]).i : 0;
    auto value = [&](T v) {
      return as_unsigned ? static_cast<int64_t>(static_cast<U>(v)) : static_cast<int64_t>(v);
    };
    for (int i = 0; i < n; ++i) {
      const int64_t y = scalar ? value(static_cast<T>(k)) : value(b[i]);
      d[i] = seed[i] && Holds(cmp, value(a[i]), y);
    }
  }
}

// Copies lane \a from of \a src to lane \a to of \a dst, \a esz bytes each.
inline void CopyLane(uint8_t* dst, int to, const uint8_t* src, int from, int esz) {
  std::memcpy(dst + int64_t{to} * esz, src + int64_t{from} * esz, static_cast<size_t>(esz));
}

}  // namespace

template <typename Op>
bool ExecVmiCompare(Executor& ex, const Instr& in) {
  WithStorageType(vmi::VecType(ex, in.operands[1]), [&](auto tag) {
    CompareLanes<decltype(tag)>(ex, in, std::is_same_v<Op, ops::CompareScalar>);
  });
  return true;
}

template <typename Op>
bool ExecVmiSelect(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const int esz = DTypeSize(vmi::VecType(ex, o[0]));
  const uint8_t* m = ex.lmask(o[1]);
  uint8_t* d = ex.lvec(o[0]);
  const uint8_t* a = ex.lvec(o[2]);
  const uint8_t* b = ex.lvec(o[3]);
  for (int i = 0; i < n; ++i) CopyLane(d, i, m[i] ? a : b, i, esz);
  return true;
}

template <typename Op>
bool ExecVmiRearrange(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const int esz = DTypeSize(vmi::VecType(ex, o[0]));
  const vmi::Governing m = vmi::MaskOf(ex, o[4]);
  const size_t bytes = static_cast<size_t>(n) * esz;
  // The inputs first: the results may be the inputs' registers.
  std::vector<uint8_t> ab(2 * bytes);
  std::memcpy(ab.data(), ex.lvec(o[2]), bytes);
  std::memcpy(ab.data() + bytes, ex.lvec(o[3]), bytes);
  uint8_t* out[2] = {ex.lvec(o[0]), ex.lvec(o[1])};
  for (int k = 0; k < 2; ++k) {
    for (int i = 0; i < n; ++i) {
      const int j = k * n + i;  // lane j of the pair (lo ++ hi, or even ++ odd)
      int from;
      if constexpr (std::is_same_v<Op, ops::Interleave>) {
        from = (j % 2) * n + j / 2;  // a's lane j / 2 at even j, b's at odd
      } else {
        from = 2 * i + k;
      }
      CopyLane(out[k], i, ab.data(), from, esz);
      if (!m.On(i)) std::memset(out[k] + int64_t{i} * esz, 0, static_cast<size_t>(esz));
    }
  }
  return true;
}

#define PTO_IMPLEMENTS_VmiCompare PTO_YES
#define PTO_IMPLEMENTS_VmiSelect PTO_YES
#define PTO_IMPLEMENTS_VmiRearrange PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
