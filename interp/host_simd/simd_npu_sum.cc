// Highway loops for the NPU's f32 row sums (interp/tile/npu_sum.h): the same additions in
// the same order, so the results are bit for bit the scalar ones. A repeat's vcadd, the tree of
// halves over 64 lanes, is vector halves added across a repeat's registers, then each
// register's halves within it.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "pto/interp/host_simd/simd_npu_sum.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include <algorithm>
#include <vector>

#include "hwy/highway.h"
#include "pto/interp/host_simd/simd.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;

/// f32 lanes of one 256-byte repeat.
constexpr size_t kRepeat = 64;
constexpr size_t kRegs = kRepeat / hn::MaxLanes(DF()) > 0 ? kRepeat / hn::MaxLanes(DF()) : 1;

// The tree of halves of one register's lanes.
template <class D>
HWY_INLINE float LaneTree(D d, hn::Vec<D> v) {
#if HWY_TARGET == HWY_SCALAR  // one lane, and no UpperHalf
  (void)d;
  return hn::GetLane(v);
#else
  if constexpr (hn::MaxLanes(D()) <= 1) {
    (void)d;
    return hn::GetLane(v);
  } else {
    const hn::Half<D> dh;
    return LaneTree(dh, hn::Add(hn::LowerHalf(dh, v), hn::UpperHalf(dh, v)));
  }
#endif
}

// vcadd of the repeat at a: lanes [active, 64) count as 0.
HWY_INLINE float RepeatSum(const float* a, size_t active) {
  const DF d;
  alignas(64) float padded[kRepeat];
  if (active < kRepeat) {
    std::fill(std::copy(a, a + active, padded), padded + kRepeat, 0.0f);
    a = padded;
  }
  VF v[kRegs];
  for (size_t k = 0; k < kRegs; ++k) v[k] = hn::LoadU(d, a + k * hn::Lanes(d));
  for (size_t w = kRegs / 2; w >= 1; w /= 2) {
    for (size_t i = 0; i < w; ++i) v[i] = hn::Add(v[i], v[i + w]);
  }
  return LaneTree(d, v[0]);
}

// d = a + b, one repeat.
HWY_INLINE void AddRepeat(const float* a, const float* b, float* d) {
  const DF df;
  for (size_t k = 0; k < kRepeat; k += hn::Lanes(df)) {
    hn::StoreU(hn::Add(hn::LoadU(df, a + k), hn::LoadU(df, b + k)), df, d + k);
  }
}

float RowA5(const float* a, size_t cols) {
  float acc = 0.0f;
  for (size_t j = 0; j < cols; j += kRepeat) acc += RepeatSum(a + j, std::min(kRepeat, cols - j));
  return acc;
}

float RowA2A3(const float* a, size_t cols, std::vector<float>& tmp) {
  if (cols <= kRepeat) return RepeatSum(a, cols);
  const size_t n = cols / kRepeat, remain = cols % kRepeat;
  tmp.resize(std::max<size_t>(1, n / 2) * kRepeat);
  float* t = tmp.data();
  if (n == 1) std::copy(a, a + kRepeat, t);
  for (size_t i = 0; i < n / 2; ++i) AddRepeat(a + 2 * i * kRepeat, a + (2 * i + 1) * kRepeat, t + i * kRepeat);
  if (n != 1 && n % 2 == 1) AddRepeat(t, a + (n - 1) * kRepeat, t);
  for (size_t k = 0; k < remain; ++k) t[k] += a[n * kRepeat + k];  // only the tail's lanes
  for (size_t len = n / 2; len > 1;) {
    for (size_t i = 0; i < len / 2; ++i) AddRepeat(t + 2 * i * kRepeat, t + (2 * i + 1) * kRepeat, t + i * kRepeat);
    const bool odd = len % 2 == 1;
    len /= 2;
    if (odd) AddRepeat(t + (len - 1) * kRepeat, t + 2 * len * kRepeat, t + (len - 1) * kRepeat);
  }
  return RepeatSum(t, kRepeat);
}

void NpuRowSumsA5(const float* a, size_t lda, size_t rows, size_t cols, float* d, size_t ldd) {
  for (size_t r = 0; r < rows; ++r) d[r * ldd] = RowA5(a + r * lda, cols);
}

void NpuRowSumsA2A3(const float* a, size_t lda, size_t rows, size_t cols, float* d, size_t ldd) {
  std::vector<float> tmp;
  for (size_t r = 0; r < rows; ++r) d[r * ldd] = RowA2A3(a + r * lda, cols, tmp);
}

RowSumsLoopFn NpuRowSumsF32LoopImpl(bool a5) { return a5 ? &NpuRowSumsA5 : &NpuRowSumsA2A3; }

}  // namespace pto::interp::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace pto::interp::simd {

HWY_EXPORT(NpuRowSumsF32LoopImpl);

RowSumsLoopFn NpuRowSumsF32Loop(bool a5) { return HWY_DYNAMIC_DISPATCH(NpuRowSumsF32LoopImpl)(a5); }

}  // namespace pto::interp::simd
#endif  // HWY_ONCE
