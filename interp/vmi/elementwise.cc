// The VmiBinary, VmiUnary and VmiScalar families (vmi-isa 03): lane-wise arithmetic on logical
// vectors. Active lanes compute as the register layer's do (floats through the host's f32
// loops and rounded once, transcendentals correctly rounded; integers wrap; bitwise operations
// on the bit patterns); inactive lanes of the result are zero. vshr shifts in zeros whatever
// the type; vshrs shifts in the sign of a signed type (si8 ... si32), zeros for a signless or
// unsigned one, as the VMI pages say; a negative count in an active lane faults. vabs of a
// 16-bit float clears the sign bit.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace {

// d = a op b on n lanes of T (d may be a or b: each lane reads before it writes).
template <typename Op, typename T>
void BinaryRun(const T* a, const T* b, T* d, int n) {
  if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
    static const simd::BinaryLoopFn loop = simd::BinaryLoopF32(static_cast<simd::Binary>(kSimdBinary<Op>));
    loop(a, b, d, static_cast<size_t>(n));
  } else if constexpr (kIsHalf<T> && kSimdBinary<Op> >= 0) {
    simd::BinaryHalfRows(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>),
                         reinterpret_cast<const uint16_t*>(a), 0,
                         reinterpret_cast<const uint16_t*>(b), 0, reinterpret_cast<uint16_t*>(d),
                         0, 1, static_cast<size_t>(n));
  } else if constexpr (reg::kBitwiseOp<Op>) {
    using U = reg::UIntOf<sizeof(T)>;
    for (int i = 0; i < n; ++i) {
      U x, y;
      std::memcpy(&x, &a[i], sizeof(U));
      std::memcpy(&y, &b[i], sizeof(U));
      const U r = static_cast<U>(Op::Apply(x, y));
      std::memcpy(&d[i], &r, sizeof(U));
    }
  } else {
    for (int i = 0; i < n; ++i) d[i] = Elem<T>::Store(Op::Apply(Elem<T>::Load(a[i]), Elem<T>::Load(b[i])));
  }
}

// d = a << k or a >> k with per-lane counts (\a counts) or one count; \a logical: shift in zeros.
template <typename Op, typename T>
bool ShiftRun(Executor& ex, const T* a, const T* counts, int64_t k, bool logical,
              const vmi::Governing& m, T* d, int n) {
  using U = reg::UIntOf<sizeof(T)>;
  for (int i = 0; i < n; ++i) {
    const int64_t c = counts ? Elem<T>::Load(counts[i]) : k;
    if (c < 0 && m.On(i)) return ex.Fault(StrCat("negative shift count ", c, " in lane ", i));
  }
  for (int i = 0; i < n; ++i) {
    const int64_t c = std::max<int64_t>(0, counts ? Elem<T>::Load(counts[i]) : k);
    const int64_t x = logical ? static_cast<int64_t>(static_cast<U>(a[i])) : Elem<T>::Load(a[i]);
    d[i] = static_cast<T>(Op::template Shift<T>(x, c));
  }
  return true;
}

template <typename Op, typename T>
void UnaryRun(const T* a, T* d, int n) {
  if constexpr (kIsHalf<T> && std::is_same_v<Op, ops::Abs>) {
    // The sign bit cleared, a NaN's payload kept (bf16 has no vector abs: VMI clears the bit).
    for (int i = 0; i < n; ++i) d[i] = T{static_cast<uint16_t>(a[i].bits & 0x7fff)};
  } else if constexpr (std::is_same_v<T, float> && kSimdUnary<Op> >= 0) {
    static const simd::UnaryLoopFn loop = simd::UnaryLoopF32(static_cast<simd::Unary>(kSimdUnary<Op>));
    loop(a, d, static_cast<size_t>(n));
  } else if constexpr (kIsHalf<T> && kSimdUnary<Op> >= 0) {
    UnaryHalfRun<Op, T>(a, d, static_cast<size_t>(n));
  } else if constexpr (std::is_same_v<Op, ops::Not>) {
    if constexpr (!Elem<T>::kFloat) {
      using U = reg::UIntOf<sizeof(T)>;
      for (int i = 0; i < n; ++i) d[i] = static_cast<T>(static_cast<U>(~static_cast<U>(a[i])));
    }
  } else if constexpr (!Elem<T>::kFloat) {
    for (int i = 0; i < n; ++i) d[i] = Elem<T>::Store(Op::Apply(Elem<T>::Load(a[i])));
  }
}

template <typename Op, typename T>
void ScalarRun(const T* a, typename Elem<T>::C k, T* d, int n) {
  if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
    static const simd::ScalarLoopFn loop =
        simd::ScalarLoopF32(static_cast<simd::Binary>(kSimdBinary<Op>), false);
    loop(a, k, d, static_cast<size_t>(n));
  } else if constexpr (kIsHalf<T> && kSimdBinary<Op> >= 0) {
    simd::ScalarHalf(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>),
                     reinterpret_cast<const uint16_t*>(a), k, false, reinterpret_cast<uint16_t*>(d),
                     static_cast<size_t>(n));
  } else {
    for (int i = 0; i < n; ++i) d[i] = Elem<T>::Store(Op::Apply(Elem<T>::Load(a[i]), k));
  }
}

}  // namespace

template <typename Op>
bool ExecVmiBinary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const vmi::Governing m = vmi::MaskOf(ex, o[3]);
  bool ok = true;
  WithStorageType(vmi::VecType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    const T* a = vmi::Lanes<T>(ex, o[1]);
    const T* b = vmi::Lanes<T>(ex, o[2]);
    T* d = vmi::Lanes<T>(ex, o[0]);
    if constexpr (reg::kShiftOp<Op>) {
      if constexpr (!Elem<T>::kFloat) ok = ShiftRun<Op, T>(ex, a, b, 0, true, m, d, n);
    } else if constexpr (!std::is_same_v<Op, ops::Div> || Elem<T>::kFloat) {
      BinaryRun<Op, T>(a, b, d, n);
    }
    vmi::ZeroInactive(m, d, n);
  });
  return ok;
}

template <typename Op>
bool ExecVmiUnary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const vmi::Governing m = vmi::MaskOf(ex, o[2]);
  WithStorageType(vmi::VecType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    T* d = vmi::Lanes<T>(ex, o[0]);
    UnaryRun<Op, T>(vmi::Lanes<T>(ex, o[1]), d, n);
    vmi::ZeroInactive(m, d, n);
  });
  return true;
}

template <typename Op>
bool ExecVmiScalar(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const vmi::Governing m = vmi::MaskOf(ex, o[3]);
  bool ok = true;
  WithStorageType(vmi::VecType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    const T* a = vmi::Lanes<T>(ex, o[1]);
    T* d = vmi::Lanes<T>(ex, o[0]);
    if constexpr (reg::kShiftOp<Op>) {
      const bool logical = std::is_same_v<Op, ops::Shl> || !std::is_signed_v<T> ||
                           vmi::Signless(ex, o[1]);
      if constexpr (!Elem<T>::kFloat) {
        ok = ShiftRun<Op, T>(ex, a, nullptr, ex.scalar(o[2]).i, logical, m, d, n);
      }
    } else {
      ScalarRun<Op, T>(a, ScalarAs<T>(ex, o[2]), d, n);
    }
    vmi::ZeroInactive(m, d, n);
  });
  return ok;
}

#define PTO_IMPLEMENTS_VmiBinary PTO_YES
#define PTO_IMPLEMENTS_VmiUnary PTO_YES
#define PTO_IMPLEMENTS_VmiScalar PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
