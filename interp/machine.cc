#include "pto/interp/machine.h"

namespace pto::interp {

LocalMemory::LocalMemory(Arch arch) {
  for (int m = 0; m < kMemoryCount; ++m) {
    arena[m].assign(MemoryCapacity(arch, static_cast<Memory>(m)), 0);
  }
}

}  // namespace pto::interp
