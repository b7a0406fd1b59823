// The VecBinary family: lane-wise arithmetic, bitwise operations and shifts on vector
// registers (micro-isa 07). Active lanes compute as the tile kernels do (interp/element/element.h:
// floats in float, rounded once; integers wrap); the bitwise operations work on the bit
// patterns of any element type; inactive lanes of the result are zero.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

template <typename Op, typename T>
void BinaryLanes(const VRegValue& a, const VRegValue& b, const MaskValue& m, VRegValue& d) {
  constexpr int n = reg::kLanes<T>;
  if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
    // The target's loop, looked up once, straight on the registers: lane i reads a and b
    // before it writes d, so d may be a or b.
    static const simd::BinaryLoopFn loop = simd::BinaryLoopF32(static_cast<simd::Binary>(kSimdBinary<Op>));
    float* out = reinterpret_cast<float*>(d.bytes);
    loop(reinterpret_cast<const float*>(a.bytes), reinterpret_cast<const float*>(b.bytes), out, n);
    if (!reg::AllActive(m, sizeof(T))) reg::ZeroInactive(m, out);
    return;
  }
  const reg::LaneArray<T> x(a), y(b);
  alignas(64) T out[n];
  if constexpr ((std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) &&
                kSimdBinary<Op> >= 0) {
    simd::BinaryHalfRows(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>),
                         reinterpret_cast<const uint16_t*>(x.v), 0,
                         reinterpret_cast<const uint16_t*>(y.v), 0,
                         reinterpret_cast<uint16_t*>(out), 0, 1, n);
  } else {
    for (int i = 0; i < n; ++i) out[i] = Elem<T>::Store(Op::Apply(Elem<T>::Load(x[i]), Elem<T>::Load(y[i])));
  }
  reg::StoreMasked(m, out, d);
}

// Bit patterns of any element type, as unsigned integers of its width.
template <typename Op, typename T>
void BitwiseLanes(const VRegValue& a, const VRegValue& b, const MaskValue& m, VRegValue& d) {
  using U = reg::UIntOf<sizeof(T)>;
  const reg::LaneArray<U> x(a), y(b);
  alignas(64) U out[reg::kLanes<U>];
  for (int i = 0; i < reg::kLanes<U>; ++i) out[i] = static_cast<U>(Op::Apply(x[i], y[i]));
  if (!reg::AllActive(m, sizeof(T))) reg::ZeroInactive(m, out);
  std::memcpy(d.bytes, out, kVectorBytes);
}

// Per-lane counts from b: a count of the width or more gives 0 (or the sign fill for a right
// shift of signed lanes); a negative count in an active lane faults, as for the tile shifts.
template <typename Op, typename T>
bool ShiftLanes(Executor& ex, const VRegValue& a, const VRegValue& b, const MaskValue& m,
                VRegValue& d) {
  // The counts are signed integers of the lanes' width (siW), whatever the data's signedness.
  using Count = std::make_signed_t<reg::UIntOf<sizeof(T)>>;
  const reg::LaneArray<T> x(a);
  const reg::LaneArray<Count> y(b);
  for (int i = 0; i < reg::kLanes<T>; ++i) {
    if (y[i] < 0 && reg::LaneActive(m, i, sizeof(T))) {
      return ex.Fault(StrCat("negative shift count ", int64_t{y[i]}, " in lane ", i));
    }
  }
  reg::MapLanes<T>(m, d, [&](int i) {
    const int64_t k = y[i];
    return Elem<T>::Store(Op::template Shift<T>(Elem<T>::Load(x[i]), k < 0 ? 0 : k));
  });
  return true;
}

// vdiv on i16 and i32 lanes (micro-isa 07: PTOAS's software division): the quotient rounded
// toward zero, INT_MIN / -1 wrapping to INT_MIN; a zero denominator in an active lane is
// undefined on the NPU, so it faults.
template <typename T>
bool IntDivLanes(Executor& ex, const VRegValue& a, const VRegValue& b, const MaskValue& m,
                 VRegValue& d) {
  const reg::LaneArray<T> x(a), y(b);
  for (int i = 0; i < reg::kLanes<T>; ++i) {
    if (y[i] == 0 && reg::LaneActive(m, i, sizeof(T))) {
      return ex.Fault(StrCat("division by zero in lane ", i, " (undefined on the NPU)"));
    }
  }
  reg::MapLanes<T>(m, d, [&](int i) {
    const int64_t q = y[i] == 0 ? 0 : int64_t{x[i]} / int64_t{y[i]};
    return static_cast<T>(static_cast<uint64_t>(q));  // wraps: INT_MIN / -1 is INT_MIN
  });
  return true;
}

}  // namespace

template <typename Op>
bool ExecVecBinary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const VRegValue& a = ex.vreg(o[1]);
  const VRegValue& b = ex.vreg(o[2]);
  const MaskValue& m = ex.mask(o[3]);
  VRegValue& d = ex.vreg(o[0]);
  bool ok = true;
  WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (reg::kBitwiseOp<Op>) {
      BitwiseLanes<Op, T>(a, b, m, d);
    } else if constexpr (reg::kShiftOp<Op>) {
      if constexpr (!Elem<T>::kFloat) ok = ShiftLanes<Op, T>(ex, a, b, m, d);
    } else if constexpr (std::is_same_v<Op, ops::Div> && !Elem<T>::kFloat) {
      if constexpr (std::is_same_v<T, int16_t> || std::is_same_v<T, int32_t>) {
        ok = IntDivLanes<T>(ex, a, b, m, d);
      } else {
        ok = ex.Fault("vdiv on unsigned or 8-bit lanes");  // the A5 column refuses them
      }
    } else {
      BinaryLanes<Op, T>(a, b, m, d);
    }
  });
  return ok;
}

#define PTO_IMPLEMENTS_VecBinary PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
