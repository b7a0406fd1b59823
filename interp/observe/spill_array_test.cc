// The records' array: the same elements whether its chunks live in memory or in the temporary
// file, and references that stay put while it grows (the error when no file can be made is
// checked end to end: tests/exhaustion.py).
#include "pto/interp/observe/spill_array.h"

#include <doctest/doctest.h>


namespace pto::interp::observe {
namespace {

struct Rec {
  uint64_t a;
  uint32_t b;
};

// Sets the chunks' memory limit for one test, and puts it back.
struct MemoryLimit {
  explicit MemoryLimit(size_t bytes) : old(ChunkStore::MemoryLimit()) {
    ChunkStore::SetMemoryLimit(bytes);
  }
  ~MemoryLimit() { ChunkStore::SetMemoryLimit(old); }
  size_t old;
};

void Fill(SpillArray<Rec>* array, size_t n) {
  for (size_t i = 0; i < n; ++i) array->push_back({i * 3, static_cast<uint32_t>(i)});
}

bool Holds(const SpillArray<Rec>& array, size_t n) {
  if (array.size() != n) return false;
  for (size_t i = 0; i < n; ++i) {
    if (array[i].a != i * 3 || array[i].b != static_cast<uint32_t>(i)) return false;
  }
  return true;
}

TEST_CASE("spill array: in memory under the limit, in the file above it, the same elements") {
  constexpr size_t kCount = 100000;  // several chunks
  SpillArray<Rec> in_memory;
  Fill(&in_memory, kCount);
  CHECK(!in_memory.spilled());
  CHECK(Holds(in_memory, kCount));
  const MemoryLimit none(0);
  SpillArray<Rec> spilled, again;
  const Rec& first = (spilled.push_back({0, 0}), spilled[0]);
  Fill(&spilled, kCount - 1);
  Fill(&again, kCount);  // a second array in the same file
  CHECK(&first == &spilled[0]);  // chunks never move
  CHECK(spilled.spilled());
  CHECK(spilled[kCount - 1].b == kCount - 2);
  CHECK(Holds(again, kCount));
}

TEST_CASE("spill array: resize value-initialises, back() is the last element") {
  SpillArray<Rec> array;
  array.resize(20000);
  CHECK(array.size() == 20000);
  CHECK(array[19999].a == 0);
  array.back().a = 7;
  CHECK(array[19999].a == 7);
}

}  // namespace
}  // namespace pto::interp::observe
