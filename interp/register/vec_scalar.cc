// The VecScalar family: a vector and a scalar broadcast to every lane (micro-isa 08). The
// scalar converts to the element type first (integers wrap to the width, floats round once),
// then the lanes compute as vadd ... vmin do; the shift count is an i16 that must be >= 0 (a
// count of the width or more gives 0, or the sign fill for a right shift of signed lanes).
// vlrelu keeps a lane >= 0 (-0 included) and scales the others by k. Inactive lanes are zero.
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

template <typename Op, typename T>
void ScalarLanes(const VRegValue& a, typename Elem<T>::C k, const MaskValue& m, VRegValue& d) {
  constexpr int n = reg::kLanes<T>;
  const reg::LaneArray<T> x(a);
  alignas(64) T out[n];
  if constexpr (std::is_same_v<Op, ops::LRelu>) {
    for (int i = 0; i < n; ++i) {
      const float v = Elem<T>::Load(x[i]);
      out[i] = Elem<T>::Store(v >= 0 ? v : v * k);
    }
  } else if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
    static const simd::ScalarLoopFn loop =
        simd::ScalarLoopF32(static_cast<simd::Binary>(kSimdBinary<Op>), false);
    loop(x.v, k, out, n);
  } else if constexpr ((std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) &&
                       kSimdBinary<Op> >= 0) {
    simd::ScalarHalf(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>),
                     reinterpret_cast<const uint16_t*>(x.v), k, false,
                     reinterpret_cast<uint16_t*>(out), n);
  } else {
    for (int i = 0; i < n; ++i) out[i] = Elem<T>::Store(Op::Apply(Elem<T>::Load(x[i]), k));
  }
  reg::StoreMasked(m, out, d);
}

template <typename Op, typename T>
void ShiftLanes(const VRegValue& a, int64_t k, const MaskValue& m, VRegValue& d) {
  const reg::LaneArray<T> x(a);
  reg::MapLanes<T>(m, d, [&](int i) {
    return Elem<T>::Store(Op::template Shift<T>(Elem<T>::Load(x[i]), k));
  });
}

}  // namespace

template <typename Op>
bool ExecVecScalar(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const VRegValue& a = ex.vreg(o[1]);
  const MaskValue& m = ex.mask(o[3]);
  VRegValue& d = ex.vreg(o[0]);
  constexpr bool kShift = std::is_same_v<Op, ops::Shl> || std::is_same_v<Op, ops::Shr>;
  if constexpr (kShift) {
    const int64_t k = ex.scalar(o[2]).i;
    if (k < 0) return ex.Fault(StrCat("negative shift count ", k));
    WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (!Elem<T>::kFloat) ShiftLanes<Op, T>(a, k, m, d);
    });
  } else {
    WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (!std::is_same_v<Op, ops::LRelu> || Elem<T>::kFloat) {
        ScalarLanes<Op, T>(a, ScalarAs<T>(ex, o[2]), m, d);
      }
    });
  }
  return true;
}

#define PTO_IMPLEMENTS_VecScalar PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
