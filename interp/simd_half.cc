// Vector loops for f16 and bf16 tiles: each element widened to f32 (exact), the f32 operation,
// then rounded to nearest even back to 16 bits, which is what the element functions of
// element.h compute (Elem<Half>, Elem<BFloat16>). f16 uses the CPU's conversion instructions
// (F16C, on the AVX2 and AVX-512 targets; older targets run the scalar functions); bf16 is a
// shift one way and a rounding add the other.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "interp/simd_half.cc"
#include <type_traits>

#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "common/float_format.h"
#include "interp/element.h"
#include "interp/simd.h"
#include "interp/simd_ops-inl.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;
using DU16 = hn::Rebind<uint16_t, DF>;  // as many 16-bit lanes as f32 lanes

// The element functions, for tails and targets without a vector path.
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
#define PTO_VECTOR_HALF 1

template <HalfType t>
VF Load(const uint16_t* p) {
  const DF df;
  const DU16 du16;
  if constexpr (t == HalfType::kF16) {
    const hn::Rebind<hwy::float16_t, DF> df16;
    return hn::PromoteTo(df, hn::BitCast(df16, hn::LoadU(du16, p)));
  }
  const hn::RebindToUnsigned<DF> du32;
  return hn::BitCast(df, hn::ShiftLeft<16>(hn::PromoteTo(du32, hn::LoadU(du16, p))));
}

template <HalfType t>
void Store(VF v, uint16_t* p) {
  const DU16 du16;
  if constexpr (t == HalfType::kF16) {
    const hn::Rebind<hwy::float16_t, DF> df16;
    hn::StoreU(hn::BitCast(du16, hn::DemoteTo(df16, v)), du16, p);
  } else {
  // Round to nearest even at bit 16; NaN keeps its top bits and becomes quiet.
  const hn::RebindToUnsigned<DF> du32;
  const auto bits = hn::BitCast(du32, v);
  const auto lsb = hn::And(hn::ShiftRight<16>(bits), hn::Set(du32, 1u));
  auto rounded = hn::ShiftRight<16>(hn::Add(bits, hn::Add(hn::Set(du32, 0x7FFFu), lsb)));
  const auto abs = hn::And(bits, hn::Set(du32, 0x7FFFFFFFu));
  const auto is_nan = hn::Gt(abs, hn::Set(du32, 0x7F800000u));
  rounded =
      hn::IfThenElse(is_nan, hn::Or(hn::ShiftRight<16>(bits), hn::Set(du32, 0x40u)), rounded);
  // The results fit in 16 bits, so the saturating demotion from i32 keeps them.
  const hn::RebindToSigned<decltype(du32)> di32;
  hn::StoreU(hn::DemoteTo(du16, hn::BitCast(di32, rounded)), du16, p);
  }
}

// bf16 two vectors at a time without widening: the u16 lanes seen as u32 hold an even element
// in their low half and an odd one in their high half; each half becomes an f32 by moving it
// to (or keeping it in) the high half, and the rounded results are put back the same way.
using DU32 = hn::RebindToUnsigned<DF>;

hn::Vec<DU32> RoundedHigh(VF v) {
  const DU32 du;
  const auto bits = hn::BitCast(du, v);
  const auto lsb = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u));
  const auto rounded = hn::Add(bits, hn::Add(hn::Set(du, 0x7FFFu), lsb));
  const auto is_nan = hn::Gt(hn::And(bits, hn::Set(du, 0x7FFFFFFFu)), hn::Set(du, 0x7F800000u));
  return hn::IfThenElse(is_nan, hn::Or(bits, hn::Set(du, 0x00400000u)), rounded);
}

template <typename Op>
void BF16Pairs(const uint16_t* a, const uint16_t* b, uint16_t* d, Op op) {
  const DF df;
  const DU32 du;
  const hn::Repartition<uint16_t, DF> du16;
  const auto high = hn::Set(du, 0xFFFF0000u);
  auto split = [&](const uint16_t* p, VF* even, VF* odd) {
    const auto w = hn::BitCast(du, hn::LoadU(du16, p));
    *even = hn::BitCast(df, hn::ShiftLeft<16>(w));
    *odd = hn::BitCast(df, hn::And(w, high));
  };
  VF ae, ao, be, bo;
  split(a, &ae, &ao);
  if (b) split(b, &be, &bo);
  const auto even = RoundedHigh(op(ae, be));
  const auto odd = RoundedHigh(op(ao, bo));
  hn::StoreU(hn::BitCast(du16, hn::Or(hn::And(odd, high), hn::ShiftRight<16>(even))), du16, d);
}
#endif

void BinaryHalfRowsImpl(HalfType t, Binary op, const uint16_t* a, size_t lda, const uint16_t* b,
                        size_t ldb, uint16_t* d, size_t ldd, size_t rows, size_t cols) {
  WithHalfOp(t, op, [&]([[maybe_unused]] auto type, [[maybe_unused]] auto kop) {
    for (size_t r = 0; r < rows; ++r) {
      const uint16_t* ar = a + r * lda;
      const uint16_t* br = b + r * ldb;
      uint16_t* dr = d + r * ldd;
      size_t i = 0;
#ifdef PTO_VECTOR_HALF
      const size_t lanes = hn::Lanes(DF());
      if constexpr (type() == HalfType::kBF16) {
        for (; i + 2 * lanes <= cols; i += 2 * lanes) {
          BF16Pairs(ar + i, br + i, dr + i, [&](VF x, VF y) { return BinaryVec<kop()>(x, y); });
        }
      }
      for (; i + lanes <= cols; i += lanes) {
        Store<type()>(BinaryVec<kop()>(Load<type()>(ar + i), Load<type()>(br + i)), dr + i);
      }
#endif
      for (; i < cols; ++i) {
        dr[i] = StoreScalar(t, ApplyBinary(op, LoadScalar(t, ar[i]), LoadScalar(t, br[i])));
      }
    }
  });
}

void ScalarHalfImpl(HalfType t, Binary op, const uint16_t* a, float k, bool scalar_first,
                    uint16_t* d, size_t n) {
  WithHalfOp(t, op, [&]([[maybe_unused]] auto type, [[maybe_unused]] auto kop) {
    size_t i = 0;
#ifdef PTO_VECTOR_HALF
    const DF df;
    const size_t lanes = hn::Lanes(df);
    const VF vk = hn::Set(df, k);
    if constexpr (type() == HalfType::kBF16) {
      for (; i + 2 * lanes <= n; i += 2 * lanes) {
        BF16Pairs(a + i, nullptr, d + i, [&](VF x, VF) {
          return scalar_first ? BinaryVec<kop()>(vk, x) : BinaryVec<kop()>(x, vk);
        });
      }
    }
    for (; i + lanes <= n; i += lanes) {
      const VF v = Load<type()>(a + i);
      Store<type()>(scalar_first ? BinaryVec<kop()>(vk, v) : BinaryVec<kop()>(v, vk), d + i);
    }
#endif
    for (; i < n; ++i) {
      const float v = LoadScalar(t, a[i]);
      d[i] = StoreScalar(t, scalar_first ? ApplyBinary(op, k, v) : ApplyBinary(op, v, k));
    }
  });
}

#undef PTO_VECTOR_HALF

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
