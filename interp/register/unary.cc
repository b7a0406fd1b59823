// The VecUnary family: one-input lane-wise operations (micro-isa 06). Floats compute as the
// tile kernels do (interp/element/element.h: transcendentals in double, rounded once; NaN and the
// infinities as IEEE says); integers wrap (vabs of the minimum is the minimum); vnot inverts
// the bits of any element type. Inactive lanes of the result are zero.
#include <cstring>

#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

template <typename Op, typename T>
void UnaryLanes(const VRegValue& a, const MaskValue& m, VRegValue& d) {
  constexpr int n = reg::kLanes<T>;
  if constexpr (std::is_same_v<T, float> && kSimdUnary<Op> >= 0) {
    // The target's loop, looked up once, straight on the registers: lane i reads a before it
    // writes d, so d may be a.
    static const simd::UnaryLoopFn loop = simd::UnaryLoopF32(static_cast<simd::Unary>(kSimdUnary<Op>));
    float* out = reinterpret_cast<float*>(d.bytes);
    loop(reinterpret_cast<const float*>(a.bytes), out, n);
    if (!reg::AllActive(m, sizeof(T))) reg::ZeroInactive(m, out);
    return;
  }
  const reg::LaneArray<T> x(a);
  alignas(64) T out[n];
  if constexpr (Elem<T>::kFloat && !std::is_same_v<T, float> && kSimdUnary<Op> >= 0) {
    UnaryHalfRun<Op, T>(x.v, out, n);  // 16-bit floats: through the f32 loop, rounded once
  } else {
    for (int i = 0; i < n; ++i) out[i] = Elem<T>::Store(Op::Apply(Elem<T>::Load(x[i])));
  }
  reg::StoreMasked(m, out, d);
}

// ~a on the bit pattern, whatever the element type.
template <typename T>
void NotLanes(const VRegValue& a, const MaskValue& m, VRegValue& d) {
  using U = std::conditional_t<sizeof(T) == 1, uint8_t,
            std::conditional_t<sizeof(T) == 2, uint16_t,
            std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
  const reg::LaneArray<U> x(a);
  reg::MapLanes<U>(m, d, [&](int i) { return static_cast<U>(~x[i]); });
}

}  // namespace

template <typename Op>
bool ExecVecUnary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const VRegValue& a = ex.vreg(o[1]);
  const MaskValue& m = ex.mask(o[2]);
  VRegValue& d = ex.vreg(o[0]);
  WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    constexpr bool kFloatOnly = std::is_same_v<Op, ops::Exp> || std::is_same_v<Op, ops::Log> ||
                                std::is_same_v<Op, ops::Sqrt>;
    if constexpr (std::is_same_v<Op, ops::Not>) {
      NotLanes<T>(a, m, d);
    } else if constexpr (!kFloatOnly || Elem<T>::kFloat) {
      UnaryLanes<Op, T>(a, m, d);
    }
  });
  return true;
}

#define PTO_IMPLEMENTS_VecUnary PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
