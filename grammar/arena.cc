#include "pto/grammar/arena.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace pto::grammar {

namespace {

// Small files fit the first block, which comes from the heap like any other allocation.
constexpr size_t kFirstBlock = 64 << 10;
// Later blocks are whole 2 MB huge pages: a 4 KB page fault costs about as much as writing
// the page several times over on a virtual machine, and a large file's tree fills many.
constexpr size_t kHugePage = 2 << 20;
constexpr size_t kLargestBlock = 64 << 20;

}  // namespace

Arena::~Arena() {
  for (const Block& b : blocks_) {
    if (b.mapped) {
      munmap(b.data, b.size);
    } else {
      std::free(b.data);
    }
  }
}

void Arena::Reset() {
  if (blocks_.empty()) return;
  auto largest = std::max_element(blocks_.begin(), blocks_.end(),
                                  [](const Block& a, const Block& b) { return a.size < b.size; });
  Block keep = *largest;
  for (const Block& b : blocks_) {
    if (b.data == keep.data) continue;
    if (b.mapped) {
      munmap(b.data, b.size);
    } else {
      std::free(b.data);
    }
  }
  blocks_.assign(1, keep);
  next_ = keep.data;
  end_ = keep.data + keep.size;
}

void* Arena::Allocate(size_t bytes, size_t align) {
  auto aligned = [&] {
    uintptr_t p = reinterpret_cast<uintptr_t>(next_);
    return reinterpret_cast<char*>((p + align - 1) & ~(align - 1));
  };
  if (!next_ || aligned() + bytes > end_) AddBlock(bytes + align);
  char* at = aligned();
  next_ = at + bytes;
  return at;
}

void Arena::AddBlock(size_t at_least) {
  Block block{nullptr, 0, false};
  if (blocks_.empty() && at_least <= kFirstBlock) {
    block.size = kFirstBlock;
    block.data = static_cast<char*>(std::malloc(block.size));
    if (!block.data) throw std::bad_alloc();
  } else {
    // Each block doubles the space so far, so a file of any size needs few blocks.
    size_t size = blocks_.empty() ? kHugePage : std::min(blocks_.back().size * 2, kLargestBlock);
    size = std::max(size, (at_least + kHugePage - 1) / kHugePage * kHugePage);
    // Map one huge page more than needed, so the block can start on a huge-page boundary.
    size_t mapped = size + kHugePage;
    void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    char* raw = static_cast<char*>(p);
    char* start = reinterpret_cast<char*>(
        (reinterpret_cast<uintptr_t>(raw) + kHugePage - 1) & ~(uintptr_t{kHugePage} - 1));
    if (start > raw) munmap(raw, static_cast<size_t>(start - raw));
    char* stop = start + size;
    if (raw + mapped > stop) munmap(stop, static_cast<size_t>(raw + mapped - stop));
    madvise(start, size, MADV_HUGEPAGE);  // advice only: without huge pages it still works
    block = {start, size, true};
  }
  blocks_.push_back(block);
  next_ = block.data;
  end_ = block.data + block.size;
}

}  // namespace pto::grammar
