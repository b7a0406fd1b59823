// Each tile kernel on small inputs whose results are worked out by hand.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

std::vector<double> Seq(int n, double start = 0, double step = 1) {
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) v[i] = start + i * step;
  return v;
}

bool Same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

void CheckValues(const std::vector<double>& actual, const std::vector<double>& expected) {
  REQUIRE(actual.size() == expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    CHECK_MESSAGE(Same(actual[i], expected[i]), "element ", i, ": got ", actual[i],
                  ", expected ", expected[i]);
  }
}

TEST_CASE("binary float kernels, NaN propagation in max/min") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<1x8xf32>
.arg %b : !pto.tile<1x8xf32>
%add = tadd %a, %b : !pto.tile<1x8xf32>
%sub = tsub %a, %b : !pto.tile<1x8xf32>
%mul = tmul %a, %b : !pto.tile<1x8xf32>
%div = tdiv %a, %b : !pto.tile<1x8xf32>
%max = tmax %a, %b : !pto.tile<1x8xf32>
%min = tmin %a, %b : !pto.tile<1x8xf32>
)",
                    {.tiles = {{"a", {1, -2, 3, 0, kNaN, 5, -1, 1}},
                               {"b", {2, 2, -4, 0, 1, kNaN, 0, -0.0}}}});
  REQUIRE(out.ok);
  CheckValues(out.tiles["add"], {3, 0, -1, 0, kNaN, kNaN, -1, 1});
  CheckValues(out.tiles["sub"], {-1, -4, 7, 0, kNaN, kNaN, -1, 1});
  CheckValues(out.tiles["mul"], {2, -4, -12, 0, kNaN, kNaN, -0.0, -0.0});
  CheckValues(out.tiles["div"], {0.5, -1, -0.75, kNaN, kNaN, kNaN, -kInf, -kInf});
  CheckValues(out.tiles["max"], {2, 2, 3, 0, kNaN, kNaN, 0, 1});
  CheckValues(out.tiles["min"], {1, -2, -4, 0, kNaN, kNaN, -1, -0.0});
}

TEST_CASE("integer kernels wrap") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<1x8xi32>
.arg %b : !pto.tile<1x8xi32>
%add = tadd %a, %b : !pto.tile<1x8xi32>
%mul = tmul %a, %b : !pto.tile<1x8xi32>
%neg = tneg %a : !pto.tile<1x8xi32>
)",
                    {.tiles = {{"a", {2147483647, -2147483648.0, 7, -7, 65536, 0, 1, -1}},
                               {"b", {1, -1, 3, 3, 65536, 5, 1, -1}}}});
  REQUIRE(out.ok);
  CheckValues(out.tiles["add"], {-2147483648.0, 2147483647, 10, -4, 131072, 5, 2, -2});
  CheckValues(out.tiles["mul"], {2147483647, -2147483648.0, 21, -21, 0, 0, 1, 1});
  CheckValues(out.tiles["neg"], {-2147483647, -2147483648.0, -7, 7, -65536, 0, -1, 1});
}

TEST_CASE("integer division by zero is a fault naming the element") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<1x8xi32>
.arg %b : !pto.tile<1x8xi32>
%q = tdiv %a, %b : !pto.tile<1x8xi32>
)",
                    {.tiles = {{"a", Seq(8)}, {"b", {1, 1, 1, 0, 1, 1, 1, 1}}}}, Arch::kA5);
  CHECK_FALSE(out.ok);
  CHECK(out.fault == "tdiv: integer division by zero: %b[0, 3] is 0");
}

TEST_CASE("f16 results round once to nearest even") {
  // 2048 + 1 is a tie between 2048 and 2050 in f16; 0.1 + 0.2 is inexact in f16.
  Outputs out = Run(R"(
.arg %a : !pto.tile<1x16xf16>
.arg %b : !pto.tile<1x16xf16>
%c = tadd %a, %b : !pto.tile<1x16xf16>
)",
                    {.tiles = {{"a", {2048, 2050, 0.0999755859375, 65504, 1, 1, 1, 1, 1, 1, 1,
                                      1, 1, 1, 1, 1}},
                               {"b", {1, 1, 0.199951171875, 65504, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                      0, 0}}}});
  REQUIRE(out.ok);
  CHECK(out.tiles["c"][0] == 2048);
  CHECK(out.tiles["c"][1] == 2052);
  CHECK(out.tiles["c"][2] == 0.2998046875);
  CHECK(out.tiles["c"][3] == kInf);
}

TEST_CASE("bf16 is bfloat16, not half") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<1x16xbf16>
%b = tmuls %a, 256.0 : !pto.tile<1x16xbf16>, f32
)",
                    {.tiles = {{"a", {1e30, 1.0078125, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}}},
                    Arch::kA5);
  REQUIRE(out.ok);
  // 1e30 * 256 fits bf16's range (f16 would overflow); 1.0078125 = 1 + 2^-7 is exact in bf16.
  CHECK(out.tiles["b"][0] == doctest::Approx(2.56e32).epsilon(0.01));
  CHECK(out.tiles["b"][1] == 258);
  CHECK(out.tiles["b"][2] == 768);
}

TEST_CASE("unary kernels") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<1x8xf32>
%abs = tabs %a : !pto.tile<1x8xf32>
%neg = tneg %a : !pto.tile<1x8xf32>
%relu = trelu %a : !pto.tile<1x8xf32>
%exp = texp %a : !pto.tile<1x8xf32>
%log = tlog %a : !pto.tile<1x8xf32>
%sqrt = tsqrt %a : !pto.tile<1x8xf32>
%rsqrt = trsqrt %a : !pto.tile<1x8xf32>
%recip = trecip %a : !pto.tile<1x8xf32>
)",
                    {.tiles = {{"a", {4, -4, 0, 1, kNaN, kInf, 0.25, -0.0}}}});
  REQUIRE(out.ok);
  CheckValues(out.tiles["abs"], {4, 4, 0, 1, kNaN, kInf, 0.25, 0});
  CheckValues(out.tiles["neg"], {-4, 4, -0.0, -1, kNaN, -kInf, -0.25, 0});
  CheckValues(out.tiles["relu"], {4, 0, 0, 1, kNaN, kInf, 0.25, 0});
  CHECK(out.tiles["exp"][2] == 1);
  CHECK(out.tiles["exp"][3] == static_cast<float>(std::exp(1.0)));
  CheckValues(out.tiles["log"], {static_cast<float>(std::log(4.0)), kNaN, -kInf, 0, kNaN, kInf,
                                 static_cast<float>(std::log(0.25)), -kInf});
  CheckValues(out.tiles["sqrt"], {2, kNaN, 0, 1, kNaN, kInf, 0.5, -0.0});
  CheckValues(out.tiles["rsqrt"], {0.5, kNaN, kInf, 1, kNaN, 0, 2, -kInf});
  CheckValues(out.tiles["recip"], {0.25, -0.25, kInf, 1, kNaN, 0, 4, -kInf});
}

TEST_CASE("tile-scalar kernels, scalar-first tdivs, shifts") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<1x8xf32>
.arg %u : !pto.tile<1x16xui16>
.arg %s : !pto.tile<1x16xi16>
.const %k = 2.0 : f32
.const %three = 3 : i32
.const %big = 16 : i32
%adds = tadds %a, %k : !pto.tile<1x8xf32>, f32
%divs = tdivs %a, %k : !pto.tile<1x8xf32>, f32
%rdivs = tdivs %k, %a : f32, !pto.tile<1x8xf32>
%maxs = tmaxs %a, %k : !pto.tile<1x8xf32>, f32
%mins = tmins %a, %k : !pto.tile<1x8xf32>, f32
%subs = tsubs %a, %k : !pto.tile<1x8xf32>, f32
%muls = tmuls %a, %k : !pto.tile<1x8xf32>, f32
%fill = texpands %k : f32, !pto.tile<1x8xf32>
%shl = tshls %u, %three : !pto.tile<1x16xui16>, i32
%shr = tshrs %s, %three : !pto.tile<1x16xi16>, i32
%shr_all = tshrs %s, %big : !pto.tile<1x16xi16>, i32
%shl_all = tshls %u, %big : !pto.tile<1x16xui16>, i32
)",
                    {.tiles = {{"a", {1, -4, 0, 8, 3, 2, 1, 1}},
                               {"u", {1, 0x2001, 0xffff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
                               {"s", {-32768, -1, 16, 32767, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                      0}}}});
  REQUIRE(out.ok);
  CheckValues(out.tiles["adds"], {3, -2, 2, 10, 5, 4, 3, 3});
  CheckValues(out.tiles["divs"], {0.5, -2, 0, 4, 1.5, 1, 0.5, 0.5});
  CheckValues(out.tiles["rdivs"], {2, -0.5, kInf, 0.25, 2.0f / 3.0f, 1, 2, 2});
  CheckValues(out.tiles["maxs"], {2, 2, 2, 8, 3, 2, 2, 2});
  CheckValues(out.tiles["mins"], {1, -4, 0, 2, 2, 2, 1, 1});
  CheckValues(out.tiles["subs"], {-1, -6, -2, 6, 1, 0, -1, -1});
  CheckValues(out.tiles["muls"], {2, -8, 0, 16, 6, 4, 2, 2});
  CheckValues(out.tiles["fill"], {2, 2, 2, 2, 2, 2, 2, 2});
  CHECK(out.tiles["shl"][0] == 8);
  CHECK(out.tiles["shl"][1] == 8);       // 0x2001 << 3 = 0x10008, wraps to 8
  CHECK(out.tiles["shl"][2] == 0xfff8);
  CHECK(out.tiles["shr"][0] == -4096);  // arithmetic shift
  CHECK(out.tiles["shr"][1] == -1);
  CHECK(out.tiles["shr"][2] == 2);
  CHECK(out.tiles["shr_all"][0] == -1);  // count >= width: sign fill
  CHECK(out.tiles["shr_all"][3] == 0);
  CHECK(out.tiles["shl_all"][2] == 0);   // count >= width: 0
}

TEST_CASE("the destination's valid region bounds every write") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<2x8xf32>
%b = tadds %a, 1.0 : !pto.tile<2x8xf32>, f32 -> !pto.tile_buf<vec, 2x8xf32, valid=1x3>
)",
                    {.tiles = {{"a", Seq(16)}}});
  REQUIRE(out.ok);
  CheckValues(out.tiles["b"], {1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("a source smaller than the destination's valid region is an error") {
  // Known when assembling...
  CHECK(AssembleErrors(R"(
.arg %a : !pto.tile_buf<vec, 2x8xf32, valid=1x8>
%b = texp %a : !pto.tile_buf<vec, 2x8xf32, valid=1x8> -> !pto.tile<2x8xf32>
)") == R"(test.pto:3:11: error: source has 1 valid rows but the destination needs 2
%b = texp %a : !pto.tile_buf<vec, 2x8xf32, valid=1x8> -> !pto.tile<2x8xf32>
          ^~
)");
  // ... or only when running.
  Outputs out = Run(R"(
module {
  func.func @k(%n: index) {
    %c8 = arith.constant 8 : index
    %a = pto.alloc_tile valid_row = %n valid_col = %c8 : !pto.tile_buf<vec, 2x8xf32, valid=?x?>
    %b = pto.alloc_tile : !pto.tile_buf<vec, 2x8xf32>
    pto.texp ins(%a : !pto.tile_buf<vec, 2x8xf32, valid=?x?>) outs(%b : !pto.tile_buf<vec, 2x8xf32>)
    return
  }
}
)",
                    {.scalars = {{"n", 1}}});
  CHECK_FALSE(out.ok);
  CHECK(out.fault ==
        "texp: the source %a has a valid shape of 1x8 but 2x8 elements are needed");
}

TEST_CASE("row and column reductions and broadcasts") {
  Outputs out = Run(R"(
.arg %a : !pto.tile<8x8xf32>
.arg %col : !pto.tile<1x8xf32>
%rsum = trowsum %a : !pto.tile<8x8xf32> -> !pto.tile_buf<vec, 8x1xf32, blayout=col_major>
%rmax = trowmax %a : !pto.tile<8x8xf32> -> !pto.tile_buf<vec, 8x1xf32, blayout=col_major>
%csum = tcolsum %a : !pto.tile<8x8xf32> -> !pto.tile<1x8xf32>
%cmax = tcolmax %a : !pto.tile<8x8xf32> -> !pto.tile<1x8xf32>
%sub = trowexpandsub %a, %rmax : !pto.tile<8x8xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major> -> !pto.tile<8x8xf32>
%div = trowexpanddiv %a, %rsum : !pto.tile<8x8xf32>, !pto.tile_buf<vec, 8x1xf32, blayout=col_major> -> !pto.tile<8x8xf32>
%cmul = tcolexpandmul %a, %col : !pto.tile<8x8xf32>, !pto.tile<1x8xf32> -> !pto.tile<8x8xf32>
%cadd = tcolexpandadd %a, %col : !pto.tile<8x8xf32>, !pto.tile<1x8xf32> -> !pto.tile<8x8xf32>
%bcast = trowexpand %a : !pto.tile<8x8xf32> -> !pto.tile<8x8xf32>
)",
                    {.tiles = {{"a", Seq(64)}, {"col", {1, 2, 3, 4, 5, 6, 7, 8}}}});
  REQUIRE(out.ok);
  // Row i holds 8i .. 8i+7: sum 64i + 28, max 8i + 7.
  for (int i = 0; i < 8; ++i) {
    CHECK(out.tiles["rsum"][i] == 64 * i + 28);
    CHECK(out.tiles["rmax"][i] == 8 * i + 7);
    // Column j holds j, j+8, ..., j+56: sum 8j + 224, max j + 56.
    CHECK(out.tiles["csum"][i] == 8 * i + 224);
    CHECK(out.tiles["cmax"][i] == i + 56);
    for (int j = 0; j < 8; ++j) {
      double a = 8 * i + j;
      CHECK(out.tiles["sub"][8 * i + j] == a - (8 * i + 7));
      CHECK(out.tiles["div"][8 * i + j] == static_cast<float>(a / (64 * i + 28)));
      CHECK(out.tiles["cmul"][8 * i + j] == a * (j + 1));
      CHECK(out.tiles["cadd"][8 * i + j] == a + (j + 1));
      CHECK(out.tiles["bcast"][8 * i + j] == 8 * i);
    }
  }
}

TEST_CASE("float sums: rounded once with --arith exact, in f32 steps as the NPU adds") {
  // In f32, 1e8 + 1 + ... loses every 1; summed in double and rounded once they survive. The
  // NPU's vcadd, a tree of halves in f32, loses some of them its own way (lane 0 + lane 32 =
  // 1e8 + 1 rounds to 1e8 first).
  std::vector<double> row(64, 1.0);
  row[0] = 1e8;
  const char* kSource = R"(
.arg %a : !pto.tile<1x64xf32>
%s = trowsum %a : !pto.tile<1x64xf32> -> !pto.tile_buf<vec, 1x8xf32, valid=1x1>
)";
  Outputs exact = Run(kSource, {.tiles = {{"a", row}}, .arith = interp::Arith::kExact});
  REQUIRE(exact.ok);
  CHECK(exact.tiles["s"][0] == 100000064);
  std::vector<float> lanes(row.begin(), row.end());
  for (size_t w = 32; w >= 1; w /= 2) {
    for (size_t i = 0; i < w; ++i) lanes[i] = lanes[i] + lanes[i + w];
  }
  Outputs npu = Run(kSource, {.tiles = {{"a", row}}});
  REQUIRE(npu.ok);
  CHECK(npu.tiles["s"][0] == lanes[0]);
  CHECK(lanes[0] != 100000064.0f);
}

TEST_CASE("overlapping source and destination read the sources first") {
  // %b is %a shifted by one row (32 bytes) in UB; a transposing move into it must not see
  // its own writes.
  Outputs out = Run(R"(
.arg %a : !pto.tile<8x8xf32>
pto.tassign %a, @tile(0x0)
%b = tmov %a : !pto.tile<8x8xf32> -> !pto.tile_buf<vec, 8x8xf32, blayout=col_major>
pto.tassign %b, @tile(0x20)
)",
                    {.tiles = {{"a", Seq(64)}}});
  REQUIRE(out.ok);
  CheckValues(out.tiles["b"], Seq(64));
}

TEST_CASE("tload and tstore through tensor views") {
  Outputs out = Run(R"(
module {
  func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %xv = pto.make_tensor_view %x, shape = [%c8, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %xv, offsets = [%c1, %c8], sizes = [%c2, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x8xf32>
    %yv = pto.make_tensor_view %y, shape = [%c8, %c2], strides = [%c1, %c8] : !pto.tensor_view<?x?xf32>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 2x8xf32>
    %tt = pto.alloc_tile : !pto.tile_buf<vec, 8x2xf32, blayout=col_major, valid=8x2>
    pto.tload ins(%p : !pto.partition_tensor_view<2x8xf32>) outs(%t : !pto.tile_buf<vec, 2x8xf32>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 2x8xf32>) outs(%p : !pto.partition_tensor_view<2x8xf32>)
    return
  }
}
)",
                    {.buffers = {{"x", Seq(128)}, {"y", std::vector<double>(16)}}});
  REQUIRE(out.ok);
  CheckValues(out.tiles["t"], {24, 25, 26, 27, 28, 29, 30, 31, 40, 41, 42, 43, 44, 45, 46, 47});
  CheckValues(out.buffers["x"], Seq(128));
}

}  // namespace
}  // namespace pto::testing
