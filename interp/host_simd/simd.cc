// Highway implementations of simd.h, compiled once per instruction set and dispatched at run
// time. Tails shorter than a SIMD register use the scalar element functions, so every element gets
// exactly the scalar result.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "pto/interp/host_simd/simd.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include <algorithm>
#include <cmath>
#include "hwy/highway.h"
#include "pto/common/float_format.h"
#include "pto/interp/element/element.h"
#include "pto/interp/host_simd/simd.h"
#include "pto/interp/host_simd/simd_math-inl.h"
#include "pto/interp/host_simd/simd_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;

template <Binary kOp>
void BinaryLoop(const float* a, const float* b, float* d, size_t n) {
  const DF df;
  const size_t lanes = hn::Lanes(df);
  size_t i = 0;
  // Four registers a step (a 16x64 f32 tile is 16 steps of 512-bit registers): the loop's own
  // count, compare and branch were a third of the instructions. d may be a itself (never a
  // shifted copy), so each step loads before it stores.
  for (; i + 4 * lanes <= n; i += 4 * lanes) {
    const VF r0 = BinaryLanes<kOp>(hn::LoadU(df, a + i), hn::LoadU(df, b + i));
    const VF r1 = BinaryLanes<kOp>(hn::LoadU(df, a + i + lanes), hn::LoadU(df, b + i + lanes));
    const VF r2 =
        BinaryLanes<kOp>(hn::LoadU(df, a + i + 2 * lanes), hn::LoadU(df, b + i + 2 * lanes));
    const VF r3 =
        BinaryLanes<kOp>(hn::LoadU(df, a + i + 3 * lanes), hn::LoadU(df, b + i + 3 * lanes));
    hn::StoreU(r0, df, d + i);
    hn::StoreU(r1, df, d + i + lanes);
    hn::StoreU(r2, df, d + i + 2 * lanes);
    hn::StoreU(r3, df, d + i + 3 * lanes);
  }
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(BinaryLanes<kOp>(hn::LoadU(df, a + i), hn::LoadU(df, b + i)), df, d + i);
  }
  for (; i < n; ++i) d[i] = ApplyBinary(kOp, a[i], b[i]);
}

// taxpy: d[i] = k * a[i] + d[i], rounded once. Fused in SIMD only where the target has FMA
// (Highway's MulAdd is a multiply and an add without it); std::fma everywhere else.
void AxpyF32Impl(const float* a, float k, float* d, size_t n) {
  size_t i = 0;
#if HWY_NATIVE_FMA
  const DF df;
  const size_t lanes = hn::Lanes(df);
  const VF kv = hn::Set(df, k);
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(hn::MulAdd(kv, hn::LoadU(df, a + i), hn::LoadU(df, d + i)), df, d + i);
  }
#endif
  for (; i < n; ++i) d[i] = std::fma(k, a[i], d[i]);
}

void BinaryF32Impl(Binary op, const float* a, const float* b, float* d, size_t n) {
  WithBinaryOp(op, [&](auto k) { BinaryLoop<k()>(a, b, d, n); });
}

template <Binary kOp>
void BinaryRowsLoop(const float* a, size_t lda, const float* b, size_t ldb, float* d, size_t ldd,
                    size_t rows, size_t cols) {
  if (lda == cols && ldb == cols && ldd == cols) return BinaryLoop<kOp>(a, b, d, rows * cols);
  for (size_t r = 0; r < rows; ++r) BinaryLoop<kOp>(a + r * lda, b + r * ldb, d + r * ldd, cols);
}

void BinaryF32RowsImpl(Binary op, const float* a, size_t lda, const float* b, size_t ldb,
                       float* d, size_t ldd, size_t rows, size_t cols) {
  WithBinaryOp(op, [&](auto k) { BinaryRowsLoop<k()>(a, lda, b, ldb, d, ldd, rows, cols); });
}

template <Binary kOp, bool kScalarFirst>
void ScalarLoop(const float* a, float k, float* d, size_t n) {
  const DF df;
  const size_t lanes = hn::Lanes(df);
  const VF vk = hn::Set(df, k);
  const auto apply = [&](VF va) {
    return kScalarFirst ? BinaryLanes<kOp>(vk, va) : BinaryLanes<kOp>(va, vk);
  };
  size_t i = 0;
  // Four registers a step, as BinaryLoop (d may be a itself: each step loads before it stores).
  for (; i + 4 * lanes <= n; i += 4 * lanes) {
    const VF r0 = apply(hn::LoadU(df, a + i));
    const VF r1 = apply(hn::LoadU(df, a + i + lanes));
    const VF r2 = apply(hn::LoadU(df, a + i + 2 * lanes));
    const VF r3 = apply(hn::LoadU(df, a + i + 3 * lanes));
    hn::StoreU(r0, df, d + i);
    hn::StoreU(r1, df, d + i + lanes);
    hn::StoreU(r2, df, d + i + 2 * lanes);
    hn::StoreU(r3, df, d + i + 3 * lanes);
  }
  for (; i + lanes <= n; i += lanes) hn::StoreU(apply(hn::LoadU(df, a + i)), df, d + i);
  for (; i < n; ++i) d[i] = kScalarFirst ? ApplyBinary(kOp, k, a[i]) : ApplyBinary(kOp, a[i], k);
}

template <Binary kOp>
void RowScalarLoop(const float* a, size_t lda, const float* k, size_t k_stride, float* d,
                   size_t ldd, size_t rows, size_t cols) {
  for (size_t r = 0; r < rows; ++r) {
    ScalarLoop<kOp, false>(a + r * lda, k[r * k_stride], d + r * ldd, cols);
  }
}

void RowScalarF32Impl(Binary op, const float* a, size_t lda, const float* k, size_t k_stride,
                      float* d, size_t ldd, size_t rows, size_t cols) {
  WithBinaryOp(op, [&](auto o) { RowScalarLoop<o()>(a, lda, k, k_stride, d, ldd, rows, cols); });
}

void ScalarF32Impl(Binary op, const float* a, float k, bool scalar_first, float* d, size_t n) {
  WithBinaryOp(op, [&](auto o) {
    if (scalar_first) {
      ScalarLoop<o(), true>(a, k, d, n);
    } else {
      ScalarLoop<o(), false>(a, k, d, n);
    }
  });
}

// Unary operations evaluated in double (exp, log, rsqrt) work on half registers of f32
// promoted to full registers of f64, then round once.
template <Unary kOp>
void UnaryLoop(const float* a, float* d, size_t n) {
  const DF df;
  size_t i = 0;
  if constexpr (kOp == Unary::kExp || kOp == Unary::kLog || kOp == Unary::kRsqrt) {
    const hn::ScalableTag<double> dd;
    const hn::Rebind<float, decltype(dd)> dh;
    const size_t lanes = hn::Lanes(dd);
    // The exp's and log's tables, looked up once per call (the other operations need none).
    const Exp2Table* exp_table = kOp == Unary::kExp ? &Exp2TableF32() : nullptr;
    const LogTable* log_table = kOp == Unary::kLog ? &LogTableF32() : nullptr;
    for (; i + lanes <= n; i += lanes) {
      const auto v = hn::PromoteTo(dd, hn::LoadU(dh, a + i));
      hn::Vec<decltype(dd)> r;
      if constexpr (kOp == Unary::kExp) {
        hn::Mask<decltype(dd)> fallback;
        r = ExpRoundableToF32(dd, v, *exp_table, &fallback);
        if (!hn::AllFalse(dd, fallback)) [[unlikely]] {
          for (size_t j = i; j < i + lanes; ++j) d[j] = ops::Exp::Apply(a[j]);
          continue;
        }
      } else if constexpr (kOp == Unary::kLog) {
        hn::Mask<decltype(dd)> fallback;
        r = LogRoundableToF32(dd, v, *log_table, &fallback);
        if (!hn::AllFalse(dd, fallback)) [[unlikely]] {
          for (size_t j = i; j < i + lanes; ++j) d[j] = ops::Log::Apply(a[j]);
          continue;
        }
      } else {
        r = hn::Div(hn::Set(dd, 1.0), hn::Sqrt(v));
      }
      hn::StoreU(hn::DemoteTo(dh, r), dh, d + i);
    }
  } else {
    const size_t lanes = hn::Lanes(df);
    const VF zero = hn::Zero(df);
    for (; i + lanes <= n; i += lanes) {
      const VF v = hn::LoadU(df, a + i);
      VF r;
      if constexpr (kOp == Unary::kSqrt) {
        r = hn::Sqrt(v);
      } else if constexpr (kOp == Unary::kRsqrtSteps) {
        r = hn::Div(hn::Set(df, 1.0f), hn::Sqrt(v));
      } else if constexpr (kOp == Unary::kRecip) {
        r = hn::Div(hn::Set(df, 1.0f), v);
      } else if constexpr (kOp == Unary::kAbs) {
        r = hn::Abs(v);
      } else if constexpr (kOp == Unary::kNeg) {
        r = hn::Neg(v);
      } else {  // relu keeps NaN
        r = hn::IfThenElse(hn::Or(hn::Gt(v, zero), hn::IsNaN(v)), v, zero);
      }
      hn::StoreU(r, df, d + i);
    }
  }
  for (; i < n; ++i) d[i] = ApplyUnary(kOp, a[i]);
}

// d[i] = exp(e[i] * ln b[i]) (e[i] = k when e is null) with the scalar kernels' roundings:
// ln and exp in double rounded once to f32 each, the product in f32. Lanes of a positive finite
// base whose ln and exp round safely (simd_math-inl.h) take this path; every other lane of their
// register takes special(b, e), which must give the same value wherever both apply.
// Two passes over chunks of kChunk elements (all the logarithms, then all the exponentials):
// each pass's registers are independent, where one pass would chain both per register.
void ExpOfScaledLogF32Impl(const float* b, const float* e, float k, float* d, size_t n,
                           float (*special)(float, float)) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> dh;
  const size_t lanes = hn::Lanes(dd);
  const LogTable& log_table = LogTableF32();
  const Exp2Table& exp_table = Exp2TableF32();
  constexpr size_t kChunk = 256;
  HWY_ALIGN float y[kChunk];
  bool whole[kChunk];  // the register starting here takes special()
  size_t at = 0;
  for (; at + lanes <= n; at += kChunk) {
    const size_t m = std::min(kChunk, (n - at) / lanes * lanes);
    for (size_t i = 0; i < m; i += lanes) {
      const auto x = hn::PromoteTo(dd, hn::LoadU(dh, b + at + i));
      const auto scale = e ? hn::LoadU(dh, e + at + i) : hn::Set(dh, k);
      hn::Mask<decltype(dd)> fallback;
      const auto ln = hn::DemoteTo(dh, LogRoundableToF32(dd, x, log_table, &fallback));
      hn::Store(hn::Mul(ln, scale), dh, y + i);
      whole[i] = !hn::AllFalse(dd, fallback);
    }
    for (size_t i = 0; i < m; i += lanes) {
      hn::Mask<decltype(dd)> fallback;
      const auto r = ExpRoundableToF32(dd, hn::PromoteTo(dd, hn::Load(dh, y + i)), exp_table,
                                           &fallback);
      if (!whole[i] && hn::AllFalse(dd, fallback)) {
        hn::StoreU(hn::DemoteTo(dh, r), dh, d + at + i);
      } else {
        for (size_t j = at + i; j < at + i + lanes; ++j) d[j] = special(b[j], e ? e[j] : k);
      }
    }
    if (m < kChunk) {
      at += m;
      break;
    }
  }
  for (; at < n; ++at) d[at] = special(b[at], e ? e[at] : k);
}

void UnaryF32Impl(Unary op, const float* a, float* d, size_t n) {
  WithUnaryOp(op, [&](auto k) { UnaryLoop<k()>(a, d, n); });
}

double SumF32Impl(const float* a, size_t n) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> dh;
  const size_t lanes = hn::Lanes(dd);
  if (lanes > kSumPartials || kSumPartials % lanes != 0) {
    return InterleavedSum(n, [&](size_t i) { return static_cast<double>(a[i]); });
  }
  // acc[j] lane l holds partial j * lanes + l: each block of kSumPartials elements adds
  // element p of the block to partial p, as the reference does.
  const size_t regs = kSumPartials / lanes;
  hn::Vec<decltype(dd)> acc[kSumPartials];
  for (size_t j = 0; j < regs; ++j) acc[j] = hn::Zero(dd);
  size_t i = 0;
  for (; i + kSumPartials <= n; i += kSumPartials) {
    for (size_t j = 0; j < regs; ++j) {
      acc[j] = hn::Add(acc[j], hn::PromoteTo(dd, hn::LoadU(dh, a + i + j * lanes)));
    }
  }
  HWY_ALIGN double partial[kSumPartials];
  for (size_t j = 0; j < regs; ++j) hn::Store(acc[j], dd, partial + j * lanes);
  for (; i < n; ++i) partial[i % kSumPartials] += static_cast<double>(a[i]);
  double total = partial[0];
  for (size_t p = 1; p < kSumPartials; ++p) total += partial[p];
  return total;
}

float ReduceScalar(Binary op, const float* a, size_t n) {
  float r = a[0];
  for (size_t i = 1; i < n; ++i) r = ApplyBinary(op, r, a[i]);
  return r;
}

float ReduceF32Impl(Binary op, const float* a, size_t n) {
  const DF df;
  const size_t lanes = hn::Lanes(df);
  if (n < 2 * lanes) return ReduceScalar(op, a, n);
  // Without NaNs and with a non-zero result, the extreme is one value whatever the order;
  // otherwise the sequential fold decides (a NaN, or the sign of a zero).
  VF acc = hn::LoadU(df, a);
  auto nan = hn::IsNaN(acc);
  size_t i = lanes;
  for (; i + lanes <= n; i += lanes) {
    const VF v = hn::LoadU(df, a + i);
    nan = hn::Or(nan, hn::IsNaN(v));
    acc = op == Binary::kMax ? hn::Max(acc, v) : hn::Min(acc, v);
  }
  if (!hn::AllFalse(df, nan)) return std::numeric_limits<float>::quiet_NaN();
  float r = hn::GetLane(op == Binary::kMax ? hn::MaxOfLanes(df, acc) : hn::MinOfLanes(df, acc));
  for (; i < n; ++i) r = ApplyBinary(op, r, a[i]);
  if (r == 0.0f && !std::isnan(r)) return ReduceScalar(op, a, n);
  return r;
}

uint16_t F32ToBF16Scalar(float f, bool saturate) {
  uint16_t r = FloatToBF16(f);
  if (saturate && std::isfinite(f) && (r & 0x7FFF) == 0x7F80) r = static_cast<uint16_t>(r - 1);
  return r;
}

// f32 bits rounded to nearest even at bit 16, the bf16 result in the upper half of each lane
// (NaN keeps its top bits and becomes quiet; with kSaturate, a finite value that rounded to
// infinity becomes the largest finite bf16).
template <bool kSaturate, class DU, class VU>
VU RoundToBF16High(DU du, VU bits) {
  const auto lsb = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u));
  auto rounded = hn::Add(bits, hn::Add(hn::Set(du, 0x7FFFu), lsb));
  const auto abs = hn::And(bits, hn::Set(du, 0x7FFFFFFFu));
  const auto exp_mask = hn::Set(du, 0x7F800000u);
  rounded =
      hn::IfThenElse(hn::Gt(abs, exp_mask), hn::Or(bits, hn::Set(du, 0x00400000u)), rounded);
  if constexpr (kSaturate) {
    const auto became_inf = hn::Eq(hn::And(rounded, hn::Set(du, 0x7FFF0000u)), exp_mask);
    rounded = hn::IfThenElse(hn::And(hn::Lt(abs, exp_mask), became_inf),
                             hn::Sub(rounded, hn::Set(du, 0x00010000u)), rounded);
  }
  return rounded;
}

template <bool kSaturate>
void F32ToBF16Loop(const float* a, uint16_t* d, size_t n) {
  size_t i = 0;
#if HWY_TARGET != HWY_SCALAR
  // Two registers of f32 give one of bf16: the upper halves, in order.
  const hn::ScalableTag<uint32_t> du;
  const size_t lanes = hn::Lanes(du);
  const hn::Repartition<uint16_t, decltype(du)> d16;
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    const auto* bits = reinterpret_cast<const uint32_t*>(a + i);
    const auto lo = RoundToBF16High<kSaturate>(du, hn::LoadU(du, bits));
    const auto hi = RoundToBF16High<kSaturate>(du, hn::LoadU(du, bits + lanes));
    hn::StoreU(hn::ConcatOdd(d16, hn::BitCast(d16, hi), hn::BitCast(d16, lo)), d16, d + i);
  }
#endif
  for (; i < n; ++i) d[i] = F32ToBF16Scalar(a[i], kSaturate);
}

void F32ToBF16Impl(const float* a, uint16_t* d, size_t n, bool saturate) {
  if (saturate) return F32ToBF16Loop<true>(a, d, n);
  F32ToBF16Loop<false>(a, d, n);
}

const char* TargetNameImpl() { return hwy::TargetName(HWY_TARGET); }

BinaryLoopFn BinaryLoopF32Impl(Binary op) {
  BinaryLoopFn loop = nullptr;
  WithBinaryOp(op, [&](auto o) { loop = &BinaryLoop<o()>; });
  return loop;
}

UnaryLoopFn UnaryLoopF32Impl(Unary op) {
  UnaryLoopFn loop = nullptr;
  WithUnaryOp(op, [&](auto o) { loop = &UnaryLoop<o()>; });
  return loop;
}

ScalarLoopFn ScalarLoopF32Impl(Binary op, bool scalar_first) {
  ScalarLoopFn loop = nullptr;
  WithBinaryOp(op, [&](auto o) {
    loop = scalar_first ? &ScalarLoop<o(), true> : &ScalarLoop<o(), false>;
  });
  return loop;
}

void RowSumsF32(const float* a, size_t lda, size_t rows, size_t cols, float* d, size_t ldd) {
  for (size_t r = 0; r < rows; ++r) d[r * ldd] = static_cast<float>(SumF32Impl(a + r * lda, cols));
}

RowSumsLoopFn RowSumsF32LoopImpl() { return &RowSumsF32; }

RowScalarLoopFn RowScalarLoopF32Impl(Binary op) {
  RowScalarLoopFn loop = nullptr;
  WithBinaryOp(op, [&](auto o) { loop = &RowScalarLoop<o()>; });
  return loop;
}

}  // namespace pto::interp::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace pto::interp::simd {

HWY_EXPORT(BinaryF32Impl);
HWY_EXPORT(AxpyF32Impl);
HWY_EXPORT(ScalarF32Impl);
HWY_EXPORT(BinaryF32RowsImpl);
HWY_EXPORT(RowScalarF32Impl);
HWY_EXPORT(UnaryF32Impl);
HWY_EXPORT(ExpOfScaledLogF32Impl);
HWY_EXPORT(SumF32Impl);
HWY_EXPORT(ReduceF32Impl);
HWY_EXPORT(F32ToBF16Impl);
HWY_EXPORT(TargetNameImpl);
HWY_EXPORT(BinaryLoopF32Impl);
HWY_EXPORT(ScalarLoopF32Impl);
HWY_EXPORT(UnaryLoopF32Impl);
HWY_EXPORT(RowScalarLoopF32Impl);
HWY_EXPORT(RowSumsF32LoopImpl);

BinaryLoopFn BinaryLoopF32(Binary op) { return HWY_DYNAMIC_DISPATCH(BinaryLoopF32Impl)(op); }
UnaryLoopFn UnaryLoopF32(Unary op) { return HWY_DYNAMIC_DISPATCH(UnaryLoopF32Impl)(op); }
ScalarLoopFn ScalarLoopF32(Binary op, bool scalar_first) {
  return HWY_DYNAMIC_DISPATCH(ScalarLoopF32Impl)(op, scalar_first);
}
RowScalarLoopFn RowScalarLoopF32(Binary op) {
  return HWY_DYNAMIC_DISPATCH(RowScalarLoopF32Impl)(op);
}
RowSumsLoopFn RowSumsF32Loop() { return HWY_DYNAMIC_DISPATCH(RowSumsF32LoopImpl)(); }

void BinaryF32(Binary op, const float* a, const float* b, float* d, size_t n) {
  HWY_DYNAMIC_DISPATCH(BinaryF32Impl)(op, a, b, d, n);
}
void AxpyF32(const float* a, float k, float* d, size_t n) {
  HWY_DYNAMIC_DISPATCH(AxpyF32Impl)(a, k, d, n);
}
void BinaryF32Rows(Binary op, const float* a, size_t lda, const float* b, size_t ldb, float* d,
                   size_t ldd, size_t rows, size_t cols) {
  HWY_DYNAMIC_DISPATCH(BinaryF32RowsImpl)(op, a, lda, b, ldb, d, ldd, rows, cols);
}
void RowScalarF32(Binary op, const float* a, size_t lda, const float* k, size_t k_stride,
                  float* d, size_t ldd, size_t rows, size_t cols) {
  HWY_DYNAMIC_DISPATCH(RowScalarF32Impl)(op, a, lda, k, k_stride, d, ldd, rows, cols);
}
void ScalarF32(Binary op, const float* a, float k, bool scalar_first, float* d, size_t n) {
  HWY_DYNAMIC_DISPATCH(ScalarF32Impl)(op, a, k, scalar_first, d, n);
}
void UnaryF32(Unary op, const float* a, float* d, size_t n) {
  HWY_DYNAMIC_DISPATCH(UnaryF32Impl)(op, a, d, n);
}
void ExpOfScaledLogF32(const float* b, const float* e, float k, float* d, size_t n,
                       float (*special)(float, float)) {
  HWY_DYNAMIC_DISPATCH(ExpOfScaledLogF32Impl)(b, e, k, d, n, special);
}
double SumF32(const float* a, size_t n) { return HWY_DYNAMIC_DISPATCH(SumF32Impl)(a, n); }
float ReduceF32(Binary op, const float* a, size_t n) {
  return HWY_DYNAMIC_DISPATCH(ReduceF32Impl)(op, a, n);
}
void F32ToBF16(const float* a, uint16_t* d, size_t n, bool saturate) {
  HWY_DYNAMIC_DISPATCH(F32ToBF16Impl)(a, d, n, saturate);
}
const char* TargetName() { return HWY_DYNAMIC_DISPATCH(TargetNameImpl)(); }

}  // namespace pto::interp::simd
#endif  // HWY_ONCE
