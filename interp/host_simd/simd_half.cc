// SIMD loops for f16 and bf16 tiles: each element widened to f32 (exact), the f32 operation,
// then rounded to nearest even back to 16 bits, which is what the element functions of
// element.h compute (Elem<Half>, Elem<BFloat16>). f16 uses the CPU's conversion instructions
// (F16C, on the AVX2 and AVX-512 targets; older targets run the scalar functions); bf16 is a
// shift or a mask one way and an integer rounding the other.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "pto/interp/host_simd/simd_half.cc"
#include <algorithm>
#include <type_traits>

#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "pto/common/float_format.h"
#include "pto/interp/element/element.h"
#include "pto/interp/host_simd/simd.h"
#include "pto/interp/host_simd/simd_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;

// The element functions, for tails and targets without a SIMD path.
float LoadScalar(HalfType t, uint16_t bits) {
  return t == HalfType::kF16 ? HalfToFloat(bits) : BF16ToFloat(bits);
}
uint16_t StoreScalar(HalfType t, float v) {
  return t == HalfType::kF16 ? FloatToHalf(v) : FloatToBF16(v);
}

// Calls fn with the type and the operation as compile-time constants.
template <typename Fn>
void WithHalfOp(HalfType t, Binary op, Fn&& fn) {
  using H = HalfType;
  if (t == H::kF16) {
    return WithBinaryOp(op, [&](auto kop) { fn(std::integral_constant<H, H::kF16>{}, kop); });
  }
  WithBinaryOp(op, [&](auto kop) { fn(std::integral_constant<H, H::kBF16>{}, kop); });
}

#if HWY_TARGET <= HWY_AVX2  // AVX2 and AVX-512 targets have F16C
#define PTO_SIMD_HALF 1

using DU32 = hn::RebindToUnsigned<DF>;
using DU16 = hn::Repartition<uint16_t, DF>;   // a full register of 16-bit lanes
using DBits = hn::Rebind<uint16_t, DF>;       // one f32 register's elements as 16-bit patterns
using DF16 = hn::Rebind<hwy::float16_t, DF>;

// f16 through the CPU's conversions: exact one way, nearest even the other.
VF LoadF16(const uint16_t* p) {
  return hn::PromoteTo(DF(), hn::BitCast(DF16(), hn::LoadU(DBits(), p)));
}
void StoreF16(VF v, uint16_t* p) {
  hn::StoreU(hn::BitCast(DBits(), hn::DemoteTo(DF16(), v)), DBits(), p);
}

// bf16 without widening: the 16-bit lanes seen as 32-bit words hold an even element in their
// low half and an odd one in their high half; each half becomes an f32 by moving it to (or
// keeping it in) the high half.
hn::Vec<DU32> Words(const uint16_t* p) { return hn::BitCast(DU32(), hn::LoadU(DU16(), p)); }
VF Even(hn::Vec<DU32> w) { return hn::BitCast(DF(), hn::ShiftLeft<16>(w)); }
VF Odd(hn::Vec<DU32> w) { return hn::BitCast(DF(), hn::And(w, hn::Set(DU32(), 0xFFFF0000u))); }

// The f32 results of the even and odd elements, rounded to nearest even and stored as bf16
// pairs. The truncated results (high halves) and the bits below them go into matching 16-bit
// lanes; a lane rounds up when below + 0x7FFF + (its lowest bit) carries out of 16 bits, and
// that carry is bit 15 of the rounded average of below and 0x7FFE + lsb.
// No NaN case: the operands are widened bf16 values (low halves zero), so a NaN result (a
// quieted operand or the default NaN) has a zero low half and its quiet bit set already,
// which is what FloatToBF16 returns for it.
void StorePairs(VF even, VF odd, uint16_t* p) {
  const DU32 du;
  const DU16 d16;
  const auto high = hn::Set(du, 0xFFFF0000u);
  const auto e = hn::BitCast(du, even), o = hn::BitCast(du, odd);
  const auto truncated = hn::BitCast(d16, hn::IfVecThenElse(high, o, hn::ShiftRight<16>(e)));
  const auto below = hn::BitCast(d16, hn::IfVecThenElse(high, hn::ShiftLeft<16>(o), e));
  const auto half = hn::OrAnd(hn::Set(d16, 0x7FFE), truncated, hn::Set(d16, 1));
  const auto carry = hn::ShiftRight<15>(hn::AverageRound(below, half));
  hn::StoreU(hn::Add(truncated, carry), d16, p);
}

// Elements per step: two f32 registers (bf16 pairs; f16 two conversions in flight).
constexpr size_t kMaxStep = 2 * HWY_MAX_BYTES / sizeof(float);
#endif

// What a loop computes per element: a op b (two tiles), a op k or k op a (tile and scalar).
enum class Form : uint8_t { kTiles, kTileScalar, kScalarTile };

template <Form kForm, Binary kOp>
struct HalfOp {
  float k;
  template <class V>
  V operator()(V a, V b) const {
    if constexpr (kForm == Form::kTiles) {
      return BinaryLanes<kOp>(a, b);
    } else {
      const V vk = hn::Set(hn::DFromV<V>(), k);
      return kForm == Form::kTileScalar ? BinaryLanes<kOp>(a, vk) : BinaryLanes<kOp>(vk, a);
    }
  }
  float operator()(float a, float b) const {
    if constexpr (kForm == Form::kTiles) return ApplyBinary(kOp, a, b);
    return kForm == Form::kTileScalar ? ApplyBinary(kOp, a, k) : ApplyBinary(kOp, k, a);
  }
};

#ifdef PTO_SIMD_HALF
// One step, two f32 registers of elements: d from a (and b with two tiles).
template <HalfType kType, Form kForm, Binary kOp>
void HalfStep(const uint16_t* a, const uint16_t* b, uint16_t* d, HalfOp<kForm, kOp> op) {
  constexpr bool kTwo = kForm == Form::kTiles;
  if constexpr (kType == HalfType::kBF16) {
    const auto wa = Words(a), wb = kTwo ? Words(b) : wa;
    StorePairs(op(Even(wa), Even(wb)), op(Odd(wa), Odd(wb)), d);
  } else {
    const size_t lanes = hn::Lanes(DF());
    const VF a0 = LoadF16(a), a1 = LoadF16(a + lanes);
    const VF x0 = op(a0, kTwo ? LoadF16(b) : a0), x1 = op(a1, kTwo ? LoadF16(b + lanes) : a1);
    StoreF16(x0, d);
    StoreF16(x1, d + lanes);
  }
}
#endif

// d[i] = op(a[i], b[i]) for i < n (b only with two tiles): whole steps, then the tail as one
// more step on copies whose extra lanes are discarded.
template <HalfType kType, Form kForm, Binary kOp>
void HalfLoop(const uint16_t* a, const uint16_t* b, uint16_t* d, size_t n,
              HalfOp<kForm, kOp> op) {
  constexpr bool kTwo = kForm == Form::kTiles;
  size_t i = 0;
#ifdef PTO_SIMD_HALF
  const size_t step = 2 * hn::Lanes(DF());
  for (; i + step <= n; i += step) HalfStep<kType>(a + i, kTwo ? b + i : b, d + i, op);
  if (i < n) {
    uint16_t ta[kMaxStep] = {}, tb[kMaxStep] = {}, td[kMaxStep];
    std::copy(a + i, a + n, ta);
    if (kTwo) std::copy(b + i, b + n, tb);
    HalfStep<kType>(ta, tb, td, op);
    std::copy(td, td + (n - i), d + i);
  }
#endif
  for (; i < n; ++i) {
    const float x = LoadScalar(kType, a[i]);
    d[i] = StoreScalar(kType, op(x, kTwo ? LoadScalar(kType, b[i]) : x));
  }
}

void BinaryHalfRowsImpl(HalfType t, Binary op, const uint16_t* a, size_t lda, const uint16_t* b,
                        size_t ldb, uint16_t* d, size_t ldd, size_t rows, size_t cols) {
  WithHalfOp(t, op, [=](auto type, auto kop) {
    const HalfOp<Form::kTiles, decltype(kop)::value> f{0.0f};
    constexpr HalfType kType = decltype(type)::value;
    if (lda == cols && ldb == cols && ldd == cols) {  // rows that follow each other run as one
      return HalfLoop<kType>(a, b, d, rows * cols, f);
    }
    for (size_t r = 0; r < rows; ++r) {
      HalfLoop<kType>(a + r * lda, b + r * ldb, d + r * ldd, cols, f);
    }
  });
}

void ScalarHalfImpl(HalfType t, Binary op, const uint16_t* a, float k, bool scalar_first,
                    uint16_t* d, size_t n) {
  WithHalfOp(t, op, [=](auto type, auto kop) {
    constexpr HalfType kType = decltype(type)::value;
    constexpr Binary kOp = decltype(kop)::value;
    if (scalar_first) return HalfLoop<kType>(a, nullptr, d, n, HalfOp<Form::kScalarTile, kOp>{k});
    HalfLoop<kType>(a, nullptr, d, n, HalfOp<Form::kTileScalar, kOp>{k});
  });
}

#undef PTO_SIMD_HALF

}  // namespace pto::interp::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace pto::interp::simd {

HWY_EXPORT(BinaryHalfRowsImpl);
HWY_EXPORT(ScalarHalfImpl);

void BinaryHalfRows(HalfType t, Binary op, const uint16_t* a, size_t lda, const uint16_t* b,
                    size_t ldb, uint16_t* d, size_t ldd, size_t rows, size_t cols) {
  HWY_DYNAMIC_DISPATCH(BinaryHalfRowsImpl)(t, op, a, lda, b, ldb, d, ldd, rows, cols);
}
void ScalarHalf(HalfType t, Binary op, const uint16_t* a, float k, bool scalar_first, uint16_t* d,
                size_t n) {
  HWY_DYNAMIC_DISPATCH(ScalarHalfImpl)(t, op, a, k, scalar_first, d, n);
}

}  // namespace pto::interp::simd
#endif
