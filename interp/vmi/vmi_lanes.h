// What the VMI layer's kernels share: a logical register's lanes as an array of its storage
// type, the governing mask (all lanes when absent), and the spelling facts of its element type.
// A VMI value is L lanes whatever physical registers PTOAS would lay it over, so the kernels
// compute lane by lane on the logical order (docs/semantics.md "VMI layer").
#ifndef PTO_INTERP_VMI_VMI_LANES_H_
#define PTO_INTERP_VMI_VMI_LANES_H_

#include <cstdint>

#include "pto/common/isa/encoding.h"
#include "pto/interp/element/element.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp::vmi {

inline const LVecReg& VecRecord(const Executor& ex, uint32_t reg) {
  return ex.function().lvecs[reg];
}
inline int VecLanes(const Executor& ex, uint32_t reg) { return VecRecord(ex, reg).lanes; }
inline DType VecType(const Executor& ex, uint32_t reg) { return VecRecord(ex, reg).dtype; }
/// Whether the vector's element type is spelled as a signless integer (i32): the operations
/// the VMI pages call unsigned on it (vcmp, vshrs) treat it as unsigned.
inline bool Signless(const Executor& ex, uint32_t reg) {
  return (VecRecord(ex, reg).flags & kLVecSignless) != 0;
}
inline int MaskLanes(const Executor& ex, uint32_t reg) { return ex.function().lmasks[reg].lanes; }

template <typename T>
T* Lanes(Executor& ex, uint32_t reg) {
  return reinterpret_cast<T*>(ex.lvec(reg));
}

/// The governing mask of an instruction: lane i is active when \a lanes[i] is 1, every lane
/// when the instruction has none.
struct Governing {
  const uint8_t* lanes = nullptr;
  bool On(int i) const { return !lanes || lanes[i]; }
  bool All() const { return !lanes; }
};
inline Governing MaskOf(Executor& ex, uint32_t reg) {
  return reg == kNoOperand ? Governing{} : Governing{ex.lmask(reg)};
}

/// Zeroes the lanes of \a out that \a m leaves inactive.
template <typename T>
void ZeroInactive(const Governing& m, T* out, int n) {
  if (m.All()) return;
  for (int i = 0; i < n; ++i) {
    if (!m.On(i)) out[i] = T{};
  }
}

}  // namespace pto::interp::vmi

#endif  // PTO_INTERP_VMI_VMI_LANES_H_
