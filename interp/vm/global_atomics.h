// Atomic updates of global memory (tstore's atomicType, the fixpipe's GM atomics): the blocks of
// a launch run on several threads, and an NPU's atomic add never loses an update, so every such
// read-modify-write holds this one lock. Atomics are rare next to plain stores, so one lock for
// the process costs nothing measurable.
#ifndef PTO_INTERP_VM_GLOBAL_ATOMICS_H_
#define PTO_INTERP_VM_GLOBAL_ATOMICS_H_

#include <mutex>

namespace pto::interp {

inline std::mutex& GlobalAtomicsMutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_GLOBAL_ATOMICS_H_
