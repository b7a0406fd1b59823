#include "pto/tools/process_tuning.h"

#include <malloc.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>

#include "pto/common/file_io.h"

namespace pto {

namespace {
// Inputs from this size on take thousands of faults on ordinary pages (ptoas on 10 MB: 4861
// faults on 4 KB pages, 557 with huge pages); below it, a huge page's first touch costs more
// than it saves (ptoas on the 4.6 KB softmax sample: 2 ms of a 4 ms run).
constexpr uint64_t kWorthHugePages = uint64_t{4} << 20;
}  // namespace

uint64_t TotalFileBytes(const std::vector<std::string>& paths) {
  uint64_t total = 0;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) continue;
    const uint64_t size = std::filesystem::file_size(path, ec);
    if (!ec) total += size;
  }
  return total;
}

void UseHugePagesForHeap(uint64_t input_bytes) {
  if (input_bytes < kWorthHugePages) return;
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
