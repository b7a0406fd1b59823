// Compare-to-mask, select, triangles, index sequences, padding fills, three-operand and
// broadcast kernels added for real kernels (causal masks, top-k indices, ragged tiles).
#include <doctest/doctest.h>

#include <cmath>

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

TEST_CASE("tcmps packs a bit per element, row by row, and tsel reads it") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<2x16xf32>
.arg %x : !pto.tile<2x16xf32>
.arg %y : !pto.tile<2x16xf32>
.const %k = 5.0 : f32
%m = tcmps %a, %k {cmpMode = #pto.cmp<GT>} : !pto.tile<2x16xf32> -> !pto.tile<2x32xui8>
%s = tsel %m, %x, %y : !pto.tile<2x32xui8>, !pto.tile<2x16xf32>, !pto.tile<2x16xf32> -> !pto.tile<2x16xf32>
)",
                    {.tiles = {{"a", {0, 6, 7, 1, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10,
                                      6, 6, 6, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0, 0, 0, 0}},
                               {"x", std::vector<double>(32, 1)},
                               {"y", std::vector<double>(32, -1)}}});
  REQUIRE(out.ok);
  // Row 0: elements 1, 2, 4 and 15 are > 5: byte 0 = 0b00010110, byte 1 = 0b10000000.
  CHECK(out.tiles["m"][0] == 0x16);
  CHECK(out.tiles["m"][1] == 0x80);
  // Row 1: elements 0..8: byte 0 = 0xff, byte 1 = 0x01.
  CHECK(out.tiles["m"][32] == 0xff);
  CHECK(out.tiles["m"][33] == 0x01);
  CHECK(out.tiles["s"][1] == 1);
  CHECK(out.tiles["s"][3] == -1);
  CHECK(out.tiles["s"][15] == 1);
  CHECK(out.tiles["s"][16 + 8] == 1);
  CHECK(out.tiles["s"][16 + 9] == -1);
}

TEST_CASE("ttri makes lower and upper triangles around a diagonal") {
  Outputs out = Run(R"(
module {
  func.func @k() {
    %d = arith.constant 1 : i32
    %lo = pto.alloc_tile : !pto.tile_buf<vec, 4x8xf32, valid=4x4>
    %up = pto.alloc_tile : !pto.tile_buf<vec, 4x8xf32, valid=4x4>
    pto.ttri ins(%d : i32) outs(%lo : !pto.tile_buf<vec, 4x8xf32, valid=4x4>)
    pto.ttri ins(%d {upperOrLower = 1} : i32) outs(%up : !pto.tile_buf<vec, 4x8xf32, valid=4x4>)
    return
  }
}
)",
                    {});
  REQUIRE(out.ok);
  const std::vector<double>& lo = out.tiles["lo"];
  const std::vector<double>& up = out.tiles["up"];
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      CHECK(lo[i * 8 + j] == (j <= i + 1 ? 1 : 0));
      CHECK(up[i * 8 + j] == (j >= i + 1 ? 1 : 0));
    }
  }
}

TEST_CASE("tci counts up or down along row 0") {
  Outputs out = Run(R"(
module {
  func.func @k() {
    %s = arith.constant 10 : i32
    %up = pto.alloc_tile : !pto.tile_buf<vec, 1x8xi32>
    %down = pto.alloc_tile : !pto.tile_buf<vec, 1x8xi32>
    pto.tci ins(%s : i32) outs(%up : !pto.tile_buf<vec, 1x8xi32>)
    pto.tci ins(%s : i32) outs(%down : !pto.tile_buf<vec, 1x8xi32>) {descending = true}
    return
  }
}
)",
                    {});
  REQUIRE(out.ok);
  CHECK(out.tiles["up"] == std::vector<double>{10, 11, 12, 13, 14, 15, 16, 17});
  CHECK(out.tiles["down"] == std::vector<double>{10, 9, 8, 7, 6, 5, 4, 3});
}

TEST_CASE("tfillpad fills everything outside the source's valid region") {
  Outputs out = Run(R"(
.arg %a : !pto.tile_buf<vec, 2x8xf32, valid=1x3>
%p = tfillpad %a : !pto.tile_buf<vec, 2x8xf32, valid=1x3> -> !pto.tile_buf<vec, 2x8xf32, pad=3>
)",
                    {.tiles = {{"a", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}}}});
  REQUIRE(out.ok);
  const double ninf = -std::numeric_limits<double>::infinity();
  CHECK(out.tiles["p"] == std::vector<double>{1, 2, 3, ninf, ninf, ninf, ninf, ninf, ninf, ninf,
                                              ninf, ninf, ninf, ninf, ninf, ninf});
}

TEST_CASE("three-operand, leaky relu, min reductions and the added broadcasts") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<2x8xf32>
.arg %b : !pto.tile<2x8xf32>
.arg %c : !pto.tile<2x8xf32>
%addc = taddc %a, %b, %c : !pto.tile<2x8xf32>
%subsc = tsubsc %a, 1.0, %c : !pto.tile<2x8xf32>, f32, !pto.tile<2x8xf32>
%lrelu = tlrelu %a, 0.5 : !pto.tile<2x8xf32>, f32
%prelu = tprelu %a, %b : !pto.tile<2x8xf32>
%cmin = tcolmin %a : !pto.tile<2x8xf32> -> !pto.tile<1x8xf32>
%cexp = tcolexpand %cmin : !pto.tile<1x8xf32> -> !pto.tile<2x8xf32>
%csub = tcolexpandsub %a, %cmin : !pto.tile<2x8xf32>, !pto.tile<1x8xf32> -> !pto.tile<2x8xf32>
)",
                    {.tiles = {{"a", {-2, 1, 2, 3, 4, 5, 6, 7, 0, -1, 3, 3, 3, 3, 3, 3}},
                               {"b", std::vector<double>(16, 2)},
                               {"c", std::vector<double>(16, 10)}}});
  REQUIRE(out.ok);
  CHECK(out.tiles["addc"][0] == 10);
  CHECK(out.tiles["subsc"][1] == 10);
  CHECK(out.tiles["lrelu"][0] == -1);
  CHECK(out.tiles["lrelu"][9] == -0.5);
  CHECK(out.tiles["prelu"][0] == -4);
  CHECK(out.tiles["cmin"][0] == -2);
  CHECK(out.tiles["cmin"][1] == -1);
  CHECK(out.tiles["cexp"][8 + 1] == -1);
  CHECK(out.tiles["csub"][8 + 1] == 0);
}

}  // namespace
}  // namespace pto::testing
