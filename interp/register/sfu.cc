// The VecSfu family (micro-isa 13): the leaky ReLU with per-lane slopes (vprelu; vlrelu, the
// scalar-slope form, is a VecScalar op: vec_scalar.cc), exp(x - max) into f32 lanes (vexpdif),
// fused multiply-adds (vaxpy, vmula), the widening 32-bit multiply (vmull) and index vectors
// (vci). Inactive lanes of a result are zero, except vmula's, which keep the accumulator (the
// NPU's destination register is the accumulator).
#include <cmath>
#include <cstring>

#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct VPrelu {};
struct VExpDif {};
struct VAxpy {};
struct VMula {};
struct VMull {};
struct Vci {};
}  // namespace ops

namespace {

template <typename T>
T* Lanes(VRegValue& v) {
  return reinterpret_cast<T*>(v.bytes);
}
template <typename T>
const T* Lanes(const VRegValue& v) {
  return reinterpret_cast<const T*>(v.bytes);
}

// vexpdif: exp(a - b) of f16 or f32 lanes into f32 lanes. An f16 source has twice the lanes:
// parity 0 (EVEN) reads lanes 0, 2, 4 ..., 1 (ODD) lanes 1, 3, 5 ...; an f32 one every lane.
template <typename T>
void ExpDif(const VRegValue& a, const VRegValue& b, const MaskValue& m, int parity,
            VRegValue& d) {
  constexpr int kStep = sizeof(float) / sizeof(T);
  float* out = Lanes<float>(d);
  for (int j = 0; j < kVectorBytes / 4; ++j) {
    const int i = kStep == 1 ? j : 2 * j + parity;
    if (!reg::LaneActive(m, i, sizeof(T))) continue;
    const float x = Elem<T>::Load(Lanes<T>(a)[i]), y = Elem<T>::Load(Lanes<T>(b)[i]);
    out[j] = std::exp(x - y);
  }
}

// vmull: the 64-bit product of 32-bit lanes, its low and high words.
template <typename T>
void WideningMul(const VRegValue& a, const VRegValue& b, const MaskValue& m, VRegValue& lo,
                 VRegValue& hi) {
  using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
  for (int i = 0; i < kVectorBytes / 4; ++i) {
    if (!reg::LaneActive(m, i, 4)) continue;
    const uint64_t p = static_cast<uint64_t>(Wide{Lanes<T>(a)[i]} * Wide{Lanes<T>(b)[i]});
    Lanes<uint32_t>(lo)[i] = static_cast<uint32_t>(p);
    Lanes<uint32_t>(hi)[i] = static_cast<uint32_t>(p >> 32);
  }
}

}  // namespace

template <typename Op>
bool ExecVecSfu(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const DType dtype = reg::VRegType(ex, o[0]);
  VRegValue d{}, hi{};
  if constexpr (std::is_same_v<Op, ops::VExpDif>) {
    const uint32_t parity = o[4];
    const VRegValue &a = ex.vreg(o[1]), &b = ex.vreg(o[2]);
    const MaskValue& m = ex.mask(o[3]);
    if (reg::VRegType(ex, o[1]) == DType::kF16) {
      ExpDif<Half>(a, b, m, static_cast<int>(parity), d);
    } else {
      ExpDif<float>(a, b, m, 0, d);
    }
    ex.vreg(o[0]) = d;
    return true;
  }
  if constexpr (std::is_same_v<Op, ops::Vci>) {
    const bool descending = o[2] != 0;
    const Slot base = ex.scalar(o[1]);
    WithStorageType(dtype, [&](auto tag) {
      using T = decltype(tag);
      using E = Elem<T>;
      for (int i = 0; i < kVectorBytes / static_cast<int>(sizeof(T)); ++i) {
        if constexpr (E::kFloat) {
          Lanes<T>(d)[i] = E::Store(E::FromDouble(descending ? base.f - i : base.f + i));
        } else {
          Lanes<T>(d)[i] = E::Store(descending ? ops::WrapSub(base.i, i) : ops::WrapAdd(base.i, i));
        }
      }
    });
    ex.vreg(o[0]) = d;
    return true;
  }
  if constexpr (std::is_same_v<Op, ops::VMull>) {
    const MaskValue& m = ex.mask(o[4]);
    if (dtype == DType::kI32) {
      WideningMul<int32_t>(ex.vreg(o[2]), ex.vreg(o[3]), m, d, hi);
    } else {
      WideningMul<uint32_t>(ex.vreg(o[2]), ex.vreg(o[3]), m, d, hi);
    }
    ex.vreg(o[0]) = d;
    ex.vreg(o[1]) = hi;
    return true;
  }
  bool ok = true;
  WithStorageType(dtype, [&](auto tag) {
    using T = decltype(tag);
    constexpr int kLanes = kVectorBytes / sizeof(T);
    const T* a = Lanes<T>(ex.vreg(o[1]));
    const T* b = Lanes<T>(ex.vreg(o[2]));
    T* out = Lanes<T>(d);
    if constexpr (std::is_same_v<Op, ops::VMula>) {
      // acc, a, b, mask: acc + a * b where active, acc elsewhere.
      const T* c = Lanes<T>(ex.vreg(o[3]));
      const MaskValue& m = ex.mask(o[4]);
      for (int i = 0; i < kLanes; ++i) {
        out[i] = reg::LaneActive(m, i, sizeof(T)) ? reg::FusedMulAdd(b[i], c[i], a[i]) : a[i];
      }
    } else if constexpr (!Elem<T>::kFloat) {
      ok = false;  // the A5 columns admit float types only
    } else if constexpr (std::is_same_v<Op, ops::VAxpy>) {
      // a, b, k, mask: k * a + b, rounded once.
      const T k = Elem<T>::Store(static_cast<float>(ex.scalar(o[3]).f));
      const MaskValue& m = ex.mask(o[4]);
      for (int i = 0; i < kLanes; ++i) {
        if (reg::LaneActive(m, i, sizeof(T))) out[i] = reg::FusedMulAdd(k, a[i], b[i]);
      }
    } else {
      // vprelu: a, slopes, mask.
      const MaskValue& m = ex.mask(o[3]);
      for (int i = 0; i < kLanes; ++i) {
        if (reg::LaneActive(m, i, sizeof(T))) out[i] = reg::Leaky(a[i], Elem<T>::Load(b[i]));
      }
    }
  });
  if (!ok) return ex.Fault("integer lanes: this instruction computes on floats only");
  ex.vreg(o[0]) = d;
  return true;
}

#define PTO_IMPLEMENTS_VecSfu PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
