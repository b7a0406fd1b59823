// The VecReduce family (micro-isa 10): reductions of a vector register into its low lanes, the
// other lanes zero. Inactive lanes count as the operation's identity (0 for sums, -inf or the
// type's minimum for max, +inf or its maximum for min).
//
// - vcadd: the sum in lane 0 (8- and 16-bit integers widen to 16 and 32 bits; integers wrap).
// - vcmax, vcmin: the extremum in lane 0 and the index of its first occurrence in lane 1 (an
//   unsigned integer of the lane's width); a NaN lane wins over numbers (the first NaN).
// - vcgadd, vcgmax, vcgmin: one result per 32-byte block, in lanes 0..7.
// - vcpadd: a[2i] + a[2i+1] in lane i of the low half (the NPU's pair reduction; the
//   page's prefix-sum description disagrees with its cases, docs/semantics.md).
// Float sums add in f32 in a tree of halves (interp/element/vector_sum.h), rounded once to f16 at the
// end for f16 lanes.
#include <cmath>
#include <cstring>
#include <limits>

#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/element/vector_sum.h"

namespace pto::interp {

namespace ops {
struct ReduceAdd {};
struct ReduceMax {};
struct ReduceMin {};
struct GroupAdd {};
struct GroupMax {};
struct GroupMin {};
struct PairAdd {};
}  // namespace ops

namespace {

template <typename T>
using Compute = typename Elem<T>::C;

// The active lanes [first, first + n) of x as compute values, inactive ones as \a identity.
template <typename T>
void Gather(const reg::LaneArray<T>& x, const MaskValue& m, int first, int n,
            Compute<T> identity, Compute<T>* out) {
  for (int i = 0; i < n; ++i) {
    out[i] = reg::LaneActive(m, first + i, sizeof(T)) ? Elem<T>::Load(x[first + i]) : identity;
  }
}

template <typename T, bool kMax>
Compute<T> Identity() {
  if constexpr (Elem<T>::kFloat) {
    return kMax ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  } else {
    return kMax ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
  }
}

// The extremum of lanes [first, first + n) and the index (from first) of its first occurrence.
template <typename T, bool kMax>
std::pair<Compute<T>, int> Extremum(const reg::LaneArray<T>& x, const MaskValue& m, int first,
                                    int n) {
  Compute<T> best = Identity<T, kMax>();
  int index = 0;
  bool found = false, nan = false;
  for (int i = 0; i < n; ++i) {
    if (!reg::LaneActive(m, first + i, sizeof(T))) continue;
    const Compute<T> v = Elem<T>::Load(x[first + i]);
    if constexpr (Elem<T>::kFloat) {
      if (nan) continue;
      if (std::isnan(v)) {
        best = v, index = i, nan = true;
        continue;
      }
    }
    if (!found || (kMax ? v > best : v < best)) best = v, index = i;
    found = true;
  }
  return {best, index};
}

template <typename Op, typename T>
void Reduce(const VRegValue& a, const MaskValue& m, VRegValue& d) {
  constexpr int n = reg::kLanes<T>;
  const reg::LaneArray<T> x(a);
  alignas(64) Compute<T> v[n];
  if constexpr (std::is_same_v<Op, ops::ReduceAdd>) {
    // 8- and 16-bit integer sums widen (the rules check the result type).
    using U = std::conditional_t<std::is_same_v<T, int8_t>, int16_t,
              std::conditional_t<std::is_same_v<T, uint8_t>, uint16_t,
              std::conditional_t<std::is_same_v<T, int16_t>, int32_t,
              std::conditional_t<std::is_same_v<T, uint16_t>, uint32_t, T>>>>;
    Gather(x, m, 0, n, Compute<T>{}, v);
    reg::LaneArray<U> out;
    out[0] = Elem<U>::Store(static_cast<typename Elem<U>::C>(TreeSum(v, n)));
    std::memcpy(d.bytes, out.v, kVectorBytes);
  } else if constexpr (std::is_same_v<Op, ops::ReduceMax> || std::is_same_v<Op, ops::ReduceMin>) {
    const auto [best, index] = Extremum<T, std::is_same_v<Op, ops::ReduceMax>>(x, m, 0, n);
    reg::LaneArray<T> out;
    out[0] = Elem<T>::Store(best);
    using Index = std::conditional_t<sizeof(T) == 1, uint8_t,
                  std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>>;
    const Index i = static_cast<Index>(index);
    std::memcpy(&out[1], &i, sizeof(T));
    std::memcpy(d.bytes, out.v, kVectorBytes);
  } else if constexpr (std::is_same_v<Op, ops::PairAdd>) {
    Gather(x, m, 0, n, Compute<T>{}, v);
    reg::LaneArray<T> out;
    for (int i = 0; i < n / 2; ++i) out[i] = Elem<T>::Store(v[2 * i] + v[2 * i + 1]);
    std::memcpy(d.bytes, out.v, kVectorBytes);
  } else {
    // Per 32-byte block.
    constexpr int k = 32 / static_cast<int>(sizeof(T));
    reg::LaneArray<T> out;
    for (int g = 0; g < n / k; ++g) {
      if constexpr (std::is_same_v<Op, ops::GroupAdd>) {
        Gather(x, m, g * k, k, Compute<T>{}, v);
        out[g] = Elem<T>::Store(TreeSum(v, k));
      } else {
        out[g] = Elem<T>::Store(
            Extremum<T, std::is_same_v<Op, ops::GroupMax>>(x, m, g * k, k).first);
      }
    }
    std::memcpy(d.bytes, out.v, kVectorBytes);
  }
}

}  // namespace

template <typename Op>
bool ExecVecReduce(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const VRegValue& a = ex.vreg(o[1]);
  const MaskValue& m = ex.mask(o[2]);
  VRegValue& d = ex.vreg(o[0]);
  WithStorageType(reg::VRegType(ex, o[1]), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (sizeof(T) <= 4) Reduce<Op, T>(a, m, d);
  });
  return true;
}

#define PTO_IMPLEMENTS_VecReduce PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
