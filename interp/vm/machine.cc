#include "pto/interp/vm/machine.h"

#include <algorithm>
#include <mutex>

namespace pto::interp {

namespace {

// The arenas of blocks that ended. A launch runs its blocks one after another (per thread);
// arenas given back to malloc between them end up fragmented by the little each block leaves
// behind (its sanitizer's findings), and 100000 blocks took gigabytes. Reusing them costs the
// same zero fill.
struct ArenaPool {
  static constexpr size_t kLimit = 8 * kMemoryCount;
  // Room for every arena it keeps, made up front: a destructor gives arenas back, and a
  // push_back that allocated there could throw out of memory where nothing may throw.
  ArenaPool() { free.reserve(kLimit); }
  std::mutex mutex;
  std::vector<AlignedBytes> free;
};

ArenaPool& Pool() {
  static ArenaPool* pool = new ArenaPool;  // never destroyed: blocks may outlive statics
  return *pool;
}

}  // namespace

LocalMemory::LocalMemory(Arch arch) {
  ArenaPool& pool = Pool();
  for (int m = 0; m < kMemoryCount; ++m) {
    const size_t size = MemoryCapacity(arch, static_cast<Memory>(m));
    {
      std::lock_guard<std::mutex> lock(pool.mutex);
      for (size_t i = 0; i < pool.free.size(); ++i) {
        if (pool.free[i].size() == size) {
          arena[m] = std::move(pool.free[i]);
          pool.free.erase(pool.free.begin() + static_cast<std::ptrdiff_t>(i));
          break;
        }
      }
    }
    if (arena[m].size() == size) {
      std::fill(arena[m].begin(), arena[m].end(), 0);
    } else {
      arena[m].assign(size, 0);
    }
  }
}

LocalMemory::~LocalMemory() {
  ArenaPool& pool = Pool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  for (AlignedBytes& a : arena) {
    if (!a.empty() && pool.free.size() < ArenaPool::kLimit) pool.free.push_back(std::move(a));
  }
}

}  // namespace pto::interp
