#include "common/memory_hints.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace pto {

namespace {
constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
}  // namespace

void AdviseHugePages(void* data, size_t size) {
  if (size < 2 * kHugePage) return;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) & ~(kHugePage - 1);
  // A hint: if the kernel declines (no THP support), nothing changes.
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

void UseHugePagesForHeap() {
  // Advice belongs to a mapping, and each time the heap grows the kernel adds a new one, so
  // the heap is grown once, by 64 MB, and that region advised. Large blocks come from it
  // too (not from mappings of their own), and freeing does not give it back. Beyond 64 MB the
  // heap grows as usual.
  constexpr size_t kHeap = size_t{64} << 20;
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 128 << 20);
  mallopt(M_TOP_PAD, kHeap);
  void* probe = std::malloc(1 << 20);  // more than the heap has: it grows by 1 MB + kHeap
  char* top = static_cast<char*>(sbrk(0));
  char* from = static_cast<char*>(probe);
  // Only if the block came from the heap's break (not, say, a sanitizer's own allocator).
  if (probe && top != reinterpret_cast<char*>(-1) && top > from &&
      static_cast<size_t>(top - from) <= 2 * kHeap) {
    AdviseHugePages(from, static_cast<size_t>(top - from));
  }
  std::free(probe);
  mallopt(M_TOP_PAD, 0);
}

}  // namespace pto
