// The VecCompare and VecSelect families (micro-isa 11): predicates from lane-wise compares, and
// lanes chosen by a predicate or an index vector. A predicate lane of G bytes is its lowest
// bit: a compare sets that bit where the seed's lane is active and the compare holds, and
// clears every other bit (what psts shows of it on the NPU).
#include <cstring>

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Vcmp {};
struct Vcmps {};
struct Vsel {};
struct Vselr {};
}  // namespace ops

namespace {

enum CmpMode : uint32_t { kEq, kNe, kLt, kLe, kGt, kGe };  // attributes.cc, "cmpMode"

// IEEE comparisons for floats (NaN compares unequal and unordered), value ones for integers.
template <typename C>
bool Holds(uint32_t mode, C a, C b) {
  switch (mode) {
    case kEq: return a == b;
    case kNe: return a != b;
    case kLt: return a < b;
    case kLe: return a <= b;
    case kGt: return a > b;
    default: return a >= b;
  }
}

template <typename T>
const T* Lanes(const VRegValue& v) {
  return reinterpret_cast<const T*>(v.bytes);
}

// The scalar of vcmps as a lane value: floats round to the lanes' type, integers wrap to it.
template <typename T>
typename Elem<T>::C ScalarAsLane(Executor& ex, uint32_t reg) {
  if constexpr (Elem<T>::kFloat) {
    return Elem<T>::Load(Elem<T>::Store(static_cast<float>(ex.scalar(reg).f)));
  } else {
    return Elem<T>::Load(static_cast<T>(ex.scalar(reg).i));
  }
}

}  // namespace

template <typename Op>
bool ExecVecCompare(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const VRegValue& a = ex.vreg(o[1]);
  const MaskValue seed = ex.mask(o[3]);
  const uint32_t mode = o[4];
  const bool vector = std::is_same_v<Op, ops::Vcmp>;
  const VRegValue& b = ex.vreg(vector ? o[2] : o[1]);
  MaskValue out{};
  WithStorageType(reg::VRegType(ex, o[1]), [&](auto tag) {
    using T = decltype(tag);
    constexpr int kSize = sizeof(T);
    const T* x = Lanes<T>(a);
    const T* y = Lanes<T>(b);
    typename Elem<T>::C k{};
    if constexpr (!vector) k = ScalarAsLane<T>(ex, o[2]);
    for (int i = 0; i < kVectorBytes / kSize; ++i) {
      if (!reg::LaneActive(seed, i, kSize)) continue;
      const auto rhs = vector ? Elem<T>::Load(y[i]) : k;
      if (Holds(mode, Elem<T>::Load(x[i]), rhs)) out.Set(i * kSize, true);
    }
  });
  ex.mask(o[0]) = out;
  return true;
}

template <typename Op>
bool ExecVecSelect(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int size = DTypeSize(reg::VRegType(ex, o[0]));
  const int lanes = kVectorBytes / size;
  const VRegValue& a = ex.vreg(o[1]);
  VRegValue out;
  if constexpr (std::is_same_v<Op, ops::Vsel>) {
    const VRegValue& b = ex.vreg(o[2]);
    const MaskValue& m = ex.mask(o[3]);
    for (int i = 0; i < lanes; ++i) {
      const VRegValue& from = reg::LaneActive(m, i, size) ? a : b;
      std::memcpy(out.bytes + i * size, from.bytes + i * size, size);
    }
  } else {
    // vselr: the index lanes are unsigned integers of the data's width; one past the lanes
    // is a fault, not a wrap (docs/semantics.md, "cmpsel").
    const VRegValue& idx = ex.vreg(o[2]);
    for (int i = 0; i < lanes; ++i) {
      uint64_t k = 0;
      std::memcpy(&k, idx.bytes + i * size, size);
      if (k >= static_cast<uint64_t>(lanes)) {
        return ex.Fault(StrCat("index lane ", i, " is ", k, "; the source has ", lanes, " lanes"));
      }
      std::memcpy(out.bytes + i * size, a.bytes + k * size, size);
    }
  }
  std::memcpy(ex.vreg(o[0]).bytes, out.bytes, kVectorBytes);
  return true;
}

#define PTO_IMPLEMENTS_VecCompare PTO_YES
#define PTO_IMPLEMENTS_VecSelect PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
