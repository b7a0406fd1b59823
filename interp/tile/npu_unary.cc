// The NPU's unary sequences (npu_unary.h).
#include "pto/interp/tile/npu_unary.h"

#include <cmath>
#include <limits>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {
namespace {

bool Applies(Executor& ex, const Instr& in, NpuUnary op) {
  if (ex.core().arith != Arith::kNpu) return false;
  const bool a5 = ex.program().arch == Arch::kA5;
  switch (op) {
    case NpuUnary::kRsqrt:  // a2a3 without its tmp tile is vrsqrt: not public
      return a5 || (in.count > 2 && in.operands[2] != kNoOperand);
    case NpuUnary::kExp:
    case NpuUnary::kLog:
      return a5 && HighPrecision(in);
  }
  return false;
}

// The type's largest subnormal, the bound both sequences compare with.
template <typename T>
double LargestSubnormal() {
  return std::is_same_v<T, float> ? std::numeric_limits<float>::denorm_min() * 8388607.0
                                  : 0x3ffp-24;
}

// One element, each step rounded to T (E::FromDouble); \a x is the element's value.
template <typename T>
double Element(NpuUnary op, double x) {
  using E = Elem<T>;
  switch (op) {
    case NpuUnary::kRsqrt:
      return E::FromDouble(1.0 / E::FromDouble(std::sqrt(x)));
    case NpuUnary::kExp: {
      const double d = E::FromDouble(std::exp(x));
      if (!(d <= LargestSubnormal<T>())) return d;
      const double half = E::FromDouble(std::exp(x / 2));  // x / 2 is exact
      return E::FromDouble(half * half);
    }
    case NpuUnary::kLog: {
      if (!(x < LargestSubnormal<T>())) return E::FromDouble(std::log(x));
      constexpr bool kF32 = std::is_same_v<T, float>;
      const double scaled = x * (kF32 ? 0x1p23 : 0x1p10);
      const double compensation = E::FromDouble(kF32 ? -15.9423851528787421 : -6.931471805599453);
      return E::FromDouble(E::FromDouble(std::log(scaled)) + compensation);
    }
  }
  return x;
}

}  // namespace

bool NpuUnarySteps(Executor& ex, const Instr& in, NpuUnary op, const TileRef& d,
                   const TileRef& a, bool* ok) {
  if (!Applies(ex, in, op)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  *ok = true;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    if constexpr (std::is_same_v<T, float>) {
      if (op == NpuUnary::kRsqrt) {
        *ok = WithSafeDst(ex, d, {&a}, true, [&](const TileRef& dst) {
          ForRuns(rows, cols, {&dst, &a}, [&](int32_t r, size_t n) {
            simd::UnaryF32(simd::Unary::kRsqrtSteps, a.At<T>(r, 0), dst.At<T>(r, 0), n);
          });
          return true;
        });
        return;
      }
    }
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, Half> ||
                  std::is_same_v<T, BFloat16>) {
      *ok = WithSafeDst(ex, d, {&a}, true, [&](const TileRef& dst) {
        for (int32_t r = 0; r < rows; ++r) {
          T* dp = dst.At<T>(r, 0);
          const T* ap = a.At<T>(r, 0);
          for (int32_t c = 0; c < cols; ++c) {
            dp[c] = E::Store(static_cast<typename E::C>(Element<T>(op, E::Load(ap[c]))));
          }
        }
        return true;
      });
    } else {
      *ok = ex.Fault(StrCat("element type ", DTypeName(d.type->dtype), " is not supported here"));
    }
  });
  return true;
}

}  // namespace pto::interp
