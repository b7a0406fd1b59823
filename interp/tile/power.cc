// The Power family: tpow (d = a ^ b) and tpows (d = a ^ k), as the NPU computes them
// (pto-isa's TPow.hpp, docs/semantics.md "Power"): A2/A3 and A5 follow different sequences, and
// A5 has a second, high-precision one. Each step below is one vector instruction of the NPU's
// sequence, rounded as that instruction rounds (f32 results, one rounding per instruction; a
// fused multiply-add once); vln and vexp round the exact logarithm and exponential once, as
// the register layer's vln and vexp do.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "pto/interp/host_simd/simd.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
struct Pow {};
struct PowS {};
}  // namespace ops

namespace {

float Ln(float x) { return static_cast<float>(std::log(static_cast<double>(x))); }
float Exp(float x) { return static_cast<float>(std::exp(static_cast<double>(x))); }
float FromBits(uint32_t b) { return BitsFloat(b); }
uint32_t Bits(float f) { return FloatBits(f); }
constexpr float kQuietNaN = std::numeric_limits<float>::quiet_NaN();  // 0x7fc00000

// A5: e is an odd integer when fma(-2, floor(0.5 e), e) == 1 (vmuls, vtrc, vmadd, vcmps).
bool OddInteger(float e) { return std::fma(std::floor(e * 0.5f), -2.0f, e) == 1.0f; }

// A5's special cases over the computed d (ProcessFloatSpecialCase), in the NPU's order.
float SpecialCasesA5(float d, float b, float e) {
  if (e == 0.0f || b == 1.0f) return 1.0f;
  if (std::isnan(b) || std::isnan(e)) return kQuietNaN;
  const bool odd = OddInteger(e);
  if (std::isinf(b) || b == 0.0f) {
    // A negative exponent swaps zero and infinity by flipping the exponent bits.
    const float t = e < 0.0f ? FromBits(Bits(b) ^ 0x7f800000u) : b;
    return odd ? t : std::fabs(t);
  }
  if (b < 0.0f) d = e != std::floor(e) ? kQuietNaN : (odd ? -d : d);
  if (std::isinf(e) && b == -1.0f) d = 1.0f;
  return d;
}

// A5 default (TPowFloat): exp(e * ln|b|) in f32.
float PowA5(float b, float e) { return SpecialCasesA5(Exp(e * Ln(std::fabs(b))), b, e); }

// A5 high precision (TPowFloatHighPrecisionImpl): log(|b|) as a head and a tail
// (GetLogFExtStepOne, GetLogFExtStepTwo), then exp of (head, tail) * e (GetExpCore).
// vaxpy(d, a, k) = k*a + d, vmadd(d, a, b) = d*a + b and vmula(d, a, b) = d + a*b are fused.
float PowA5High(float b, float e) {
  const float abs = std::fabs(b);
  float hi = abs < 1.175494351e-38f ? -23.0f : 0.0f;  // (the NPU scales no subnormal input)
  const uint32_t ebits = (Bits(abs) - Bits(0.70710678f)) & 0xff800000u;
  float lo = FromBits(Bits(abs) - ebits);
  hi = std::fma(1.19209290e-7f, static_cast<float>(static_cast<int32_t>(ebits)), hi);
  const float p = lo + 1.0f;
  lo = lo + -1.0f;
  float r = 1.0f / p;
  float qhi = lo * r;
  float t = qhi * -2.0f;
  t = t + lo;
  float t2 = std::fma(-lo, qhi, t);
  float qlo = r * t2;
  const float s = qhi * qhi;
  r = std::fma(0.129394531f, s, 0.141957462f);
  r = std::fma(r, s, 0.200015724f);
  r = std::fma(r, s, 0.333333254f);
  r = r * s;
  qhi = qhi + qhi;
  qlo = qlo + qlo;
  float fhi = hi * 6.93147182e-1f;
  fhi = fhi + qhi;
  t2 = std::fma(-6.93147182e-1f, hi, fhi);
  const float flo = qhi - t2;
  qhi = std::fma(qhi, r, flo);
  t = qlo * 3.0f;
  qlo = std::fma(t, r, qlo);
  qlo = std::fma(-1.90465421e-9f, hi, qlo);
  qlo = qlo + qhi;
  hi = fhi + qlo;
  lo = (fhi - hi) + qlo;
  // exp((hi + lo) * e): the product's head, its rounding error and the tail's part.
  const float phi = hi * e;
  float plo = std::fma(hi, e, -phi);
  plo = std::fma(lo, e, plo);
  float x = Exp(phi);
  x = std::fma(plo, x, x);
  if (phi >= 88.7228390f || phi < -104.0f) x = phi >= 0.0f ? INFINITY : 0.0f;
  return SpecialCasesA5(x, b, e);
}

// A2/A3 (TPowF, f32 only): d = exp(e * ln b) and |b|'s version, then the scalar fix-ups of
// SwitchPowFResult. (int)e of an |e| past 2^31 saturates: the NPU's scalar conversion is not
// documented (docs/semantics.md).
float PowA2A3(float b, float e) {
  const float tmp = Exp(e * Ln(std::fabs(b)));
  const float d = Exp(e * Ln(b));
  if (e == 0.0f) return 1.0f;
  if (b == 0.0f) return e > 0.0f ? 0.0f : INFINITY;
  if (b == -1.0f && std::isinf(e)) return 1.0f;
  if (std::isfinite(e) && e == std::floor(e)) {
    const int64_t n = e >= 2147483647.0f    ? 2147483647
                      : e <= -2147483648.0f ? -2147483648LL
                                            : static_cast<int64_t>(e);
    return n % 2 != 0 && b < 0.0f ? -tmp : tmp;
  }
  return d;
}

// Integer powers. A2/A3 (TPowICore) works on the elements as 32-bit ints (ui32 above 2^31 is
// negative there); A5 (PowIntegerCore) squares and multiplies over every bit of the exponent
// in a 16-bit (8-bit elements) or the element's width, both wrapping.
int64_t IntPowA2A3(int64_t base, int64_t exp) {
  const int32_t b = static_cast<int32_t>(base), e = static_cast<int32_t>(exp);
  if (e == 0) return 1;
  if (b == 0) return 0;
  if (b == 1) return 1;
  if (b == -1) return (e & 1) ? -1 : 1;
  if (e < 0) return 0;
  uint32_t result = 1, square = static_cast<uint32_t>(b);
  for (uint32_t k = static_cast<uint32_t>(e); k != 0; k >>= 1) {
    if (k & 1) result *= square;
    square *= square;
  }
  return static_cast<int32_t>(result);
}

template <typename T>
int64_t IntPowA5(int64_t base, int64_t exp) {
  constexpr int kBits = sizeof(T) == 1 ? 16 : 8 * sizeof(T);
  constexpr uint64_t kMask = kBits == 64 ? ~uint64_t{0} : (uint64_t{1} << kBits) - 1;
  if (exp == 0 || base == 1) return 1;
  if (std::is_signed_v<T> && exp < 0 && base != -1) return 0;
  uint64_t result = 1, square = static_cast<uint64_t>(base) & kMask;
  uint64_t bits = static_cast<uint64_t>(exp) & kMask;
  for (int k = 0; k < kBits; ++k, bits >>= 1) {
    if (bits & 1) result = (result * square) & kMask;
    square = (square * square) & kMask;
  }
  return static_cast<int64_t>(result);  // stored wrapped to T
}

// b ^ e of elements of T by \a arch's sequence (\a high: A5's high-precision one).
template <typename T>
typename Elem<T>::C PowerOf(Arch arch, bool high, typename Elem<T>::C b, typename Elem<T>::C e) {
  if constexpr (Elem<T>::kFloat) {
    if (arch == Arch::kA2A3) return PowA2A3(b, e);
    return high ? PowA5High(b, e) : PowA5(b, e);
  } else {
    return arch == Arch::kA2A3 ? IntPowA2A3(b, e) : IntPowA5<T>(b, e);
  }
}

}  // namespace

// d = a ^ b (tpow) or a ^ k (tpows) over D(d), by precisionType's sequence.
template <typename Op>
bool ExecPower(Executor& ex, const Instr& in) {
  constexpr bool kScalar = std::is_same_v<Op, ops::PowS>;
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  if (!kScalar && !ex.Tile(in.operands[2], &b)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "base") ||
      (!kScalar && !RequireCovers(ex, b, rows, cols, "exponent"))) {
    return false;
  }
  const bool high = HighPrecision(in);
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    const Arch arch = ex.program().arch;
    typename E::C k{};
    if constexpr (kScalar) k = ScalarAs<T>(ex, in.operands[2]);
    auto body = [&](const TileRef& dst) {
      if constexpr (std::is_same_v<T, float>) {
        // Both default sequences are exp(e * ln b) for a positive finite base: SIMD for
        // those, the whole sequence for the rest.
        if (!(arch == Arch::kA5 && high) && RowsContiguous(dst) && RowsContiguous(a) &&
            (kScalar || RowsContiguous(b))) {
          float (*const whole)(float, float) = arch == Arch::kA5 ? &PowA5 : &PowA2A3;
          auto run = [&](int32_t r, size_t n) {
            simd::ExpOfScaledLogF32(a.At<float>(r, 0), kScalar ? nullptr : b.At<float>(r, 0), k,
                                    dst.At<float>(r, 0), n, whole);
          };
          if constexpr (kScalar) {
            ForRuns(rows, cols, {&dst, &a}, run);
          } else {
            ForRuns(rows, cols, {&dst, &a, &b}, run);
          }
          return true;
        }
      }
      for (int32_t r = 0; r < rows; ++r) {
        for (int32_t c = 0; c < cols; ++c) {
          typename E::C e = k;
          if constexpr (!kScalar) e = E::Load(*b.At<T>(r, c));
          *dst.At<T>(r, c) = E::Store(PowerOf<T>(arch, high, E::Load(*a.At<T>(r, c)), e));
        }
      }
      return true;
    };
    if constexpr (kScalar) {
      WithSafeDst(ex, d, {&a}, true, body);
    } else {
      WithSafeDst(ex, d, {&a, &b}, true, body);
    }
  });
  return true;
}

#define PTO_IMPLEMENTS_Power PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
