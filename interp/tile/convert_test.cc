// TCVT: every rounding mode, saturation on and off, NaN and infinities.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// \a values followed by zeros up to \a n.
std::vector<double> Padded(std::vector<double> values, int n) {
  values.resize(n, 0.0);
  return values;
}

// Converts the eight f32 values through a tcvt with the given attributes to \a dtype.
std::vector<double> Convert(const std::vector<double>& values, const std::string& dtype,
                            const std::string& attrs, Arch arch = Arch::kA5) {
  int cols = dtype == "f32" || dtype == "i32" || dtype == "ui32" ? 8
             : (dtype == "i8" || dtype == "ui8") ? 32 : 16;
  // PTOAS v0.60: source and destination of one shape, the valid region the eight values.
  std::string src = "!pto.tile_buf<vec, 1x" + std::to_string(cols) + "xf32, valid=1x8>";
  std::string dst = "!pto.tile_buf<vec, 1x" + std::to_string(cols) + "x" + dtype +
                    ", valid=1x8>";
  Outputs out = Run(".arg %a : " + src + "\n%d = tcvt %a {" + attrs + "} : " + src + " -> " +
                        dst + "\n",
                    {.tiles = {{"a", Padded(values, cols)}}}, arch);
  INFO(out.fault);
  REQUIRE(out.ok);
  return std::vector<double>(out.tiles["d"].begin(), out.tiles["d"].begin() + 8);
}

bool Same(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  }
  return true;
}

const std::vector<double> kInput = {2.5, -2.5, 3.5, -0.5, 1.25, 300.7, -40000, kNaN};

const std::string kOn = ", satmode = #pto<saturation_mode ON>";

TEST_CASE("float to integer: each rounding mode") {
  CHECK(Same(Convert(kInput, "i16", "rmode = #pto<round_mode RINT>" + kOn),
             {2, -2, 4, -0.0, 1, 301, -32768, 0}));
  CHECK(Same(Convert(kInput, "i16", "rmode = #pto<round_mode ROUND>" + kOn),
             {3, -3, 4, -1, 1, 301, -32768, 0}));
  CHECK(Same(Convert(kInput, "i16", "rmode = #pto<round_mode FLOOR>" + kOn),
             {2, -3, 3, -1, 1, 300, -32768, 0}));
  CHECK(Same(Convert(kInput, "i16", "rmode = #pto<round_mode CEIL>" + kOn),
             {3, -2, 4, 0, 2, 301, -32768, 0}));
  CHECK(Same(Convert(kInput, "i16", "rmode = #pto<round_mode TRUNC>" + kOn),
             {2, -2, 3, 0, 1, 300, -32768, 0}));
  CHECK(Same(Convert(kInput, "i16", "rmode = #pto<round_mode ODD>" + kOn),
             {3, -3, 3, -1, 1, 301, -32768, 0}));
  CHECK(Same(Convert(kInput, "i16", kOn.substr(2)), {2, -2, 3, 0, 1, 300, -32768, 0}));  // trunc
}

// PTOAS v0.60's sat_mode defaults to OFF and is passed to TCVT so: -40000 wraps in i16.
TEST_CASE("saturation is off unless written") {
  CHECK(Same(Convert(kInput, "i16", ""), {2, -2, 3, 0, 1, 300, 25536, 0}));
  CHECK(Same(Convert(kInput, "ui8", "rmode = #pto<round_mode TRUNC>"),
             {2, 254, 3, 0, 1, 44, 192, 0}));
  CHECK(Convert({70000, 0, 0, 0, 0, 0, 0, 0}, "f16", "")[0] == kInf);
}

TEST_CASE("satmode, sat_mode and saturation name one attribute, set once") {
  CHECK(AssembleErrors(R"(
.arg %a : !pto.tile<1x8xf32>
%d = tcvt %a {sat_mode = #pto<saturation_mode ON>, satmode = #pto<saturation_mode OFF>} : !pto.tile<1x8xf32> -> !pto.tile<1x8xi32>
)", Arch::kA5) == R"(test.pto:3:52: error: tcvt sets sat_mode twice, as 'sat_mode' and as 'satmode'
%d = tcvt %a {sat_mode = #pto<saturation_mode ON>, satmode = #pto<saturation_mode OFF>} : !pto.tile<1x8xf32> -> !pto.tile<1x8xi32>
                                                   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
)");
}

TEST_CASE("saturation off wraps the rounded integer") {
  // 300.7 rounds to 301 = 0x12d: as i8 that is 0x2d = 45; -40000 wraps to 25536 in i16.
  CHECK(Same(Convert(kInput, "i8", "rmode = #pto<round_mode ROUND>, sat_mode = #pto<saturation_mode OFF>"),
             {3, -3, 4, -1, 1, 45, -64, 0}));
  CHECK(Same(Convert(kInput, "i16", "rmode = #pto<round_mode TRUNC>, sat_mode = #pto<saturation_mode OFF>"),
             {2, -2, 3, 0, 1, 300, 25536, 0}));
  CHECK(Same(Convert(kInput, "ui8", "rmode = #pto<round_mode TRUNC>" + kOn),
             {2, 0, 3, 0, 1, 255, 0, 0}));
}

TEST_CASE("float to narrower float: rounding modes and saturation") {
  // 1 + 2^-11 + 2^-12 lies between two f16 values; 70000 is beyond f16's range.
  const double x = 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -12);
  const std::vector<double> in = {x, -x, 70000, -70000, kInf, kNaN, 1e-8, 0.1};
  std::vector<double> rint = Convert(in, "f16", "rmode = #pto<round_mode RINT>" + kOn);
  CHECK(rint[0] == 1.0 + std::ldexp(1.0, -10));
  CHECK(rint[2] == 65504);  // saturation on: the largest finite f16
  CHECK(rint[3] == -65504);
  CHECK(rint[4] == kInf);   // infinities stay infinite
  CHECK(std::isnan(rint[5]));
  CHECK(rint[6] == std::ldexp(1.0, -24) * 0);  // 1e-8 is below half the smallest subnormal
  CHECK(rint[7] == 0.0999755859375);
  std::vector<double> trunc = Convert(in, "f16", "rmode = #pto<round_mode TRUNC>");
  CHECK(trunc[0] == 1.0);
  CHECK(trunc[1] == -1.0);
  std::vector<double> off =
      Convert(in, "f16", "rmode = #pto<round_mode RINT>, sat_mode = #pto<saturation_mode OFF>");
  CHECK(off[2] == kInf);
  std::vector<double> bf = Convert(in, "bf16", "rmode = #pto<round_mode FLOOR>");
  CHECK(bf[7] == 0.099609375);  // 0.1 rounded down to bf16
}

TEST_CASE("integers to floats and to other integers") {
  // One shape for source and destinations (PTOAS v0.60); the eight values are the valid region.
  Outputs out = Run(R"(
.arg %a : !pto.tile_buf<vec, 1x16xi32, valid=1x8>
%f = tcvt %a {rmode = #pto<round_mode RINT>} : !pto.tile_buf<vec, 1x16xi32, valid=1x8> -> !pto.tile_buf<vec, 1x16xf32, valid=1x8>
%h = tcvt %a {rmode = #pto<round_mode RINT>, satmode = #pto<saturation_mode ON>} : !pto.tile_buf<vec, 1x16xi32, valid=1x8> -> !pto.tile_buf<vec, 1x16xf16, valid=1x8>
%s = tcvt %a {sat_mode = #pto<saturation_mode ON>} : !pto.tile_buf<vec, 1x16xi32, valid=1x8> -> !pto.tile_buf<vec, 1x16xi16, valid=1x8>
%w = tcvt %a {sat_mode = #pto<saturation_mode OFF>} : !pto.tile_buf<vec, 1x16xi32, valid=1x8> -> !pto.tile_buf<vec, 1x16xi16, valid=1x8>
)",
                    {.tiles = {{"a", Padded({16777217, -1, 70000, -70000, 2049, 0, 32767, -32768}, 16)}}});
  REQUIRE(out.ok);
  CHECK(out.tiles["f"][0] == 16777216);  // nearest even f32
  CHECK(out.tiles["h"][2] == 65504);     // saturated
  CHECK(out.tiles["h"][4] == 2048);      // tie to even in f16
  CHECK(out.tiles["s"][2] == 32767);
  CHECK(out.tiles["s"][3] == -32768);
  CHECK(out.tiles["w"][2] == 4464);      // 70000 mod 2^16
}

TEST_CASE("a2a3 converts only between the pairs its vector unit has") {
  CHECK(AssembleErrors(R"(
.arg %a : !pto.tile<1x16xf16>
%d = tcvt %a : !pto.tile<1x16xf16> -> !pto.tile<1x16xbf16>
)") == R"(test.pto:3:6: error: tcvt cannot convert f16 to bf16 on a2a3 (f16 converts to: i8 i16 i32 ui8 f32)
%d = tcvt %a : !pto.tile<1x16xf16> -> !pto.tile<1x16xbf16>
     ^~~~
)");
}

}  // namespace
}  // namespace pto::testing
