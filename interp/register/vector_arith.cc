// The VecBinary family: lane-wise arithmetic on vector registers (micro-isa 07). Active lanes
// compute as the tile kernels do (interp/element.h: floats in float, rounded once; integers
// wrap); inactive lanes of the result are zero.
#include <cstring>

#include "pto/interp/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace {

template <typename Op, typename T>
void BinaryLanes(const VRegValue& a, const VRegValue& b, const MaskValue& m, VRegValue& d) {
  constexpr int kLanes = kVectorBytes / sizeof(T);
  const T* x = reinterpret_cast<const T*>(a.bytes);
  const T* y = reinterpret_cast<const T*>(b.bytes);
  T out[kLanes];
  for (int i = 0; i < kLanes; ++i) {
    out[i] = reg::LaneActive(m, i, sizeof(T))
                 ? Elem<T>::Store(Op::Apply(Elem<T>::Load(x[i]), Elem<T>::Load(y[i])))
                 : T{};
  }
  std::memcpy(d.bytes, out, kVectorBytes);
}

}  // namespace

template <typename Op>
bool ExecVecBinary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const VRegValue& a = ex.vreg(o[1]);
  const VRegValue& b = ex.vreg(o[2]);
  const MaskValue& m = ex.mask(o[3]);
  VRegValue& d = ex.vreg(o[0]);
  bool ok = true;
  WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<Op, ops::Div> && !Elem<T>::kFloat) {
      ok = false;  // the A5 column admits float types only
    } else {
      BinaryLanes<Op, T>(a, b, m, d);
    }
  });
  return ok || ex.Fault("vdiv on integer lanes");
}

#define PTO_IMPLEMENTS_VecBinary PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
