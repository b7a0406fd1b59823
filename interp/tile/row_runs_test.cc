// The row walker the cube kernels use (interp/tile/tile_shared.h: RowRuns) must visit exactly the
// offsets TileType::ElementOffset gives, for every layout and any starting column.
#include <doctest/doctest.h>

#include <vector>

#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {
namespace {

TEST_CASE("row runs visit the element offsets of every layout") {
  struct Layout {
    BLayout blayout;
    SLayout slayout;
    int32_t fractal;
    DType dtype;
  };
  const Layout layouts[] = {
      {BLayout::kRowMajor, SLayout::kNoneBox, 512, DType::kF32},   // ND
      {BLayout::kColMajor, SLayout::kNoneBox, 512, DType::kF32},   // DN
      {BLayout::kColMajor, SLayout::kRowMajor, 512, DType::kF32},  // NZ
      {BLayout::kRowMajor, SLayout::kColMajor, 512, DType::kF32},  // ZN
      {BLayout::kRowMajor, SLayout::kRowMajor, 512, DType::kBF16},
      {BLayout::kColMajor, SLayout::kRowMajor, 1024, DType::kF32},  // the L0C box
      {BLayout::kRowMajor, SLayout::kRowMajor, 32, DType::kF32},
  };
  for (const Layout& l : layouts) {
    TileType type;
    type.blayout = l.blayout;
    type.slayout = l.slayout;
    type.fractal = l.fractal;
    type.dtype = l.dtype;
    type.rows = 32;
    type.cols = 48;
    std::vector<float> storage(static_cast<size_t>(type.rows) * type.cols);
    TileRef t;
    t.base = reinterpret_cast<uint8_t*>(storage.data());
    t.type = &type;
    const RowRuns<float> runs(t);
    for (int64_t r : {0, 5, 16, 31}) {
      for (int64_t c0 : {0, 3, 17}) {
        std::vector<int64_t> seen;
        runs.ForRow(r, c0, type.cols - c0, [&](int64_t i, const float* p, int64_t step, int64_t len) {
          CHECK(i == static_cast<int64_t>(seen.size()));
          for (int64_t e = 0; e < len; ++e) seen.push_back(p + e * step - storage.data());
        });
        REQUIRE(seen.size() == static_cast<size_t>(type.cols - c0));
        for (int64_t c = c0; c < type.cols; ++c) {
          INFO(type.LayoutName() << " fractal " << type.fractal << " at " << r << "," << c);
          CHECK(seen[c - c0] == type.ElementOffset(r, c));
        }
      }
    }
  }
}

}  // namespace
}  // namespace pto::interp
