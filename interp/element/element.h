// Element storage types and the arithmetic the tile kernels apply to them. Floats compute in
// float and round once on store (f16/bf16 round to nearest even); integers compute in 64 bits
// and wrap to their width on store.
#ifndef PTO_INTERP_ELEMENT_ELEMENT_H_
#define PTO_INTERP_ELEMENT_ELEMENT_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "pto/common/dtype.h"
#include "pto/common/float_format.h"

namespace pto::interp {

/// Compute-type traits of a storage type.
template <typename T>
struct Elem {
  static_assert(std::is_integral_v<T>);
  using C = int64_t;
  static constexpr bool kFloat = false;
  static constexpr bool kSigned = std::is_signed_v<T>;
  static constexpr int kBits = sizeof(T) * 8;
  static C Load(T v) { return static_cast<C>(v); }
  static T Store(C v) { return static_cast<T>(v); }  // modular since C++20
  static C FromDouble(double v) { return static_cast<C>(v); }
  static C FromInt(int64_t v) { return Load(static_cast<T>(v)); }
};

template <>
struct Elem<float> {
  using C = float;
  static constexpr bool kFloat = true;
  static C Load(float v) { return v; }
  static float Store(C v) { return v; }
  static C FromDouble(double v) { return static_cast<float>(v); }
  static C FromInt(int64_t v) { return static_cast<float>(v); }
};

/// f16 and bf16: 16-bit patterns that compute in float, told apart by their conversions and
/// format.
template <typename T, float (*kToFloat)(uint16_t), uint16_t (*kFromFloat)(float),
          FloatFormat kFormat>
struct Elem16 {
  using C = float;
  static constexpr bool kFloat = true;
  static C Load(T v) { return kToFloat(v.bits); }
  static T Store(C v) { return T{kFromFloat(v)}; }
  static C FromDouble(double v) {
    const float f = static_cast<float>(v);  // an exact f32 rounds the same from either width
    if (static_cast<double>(f) == v) return kToFloat(kFromFloat(f));
    return static_cast<float>(RoundToFormat(v, kFormat));
  }
  static C FromInt(int64_t v) { return FromDouble(static_cast<double>(v)); }
};

template <>
struct Elem<Half> : Elem16<Half, HalfToFloat, FloatToHalf, kHalfFormat> {};
template <>
struct Elem<BFloat16> : Elem16<BFloat16, BF16ToFloat, FloatToBF16, kBF16Format> {};

/// Converts one element between storage types as moves out of L0C do: floats round to
/// nearest even, integers wrap.
template <typename D, typename S>
D CastElement(S v) {
  using ES = Elem<S>;
  using ED = Elem<D>;
  if constexpr (std::is_same_v<D, S>) {
    return v;
  } else if constexpr (ED::kFloat && ES::kFloat) {
    return ED::Store(ES::Load(v));  // through float: exact for every source type here
  } else if constexpr (ED::kFloat) {
    return ED::Store(ED::FromInt(ES::Load(v)));
  } else if constexpr (ES::kFloat) {
    return static_cast<D>(static_cast<int64_t>(ES::Load(v)));
  } else {
    return static_cast<D>(ES::Load(v));
  }
}

/// Calls \a f with a value of the storage type of \a dtype (as a type tag); returns false for
/// types that cannot be stored in tiles.
template <typename F>
bool WithStorageType(DType dtype, F&& f) {
  switch (dtype) {
    case DType::kI8: f(int8_t{}); return true;
    case DType::kU8: f(uint8_t{}); return true;
    case DType::kI16: f(int16_t{}); return true;
    case DType::kU16: f(uint16_t{}); return true;
    case DType::kI32: f(int32_t{}); return true;
    case DType::kU32: f(uint32_t{}); return true;
    case DType::kI64: f(int64_t{}); return true;
    case DType::kU64: f(uint64_t{}); return true;
    case DType::kF16: f(Half{}); return true;
    case DType::kBF16: f(BFloat16{}); return true;
    case DType::kF32: f(float{}); return true;
    // The MX formats move as raw bytes; the MX matmuls decode them (common/float_format.h).
    case DType::kF8E4M3:
    case DType::kF8E5M2:
    case DType::kE8M0:
    case DType::kF4E2M1X2:
    case DType::kF4E1M2X2:
    case DType::kHiF8: f(uint8_t{}); return true;
    case DType::kInvalid:
    case DType::kI1:
    case DType::kF64:
    case DType::kIndex:
      break;
  }
  return false;
}

/// Element functions, one struct per Kernel column entry of opcodes.def.
namespace ops {

// Integer add/sub/mul go through uint64 so that overflow wraps instead of being undefined.
inline int64_t WrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
inline int64_t WrapSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
inline int64_t WrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

struct None {};

struct Add {
  static float Apply(float a, float b) { return a + b; }
  static int64_t Apply(int64_t a, int64_t b) { return WrapAdd(a, b); }
};
struct Sub {
  static float Apply(float a, float b) { return a - b; }
  static int64_t Apply(int64_t a, int64_t b) { return WrapSub(a, b); }
};
struct Mul {
  static float Apply(float a, float b) { return a * b; }
  static int64_t Apply(int64_t a, int64_t b) { return WrapMul(a, b); }
};
/// Integer division truncates; the kernels fault on a zero divisor before calling it.
struct Div {
  static float Apply(float a, float b) { return a / b; }
  static int64_t Apply(int64_t a, int64_t b) { return a / b; }
};
/// max/min propagate NaN from either side (docs/semantics.md).
struct Max {
  static float Apply(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
    return a < b ? b : a;
  }
  static int64_t Apply(int64_t a, int64_t b) { return a < b ? b : a; }
};
struct Min {
  static float Apply(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<float>::quiet_NaN();
    return b < a ? b : a;
  }
  static int64_t Apply(int64_t a, int64_t b) { return b < a ? b : a; }
};
/// taddrelu: max(a + b, 0), the sum rounded first; NaN stays NaN (as trelu). Integer tiles are
/// i16 only (opcodes.def): the sum wraps to 16 bits before the ReLU.
struct AddRelu {
  static float Apply(float a, float b) {
    const float s = a + b;
    return std::isnan(s) ? s : (s > 0 ? s : 0.0f);
  }
  static int64_t Apply(int64_t a, int64_t b) {
    const int64_t s = static_cast<int16_t>(WrapAdd(a, b));
    return s > 0 ? s : 0;
  }
};
struct Sum {};
struct PRelu {
  static float Apply(float a, float b) { return a > 0 ? a : a * b; }
};
struct LRelu {
  static float Apply(float a, float k) { return a > 0 ? a : a * k; }
};
/// exp(a - b), the difference rounded to float first.
struct ExpDif {
  static float Apply(float a, float b) {
    return static_cast<float>(std::exp(static_cast<double>(a - b)));
  }
};
/// Three-operand kernels: (a op b) + c, each step rounded to the compute type.
struct AddC {
  static float Apply(float a, float b, float c) { return (a + b) + c; }
  static int64_t Apply(int64_t a, int64_t b, int64_t c) { return WrapAdd(WrapAdd(a, b), c); }
};
struct SubC {
  static float Apply(float a, float b, float c) { return (a - b) + c; }
  static int64_t Apply(int64_t a, int64_t b, int64_t c) { return WrapAdd(WrapSub(a, b), c); }
};

struct Abs {
  static float Apply(float a) { return std::fabs(a); }
  static int64_t Apply(int64_t a) { return a < 0 ? WrapSub(0, a) : a; }
};
struct Neg {
  static float Apply(float a) { return -a; }
  static int64_t Apply(int64_t a) { return WrapSub(0, a); }
};
struct Relu {
  static float Apply(float a) { return std::isnan(a) ? a : (a > 0 ? a : 0.0f); }
  static int64_t Apply(int64_t a) { return a > 0 ? a : 0; }
};
// Transcendentals are evaluated in double and rounded once: InDouble gives the value a 16-bit
// result rounds from (through f32, two f16 exps and one f16 log would round twice, onto the
// wrong side of a midpoint).
struct Exp {
  static double InDouble(float a) { return std::exp(static_cast<double>(a)); }
  static float Apply(float a) { return static_cast<float>(InDouble(a)); }
};
struct Log {
  static double InDouble(float a) { return std::log(static_cast<double>(a)); }
  static float Apply(float a) { return static_cast<float>(InDouble(a)); }
};
struct Sqrt {
  static float Apply(float a) { return std::sqrt(a); }
};
struct Rsqrt {
  static double InDouble(float a) { return 1.0 / std::sqrt(static_cast<double>(a)); }
  static float Apply(float a) { return static_cast<float>(InDouble(a)); }
};
/// The NPU's two-step rsqrt (vsqrt, then vdiv of 1): each step rounded (docs/semantics.md,
/// "The NPU's arithmetic").
struct RsqrtSteps {
  static float Apply(float a) { return 1.0f / std::sqrt(a); }
};
struct Recip {
  static float Apply(float a) { return 1.0f / a; }
};

/// Shifts by a count >= 0: counts of the element width or more give 0, or the sign fill for
/// an arithmetic right shift.
struct Shl {
  template <typename T>
  static int64_t Shift(int64_t a, int64_t k) {
    if (k >= Elem<T>::kBits) return 0;
    return static_cast<int64_t>(static_cast<uint64_t>(a) << k);
  }
};
struct Shr {
  template <typename T>
  static int64_t Shift(int64_t a, int64_t k) {
    if (k >= Elem<T>::kBits) k = 63;
    return a >> k;  // a holds the value sign- or zero-extended, so this is right for both
  }
};

/// Bitwise operations: integer elements only (the operand rules reject float tiles).
struct And {
  static int64_t Apply(int64_t a, int64_t b) { return a & b; }
};
struct Or {
  static int64_t Apply(int64_t a, int64_t b) { return a | b; }
};
struct Xor {
  static int64_t Apply(int64_t a, int64_t b) { return a ^ b; }
};
struct Not {
  static int64_t Apply(int64_t a) { return ~a; }  // wraps to the element width on store
};

/// Remainders, exact (docs/semantics.md). Integers: the kernels fault on a zero divisor before
/// calling these; operands are at most 32 bits wide held in 64, so MIN % -1 does not overflow.
/// Floats: fmod is exact; the floored correction adds b once, in double, which rounds correctly
/// for f32 and (through f32) for f16.
struct FMod {
  static float Apply(float a, float b) {
    return static_cast<float>(std::fmod(static_cast<double>(a), static_cast<double>(b)));
  }
  static int64_t Apply(int64_t a, int64_t b) { return a % b; }
};
struct Rem {
  static float Apply(float a, float b) {
    const double x = a, y = b;
    double r = std::fmod(x, y);
    if (r == 0) return static_cast<float>(std::copysign(0.0, y));  // sign of the divisor
    if ((r < 0) != (y < 0)) r += y;  // NaN compares false and stays NaN
    return static_cast<float>(r);
  }
  static int64_t Apply(int64_t a, int64_t b) {
    const int64_t r = a % b;
    return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
  }
};

}  // namespace ops

/// The operations evaluated in double (ops::Exp, Log, Rsqrt): a 16-bit result rounds once
/// from that double.
template <typename Op>
constexpr bool kInDouble = requires(float x) { Op::InDouble(x); };

/// Whether f32 \a w lies exactly halfway between two neighbouring values of the 16-bit float
/// type T, \a r (w rounded to T) one of them: a value rounded to f32 first and then to T may
/// then land on the wrong side (the value itself is not halfway).
template <typename T>
bool Halfway(float w, T r) {
  // A tie has the bits rounding drops at exactly one half: at least 12 (f16, 13 dropped) or 15
  // (bf16, 16 dropped) low zero bits. Almost every result fails this first test.
  constexpr uint32_t kBelowHalf = std::is_same_v<T, Half> ? 0xFFFu : 0x7FFFu;
  if (FloatBits(w) & kBelowHalf) return false;
  const float near = Elem<T>::Load(r);
  if (!(near != w) || !std::isfinite(near)) return false;  // exact, NaN or overflowed
  const T other{static_cast<uint16_t>(r.bits + (std::fabs(near) < std::fabs(w) ? 1 : -1))};
  return w - near == Elem<T>::Load(other) - w;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_ELEMENT_ELEMENT_H_
