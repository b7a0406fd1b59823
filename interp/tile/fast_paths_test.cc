// The fast paths (fast_paths.h) take whole plain tiles that are the destination or lie apart
// from it, and leave everything else to the general kernels. These cases sit on both sides of
// that line; each result is worked out by hand from the inputs as they were before the
// instruction. A destination partly over a source of an elementwise instruction is an error
// (docs/semantics.md "Overlapping operands"), whichever path would have run it.
#include <doctest/doctest.h>

#include <string>

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

std::vector<double> Seq(int n, double start = 0, double step = 1) {
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) v[i] = start + i * step;
  return v;
}

// 8x8 f32 tiles %a (0..63, at UB 0x100) and %b (100, 101, ... at 0x400), and the text of one
// instruction writing %d, placed at \a d_addr.
Outputs RunOne(const std::string& instruction, const std::string& d_addr, Arch arch = Arch::kA2A3) {
  return Run(".arg %a : !pto.tile<8x8xf32>\n"
             ".arg %b : !pto.tile<8x8xf32>\n"
             ".const %k = 2.0 : f32\n"
             "pto.tassign %a, @tile(0x100)\n"
             "pto.tassign %b, @tile(0x400)\n" +
                 instruction + "\npto.tassign %d, @tile(" + d_addr + ")\n",
             {.tiles = {{"a", Seq(64)}, {"b", Seq(64, 100)}}}, arch);
}

std::vector<double> Expected(double (*f)(int r, int c)) {
  std::vector<double> v;
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) v.push_back(f(r, c));
  }
  return v;
}

// Faults naming both tiles and the first shared bytes: %d one row after %a (0x120) shares
// [0x120, 0x140) with it; one row before (0xe0), [0x100, 0x120).
void CheckPartly(const Outputs& out, const std::string& addr) {
  CHECK(!out.ok);
  const std::string bytes = addr == "0x120" ? "[288, 320)" : "[256, 288)";
  CHECK(out.fault.find("the destination %d partly overlaps the source %a: bytes " + bytes) !=
        std::string::npos);
}

TEST_CASE("whole f32 tiles: a destination that is a source, apart, or partly over one") {
  for (std::string addr : {"0x120", "0xe0"}) {
    CAPTURE(addr);
    CheckPartly(RunOne("%d = tadd %a, %b : !pto.tile<8x8xf32>", addr), addr);
    CheckPartly(RunOne("%d = tmuls %a, %k : !pto.tile<8x8xf32>, f32", addr), addr);
    CheckPartly(RunOne("%d = tdivs %k, %a : f32, !pto.tile<8x8xf32>", addr), addr);
    CheckPartly(RunOne("%d = tabs %a : !pto.tile<8x8xf32>", addr), addr);
  }
  // 0x100: exactly %a (in place); 0x800: apart.
  for (std::string addr : {"0x100", "0x800"}) {
    CAPTURE(addr);
    Outputs add = RunOne("%d = tadd %a, %b : !pto.tile<8x8xf32>", addr);
    REQUIRE(add.ok);
    CHECK(add.tiles["d"] == Expected([](int r, int c) { return 2.0 * (r * 8 + c) + 100; }));

    Outputs muls = RunOne("%d = tmuls %a, %k : !pto.tile<8x8xf32>, f32", addr);
    REQUIRE(muls.ok);
    CHECK(muls.tiles["d"] == Expected([](int r, int c) { return 2.0 * (r * 8 + c); }));

    // (a5: a2a3 cannot put k / a into a's own tile, npu_a2a3.h)
    Outputs rdiv = RunOne("%d = tdivs %k, %a : f32, !pto.tile<8x8xf32>", addr, Arch::kA5);
    REQUIRE(rdiv.ok);
    CHECK(rdiv.tiles["d"] ==
          Expected([](int r, int c) { return double(2.0f / static_cast<float>(r * 8 + c)); }));
  }
}

TEST_CASE("whole f16 and bf16 tiles: in place, apart, and partly over a source") {
  // 8x16 tiles (256 bytes) of 0..127; %d at %a (0x100), apart (0x800), or one row on (0x120,
  // an error). Every result, 2 * i, is exact in both types.
  for (std::string type : {"f16", "bf16"}) {
    for (std::string addr : {"0x100", "0x800", "0x120"}) {
      CAPTURE(type);
      CAPTURE(addr);
      const std::string tile = "!pto.tile<8x16x" + type + ">";
      for (std::string op : {"tadd %a, %b : " + tile, "tmuls %a, %k : " + tile + ", " + type}) {
        CAPTURE(op);
        Outputs out = Run(".arg %a : " + tile + "\n.arg %b : " + tile + "\n.const %k = 2.0 : " +
                              type + "\npto.tassign %a, @tile(0x100)\npto.tassign %b, " +
                              "@tile(0x400)\n%d = " + op + "\npto.tassign %d, @tile(" + addr +
                              ")\n",
                          {.tiles = {{"a", Seq(128)}, {"b", Seq(128)}}}, Arch::kA5);
        if (addr == "0x120") {
          CheckPartly(out, addr);
          continue;
        }
        REQUIRE(out.ok);
        CHECK(out.tiles["d"] == Seq(128, 0, 2));
      }
    }
  }
}

TEST_CASE("row broadcast: a per-row tile inside the destination is read first") {
  // %s (8x1, column-major: 32 bytes) holds 1..8. At 0x800 it lies apart from %d; at 0x140 it
  // is inside %d, which the general kernel handles through a scratch copy.
  for (std::string s_addr : {"0x800", "0x140"}) {
    CAPTURE(s_addr);
    Outputs out = Run(std::string(".arg %a : !pto.tile<8x8xf32>\n"
                                  ".arg %s : !pto.tile_buf<vec, 8x1xf32, blayout=col_major>\n"
                                  "pto.tassign %a, @tile(0x400)\n"
                                  "pto.tassign %s, @tile(") +
                          s_addr +
                          ")\n"
                          "%d = trowexpandmul %a, %s : !pto.tile<8x8xf32>, "
                          "!pto.tile_buf<vec, 8x1xf32, blayout=col_major>\n"
                          "pto.tassign %d, @tile(0x100)\n",
                      {.tiles = {{"a", Seq(64)}, {"s", Seq(8, 1)}}});
    REQUIRE(out.ok);
    CHECK(out.tiles["d"] == Expected([](int r, int c) { return (r * 8.0 + c) * (r + 1); }));
  }
}

TEST_CASE("row sums over a partial valid region, apart from or inside the source") {
  // %a: 0..63 at 0x100, valid over 3x5: row r sums to 40r + 10. %d (8x1, 32 bytes) at 0x800
  // lies apart; at 0x120 it is %a's row 1, which the sums must read before writing.
  for (std::string d_addr : {"0x800", "0x120"}) {
    CAPTURE(d_addr);
    Outputs out = Run(
        ".arg %a : !pto.tile_buf<vec, 8x8xf32, valid=3x5>\n"
        "pto.tassign %a, @tile(0x100)\n"
        "%d = trowsum %a : !pto.tile_buf<vec, 8x8xf32, valid=3x5> -> "
        "!pto.tile_buf<vec, 8x1xf32, blayout=col_major, valid=3x1>\n"
        "pto.tassign %d, @tile(" + d_addr + ")\n",
        {.tiles = {{"a", Seq(64)}}});
    REQUIRE(out.ok);
    std::vector<double> expected = {10, 50, 90, 0, 0, 0, 0, 0};
    if (d_addr == "0x120") expected = {10, 50, 90, 11, 12, 13, 14, 15};  // the rest: %a's row 1
    CHECK(out.tiles["d"] == expected);
  }
}

TEST_CASE("whole f32 tiles of other shapes and valid regions take the general path") {
  // A taller source: its first 8 rows are used.
  Outputs tall = Run(R"(
.arg %a : !pto.tile<16x8xf32>
.arg %b : !pto.tile<8x8xf32>
%d = tadd %a, %b : !pto.tile<16x8xf32>, !pto.tile<8x8xf32> -> !pto.tile<8x8xf32>
)",
                     {.tiles = {{"a", Seq(128)}, {"b", Seq(64, 100)}}});
  REQUIRE(tall.ok);
  CHECK(tall.tiles["d"] == Expected([](int r, int c) { return 2.0 * (r * 8 + c) + 100; }));

  // A destination valid over 2x3 only: nothing else is written.
  Outputs part = Run(R"(
.arg %a : !pto.tile<8x8xf32>
.const %k = 2.0 : f32
%d = tmuls %a, %k : !pto.tile<8x8xf32>, f32 -> !pto.tile_buf<vec, 8x8xf32, valid=2x3>
)",
                     {.tiles = {{"a", Seq(64)}}});
  REQUIRE(part.ok);
  CHECK(part.tiles["d"] ==
        Expected([](int r, int c) { return r < 2 && c < 3 ? 2.0 * (r * 8 + c) : 0.0; }));
}

}  // namespace
}  // namespace pto::testing
