// The VmiSfu family (vmi-isa 07, 03): fused and special functions on logical vectors, as the
// register layer's (interp/register/sfu.cc) on each lane; inactive lanes of a result are zero.
//
// - vmula: acc + a * b, rounded once (integers wrap); vaxpy: alpha * x + acc, rounded once.
// - vlrelu: x where x >= 0 (-0 too), else slope * x; vprelu the same with a slope per lane.
// - vexpdif: exp(x - max) of f16 or f32 lanes into f32 lanes, as vexpdif does.
// - vmull: the 64-bit product of 32-bit lanes, its low and high words (signed for si32 and
//   signless i32, unsigned for ui32, as the VMI pages say).
// - vselr: lane i = source[index[i]]; an index outside the lanes faults at the op.
// - vaddc / vaddcs: 32-bit adds with a carry mask out (and in), as the register layer's.
#include <cmath>
#include <cstring>
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace ops {
struct MulAdd {};
struct Axpy {};
struct LeakyScalar {};
struct LeakyLanes {};
struct ExpDifLanes {};
struct MulWide {};
struct Permute {};
struct CarryAdd {};
struct CarryAddIn {};
}  // namespace ops

namespace {

template <typename Op, typename T>
void FusedLanes(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  T* d = vmi::Lanes<T>(ex, o[0]);
  const T* a = vmi::Lanes<T>(ex, o[1]);
  std::vector<T> out(static_cast<size_t>(n));
  if constexpr (std::is_same_v<Op, ops::MulAdd>) {  // acc, lhs, rhs, mask
    const T* b = vmi::Lanes<T>(ex, o[2]);
    const T* c = vmi::Lanes<T>(ex, o[3]);
    for (int i = 0; i < n; ++i) out[size_t(i)] = reg::FusedMulAdd(b[i], c[i], a[i]);
  } else if constexpr (std::is_same_v<Op, ops::Axpy>) {  // x, acc, alpha, mask
    const T* acc = vmi::Lanes<T>(ex, o[2]);
    const T k = Elem<T>::Store(ScalarAs<T>(ex, o[3]));
    for (int i = 0; i < n; ++i) out[size_t(i)] = reg::FusedMulAdd(k, a[i], acc[i]);
  } else if constexpr (std::is_same_v<Op, ops::LeakyScalar>) {  // x, slope, mask
    const float k = ScalarAs<T>(ex, o[2]);
    for (int i = 0; i < n; ++i) out[size_t(i)] = reg::Leaky(a[i], k);
  } else {  // vprelu: x, alpha, mask
    const T* alpha = vmi::Lanes<T>(ex, o[2]);
    for (int i = 0; i < n; ++i) out[size_t(i)] = reg::Leaky(a[i], Elem<T>::Load(alpha[i]));
  }
  const uint32_t mask = in.operands[std::is_same_v<Op, ops::MulAdd> || std::is_same_v<Op, ops::Axpy> ? 4 : 3];
  vmi::ZeroInactive(vmi::MaskOf(ex, mask), out.data(), n);
  std::memcpy(d, out.data(), out.size() * sizeof(T));
}

template <typename T>
void ExpDifLanes(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const T* x = vmi::Lanes<T>(ex, o[1]);
  const T* m = vmi::Lanes<T>(ex, o[2]);
  std::vector<float> out(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) out[size_t(i)] = std::exp(Elem<T>::Load(x[i]) - Elem<T>::Load(m[i]));
  vmi::ZeroInactive(vmi::MaskOf(ex, o[3]), out.data(), n);
  std::memcpy(ex.lvec(o[0]), out.data(), out.size() * sizeof(float));
}

void WideLanes(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const bool is_unsigned = vmi::VecType(ex, o[2]) == DType::kU32;
  const vmi::Governing m = vmi::MaskOf(ex, o[4]);
  std::vector<uint32_t> lo(static_cast<size_t>(n)), hi(static_cast<size_t>(n));
  const uint32_t* a = vmi::Lanes<uint32_t>(ex, o[2]);
  const uint32_t* b = vmi::Lanes<uint32_t>(ex, o[3]);
  for (int i = 0; i < n; ++i) {
    if (!m.On(i)) continue;
    const uint64_t p = is_unsigned ? uint64_t{a[i]} * b[i]
                                   : static_cast<uint64_t>(int64_t{static_cast<int32_t>(a[i])} *
                                                           static_cast<int32_t>(b[i]));
    lo[size_t(i)] = static_cast<uint32_t>(p);
    hi[size_t(i)] = static_cast<uint32_t>(p >> 32);
  }
  std::memcpy(ex.lvec(o[0]), lo.data(), lo.size() * 4);
  std::memcpy(ex.lvec(o[1]), hi.data(), hi.size() * 4);
}

bool PermuteLanes(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const int esz = DTypeSize(vmi::VecType(ex, o[0]));
  const uint8_t* src = ex.lvec(o[1]);
  const uint8_t* idx = ex.lvec(o[2]);
  std::vector<uint8_t> out(static_cast<size_t>(n) * esz);
  for (int i = 0; i < n; ++i) {
    uint64_t k = 0;
    std::memcpy(&k, idx + int64_t{i} * esz, static_cast<size_t>(esz));  // little-endian
    if (k >= static_cast<uint64_t>(n)) {
      return ex.Fault(StrCat("index ", k, " in lane ", i, " is not a lane of the ", n,
                             "-lane source"));
    }
    std::memcpy(&out[size_t(i) * esz], src + k * esz, static_cast<size_t>(esz));
  }
  std::memcpy(ex.lvec(o[0]), out.data(), out.size());
  return true;
}

// vaddc / vaddcs: 32-bit sums on the lanes' bit patterns, the carry out bit 32 of a + b
// (+ carry in), as the register layer's vaddc; an inactive lane gives 0 and no carry.
void CarryLanes(Executor& ex, const Instr& in, bool carry_in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const uint32_t* a = vmi::Lanes<uint32_t>(ex, o[2]);
  const uint32_t* b = vmi::Lanes<uint32_t>(ex, o[3]);
  const uint8_t* c = carry_in ? ex.lmask(o[4]) : nullptr;
  const vmi::Governing m = vmi::MaskOf(ex, o[carry_in ? 5 : 4]);
  std::vector<uint32_t> sum(static_cast<size_t>(n));
  std::vector<uint8_t> carry(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const uint64_t r = uint64_t{a[i]} + b[i] + (c && c[i] ? 1 : 0);
    sum[size_t(i)] = m.On(i) ? static_cast<uint32_t>(r) : 0;
    carry[size_t(i)] = m.On(i) && (r >> 32) != 0;
  }
  std::memcpy(ex.lvec(o[0]), sum.data(), sum.size() * sizeof(uint32_t));
  std::memcpy(ex.lmask(o[1]), carry.data(), carry.size());
}

}  // namespace

template <typename Op>
bool ExecVmiSfu(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::MulWide>) {
    WideLanes(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::CarryAdd> || std::is_same_v<Op, ops::CarryAddIn>) {
    CarryLanes(ex, in, std::is_same_v<Op, ops::CarryAddIn>);
  } else if constexpr (std::is_same_v<Op, ops::Permute>) {
    return PermuteLanes(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::ExpDifLanes>) {
    WithStorageType(vmi::VecType(ex, in.operands[1]), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (Elem<T>::kFloat) ExpDifLanes<T>(ex, in);
    });
  } else {
    WithStorageType(vmi::VecType(ex, in.operands[0]), [&](auto tag) {
      using T = decltype(tag);
      constexpr bool kFloatOnly = !std::is_same_v<Op, ops::MulAdd>;
      if constexpr (!kFloatOnly || Elem<T>::kFloat) FusedLanes<Op, T>(ex, in);
    });
  }
  return true;
}

#define PTO_IMPLEMENTS_VmiSfu PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
