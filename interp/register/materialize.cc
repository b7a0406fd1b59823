// The VecMaterialize family: vector registers from a scalar (micro-isa 05). vbr writes every
// lane; vdup writes the mask's active lanes (zero elsewhere) with a scalar or with the lowest
// or highest lane of a vector. An integer scalar gives its low bits (an i8 lane the low 8).
#include <cstring>

#include "pto/interp/element/element.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Vbr {};
struct Vdup {};
}  // namespace ops

namespace {

// Scalar register \a reg as a T lane.
template <typename T>
T ScalarLane(Executor& ex, uint32_t reg) {
  const Slot v = ex.scalar(reg);
  if constexpr (Elem<T>::kFloat) {
    return Elem<T>::Store(Elem<T>::FromDouble(v.f));
  } else {
    return Elem<T>::Store(v.i);
  }
}

}  // namespace

template <typename Op>
bool ExecVecMaterialize(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  VRegValue& d = ex.vreg(o[0]);
  WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    constexpr int kLanes = kVectorBytes / sizeof(T);
    T out[kLanes];
    if constexpr (std::is_same_v<Op, ops::Vbr>) {
      const T k = ScalarLane<T>(ex, o[1]);
      for (int i = 0; i < kLanes; ++i) out[i] = k;
    } else {
      // d, [vector], [scalar], mask, position (0 LOWEST, 1 HIGHEST)
      T k;
      if (o[1] != kNoOperand) {
        std::memcpy(&k, ex.vreg(o[1]).bytes + (o[4] ? kLanes - 1 : 0) * sizeof(T), sizeof(T));
      } else {
        k = ScalarLane<T>(ex, o[2]);
      }
      const MaskValue& m = ex.mask(o[3]);
      for (int i = 0; i < kLanes; ++i) out[i] = reg::LaneActive(m, i, sizeof(T)) ? k : T{};
    }
    std::memcpy(d.bytes, out, kVectorBytes);
  });
  return true;
}

#define PTO_IMPLEMENTS_VecMaterialize PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
