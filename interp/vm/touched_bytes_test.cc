// A tile rectangle's bytes as runs are exactly the bytes of its elements, one by one, for
// every layout (ND, DN, NZ, ZN, ZZ, NN, fractal 1024 and 32, a window in a larger storage).
#include "pto/interp/vm/touched_bytes.h"

#include <doctest/doctest.h>

#include <set>

namespace pto::interp {
namespace {

std::set<uint64_t> Bytes(const ByteSet& set) {
  std::set<uint64_t> bytes;
  for (const auto& [begin, end] : set.ranges()) {
    for (uint64_t b = begin; b < end; ++b) bytes.insert(b);
  }
  return bytes;
}

std::set<uint64_t> ElementByElement(const TileType& t, uint64_t addr, int64_t r0, int64_t r1,
                                    int64_t c0, int64_t c1) {
  std::set<uint64_t> bytes;
  const uint64_t size = DTypeSize(t.dtype);
  for (int64_t i = std::max<int64_t>(r0, 0); i < std::min<int64_t>(r1, t.rows); ++i) {
    for (int64_t j = std::max<int64_t>(c0, 0); j < std::min<int64_t>(c1, t.cols); ++j) {
      const uint64_t at = addr + static_cast<uint64_t>(t.ElementOffset(i, j)) * size;
      for (uint64_t b = 0; b < size; ++b) bytes.insert(at + b);
    }
  }
  return bytes;
}

TileType Tile(int rows, int cols, DType dtype, BLayout b, SLayout s, int fractal = 512) {
  TileType t;
  t.mem = Memory::kMat;
  t.dtype = dtype;
  t.rows = rows, t.cols = cols;
  t.valid_rows = rows, t.valid_cols = cols;
  t.blayout = b, t.slayout = s, t.fractal = fractal;
  return t;
}

TEST_CASE("a tile rectangle's runs are its elements' bytes, in every layout") {
  const BLayout kB[] = {BLayout::kRowMajor, BLayout::kColMajor};
  const SLayout kS[] = {SLayout::kNoneBox, SLayout::kRowMajor, SLayout::kColMajor};
  std::vector<TileType> types;
  for (BLayout b : kB) {
    for (SLayout s : kS) {
      types.push_back(Tile(32, 64, DType::kF16, b, s));
      types.push_back(Tile(16, 32, DType::kF32, b, s));
      types.push_back(Tile(64, 64, DType::kI8, b, s));
    }
  }
  types.push_back(Tile(32, 32, DType::kF32, BLayout::kColMajor, SLayout::kRowMajor, 1024));
  types.push_back(Tile(32, 32, DType::kF16, BLayout::kRowMajor, SLayout::kRowMajor, 32));
  TileType window = Tile(16, 32, DType::kF16, BLayout::kColMajor, SLayout::kRowMajor);
  window.storage_rows = 32, window.storage_cols = 64;
  types.push_back(window);
  const int64_t kRects[][4] = {{0, 1000, 0, 1000}, {0, 16, 0, 16}, {3, 11, 5, 29}, {1, 2, 0, 64},
                               {0, 32, 7, 8},      {-2, 5, -3, 9}, {8, 8, 0, 4}};
  for (const TileType& t : types) {
    for (const auto& r : kRects) {
      ByteSet runs;
      AddTileRect(t, 4096, r[0], r[1], r[2], r[3], &runs);
      INFO(t.ToString(), " rows [", r[0], ", ", r[1], ") cols [", r[2], ", ", r[3], ")");
      CHECK(Bytes(runs) == ElementByElement(t, 4096, r[0], r[1], r[2], r[3]));
    }
  }
}

}  // namespace
}  // namespace pto::interp
