// The low-precision formats: HiFloat8's codes, and encoding under every rounding mode with and
// without saturation, against searches over every code and against the formats' definitions.
#include "pto/common/narrow_float.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace pto {
namespace {

constexpr NarrowFormat kAll[] = {NarrowFormat::kE4M3, NarrowFormat::kE5M2, NarrowFormat::kHiF8,
                                 NarrowFormat::kF4E2M1, NarrowFormat::kF4E1M2};
constexpr RoundMode kModes[] = {RoundMode::kRint, RoundMode::kRound, RoundMode::kFloor,
                                RoundMode::kCeil, RoundMode::kTrunc, RoundMode::kOdd};

int CodeCount(NarrowFormat f) {
  return f == NarrowFormat::kF4E2M1 || f == NarrowFormat::kF4E1M2 ? 16 : 256;
}

uint8_t Enc(double x, NarrowFormat f, RoundMode m = RoundMode::kRint, bool sat = true) {
  return EncodeNarrow(x, f, m, sat);
}

TEST_CASE("HiFloat8 codes") {
  CHECK(DecodeHiF8(0x00) == 0.0);
  CHECK(std::isnan(DecodeHiF8(0x80)));
  CHECK(DecodeHiF8(0x08) == 1.0);     // dot 0001: exponent 0, 3 mantissa bits
  CHECK(DecodeHiF8(0x0f) == 1.875);
  CHECK(DecodeHiF8(0x10) == 2.0);     // dot 001: exponent +-1
  CHECK(DecodeHiF8(0x18) == 0.5);
  CHECK(DecodeHiF8(0x20) == 4.0);     // dot 01: exponent +-2, +-3
  CHECK(DecodeHiF8(0x40) == 16.0);    // dot 10: exponent +-4 .. +-7, 2 mantissa bits
  CHECK(DecodeHiF8(0x6e) == 32768.0); // dot 11: exponent 15, the largest finite value
  CHECK(DecodeHiF8(0x6f) == INFINITY);
  CHECK(DecodeHiF8(0xef) == -INFINITY);
  CHECK(DecodeHiF8(0x7e) == std::ldexp(1.0, -15));  // the smallest normal
  CHECK(DecodeHiF8(0x01) == std::ldexp(1.0, -22));  // denormals 2^(m - 23)
  CHECK(DecodeHiF8(0x07) == std::ldexp(1.0, -16));
  CHECK(DecodeHiF8(0x88) == -1.0);
  // 126 distinct positive finite values, each the negation of its 0x80 twin.
  std::vector<double> values;
  for (int c = 1; c < 0x80; ++c) {
    const double v = DecodeHiF8(static_cast<uint8_t>(c));
    CHECK(DecodeHiF8(static_cast<uint8_t>(c | 0x80)) == -v);
    if (std::isfinite(v)) values.push_back(v);
  }
  std::sort(values.begin(), values.end());
  CHECK(values.size() == 126);
  CHECK(std::adjacent_find(values.begin(), values.end()) == values.end());
}

// Every code round-trips under every mode (NaN to the format's NaN; HiFloat8's one zero).
TEST_CASE("every code encodes back to itself") {
  for (NarrowFormat f : kAll) {
    for (int c = 0; c < CodeCount(f); ++c) {
      const double v = DecodeNarrow(static_cast<uint8_t>(c), f);
      if (std::isnan(v)) continue;
      for (RoundMode m : kModes) {
        for (bool sat : {false, true}) {
          INFO("format ", static_cast<int>(f), " code ", c, " mode ", static_cast<int>(m));
          if (std::isinf(v) && sat) continue;  // infinities stay infinite either way
          CHECK(Enc(v, f, m, sat) == c);
        }
      }
    }
  }
}

// Between two neighbouring values lo < hi (both signs): what each mode picks at, just below and
// just above the midpoint, searched over the sorted finite codes of the format.
TEST_CASE("rounding between neighbours, every mode") {
  for (NarrowFormat f : kAll) {
    const int half = CodeCount(f) / 2;
    std::vector<std::pair<double, int>> pos;
    for (int c = 0; c < half; ++c) {
      const double v = DecodeNarrow(static_cast<uint8_t>(c), f);
      if (std::isfinite(v)) pos.emplace_back(v, c);
    }
    std::sort(pos.begin(), pos.end());
    for (size_t i = 0; i + 1 < pos.size(); ++i) {
      const auto [lo, lo_code] = pos[i];
      const auto [hi, hi_code] = pos[i + 1];
      const double mid = (lo + hi) / 2, eps = (hi - lo) / 8;
      for (int s : {1, -1}) {
        const int sign = s < 0 ? half : 0;
        auto code = [&](int c) { return c == 0 && f == NarrowFormat::kHiF8 ? 0 : c | sign; };
        INFO("format ", static_cast<int>(f), " between ", lo, " and ", hi, " sign ", s);
        CHECK(Enc(s * (mid - eps), f) == code(lo_code));
        CHECK(Enc(s * (mid + eps), f) == code(hi_code));
        CHECK(Enc(s * mid, f) == code((lo_code & 1) ? hi_code : lo_code));
        CHECK(Enc(s * mid, f, RoundMode::kRound) == code(hi_code));
        CHECK(Enc(s * (lo + eps), f, RoundMode::kTrunc) == code(lo_code));
        CHECK(Enc(s * (hi - eps), f, RoundMode::kFloor) == code(s > 0 ? lo_code : hi_code));
        CHECK(Enc(s * (lo + eps), f, RoundMode::kCeil) == code(s > 0 ? hi_code : lo_code));
        const bool odd_up = (lo_code & 1) == 0 && (hi_code & 1) == 1;  // (HiF8: not adjacent codes)
        CHECK(Enc(s * (lo + eps), f, RoundMode::kOdd) == code(odd_up ? hi_code : lo_code));
      }
    }
  }
}

TEST_CASE("overflow, infinities and NaN") {
  using F = NarrowFormat;
  // e4m3fn: 448 is the largest; 464 is the tie with the next step (480), which is odd.
  CHECK(Enc(464, F::kE4M3, RoundMode::kRint, false) == 0x7e);
  CHECK(Enc(464.5, F::kE4M3, RoundMode::kRint, false) == 0x7f);  // NaN: no infinity
  CHECK(Enc(464, F::kE4M3, RoundMode::kRound, false) == 0x7f);
  CHECK(Enc(-1e9, F::kE4M3, RoundMode::kRint, true) == 0xfe);
  CHECK(Enc(1e9, F::kE4M3, RoundMode::kTrunc, false) == 0x7e);
  CHECK(Enc(449, F::kE4M3, RoundMode::kCeil, false) == 0x7f);
  CHECK(Enc(-449, F::kE4M3, RoundMode::kCeil, false) == 0xfe);
  CHECK(Enc(1e9, F::kE4M3, RoundMode::kOdd, false) == 0x7e);
  CHECK(Enc(INFINITY, F::kE4M3, RoundMode::kRint, false) == 0x7f);
  CHECK(Enc(-INFINITY, F::kE4M3, RoundMode::kRint, true) == 0xfe);
  CHECK(Enc(-NAN, F::kE4M3) == 0xff);
  CHECK(Enc(-0.0, F::kE4M3) == 0x80);
  // e5m2: IEEE, 57344 the largest, 61440 the tie with 65536 rounds to the even infinity.
  CHECK(Enc(61440, F::kE5M2, RoundMode::kRint, false) == 0x7c);
  CHECK(Enc(61439, F::kE5M2, RoundMode::kRint, false) == 0x7b);
  CHECK(Enc(61440, F::kE5M2, RoundMode::kRint, true) == 0x7b);
  CHECK(Enc(-INFINITY, F::kE5M2, RoundMode::kRint, true) == 0xfc);
  CHECK(Enc(NAN, F::kE5M2) == 0x7e);
  CHECK(Enc(std::ldexp(1.0, -17), F::kE5M2) == 0x00);  // half the smallest subnormal: even
  CHECK(Enc(std::ldexp(1.0, -17), F::kE5M2, RoundMode::kRound) == 0x01);
  // HiFloat8: 32768 the largest, 40960 the tie with the infinity code's 49152.
  CHECK(Enc(40959, F::kHiF8, RoundMode::kRound, false) == 0x6e);
  CHECK(Enc(40960, F::kHiF8, RoundMode::kRound, false) == 0x6f);
  CHECK(Enc(-40960, F::kHiF8, RoundMode::kRound, false) == 0xef);
  CHECK(Enc(40960, F::kHiF8, RoundMode::kRound, true) == 0x6e);
  CHECK(Enc(40960, F::kHiF8, RoundMode::kRint, false) == 0x6e);  // 0x6e is even
  CHECK(Enc(1e30, F::kHiF8, RoundMode::kFloor, false) == 0x6e);
  CHECK(Enc(INFINITY, F::kHiF8, RoundMode::kRound, true) == 0x6f);
  CHECK(Enc(NAN, F::kHiF8) == 0x80);
  CHECK(Enc(-NAN, F::kHiF8) == 0x80);
  CHECK(Enc(-0.0, F::kHiF8) == 0x00);
  CHECK(Enc(-1e-30, F::kHiF8, RoundMode::kRound) == 0x00);
  CHECK(Enc(-1e-30, F::kHiF8, RoundMode::kFloor) == 0x81);  // -2^-22
  CHECK(Enc(std::ldexp(1.0, -23), F::kHiF8, RoundMode::kRound) == 0x01);  // tie with 0: away
  CHECK(Enc(std::ldexp(1.0, -23), F::kHiF8, RoundMode::kRint) == 0x00);
  CHECK(Enc(std::ldexp(1.5, -20), F::kHiF8, RoundMode::kRound) == 0x04);  // 2^-20 .. 2^-19
  // fp4 has no infinity or NaN: every overflow saturates; NaN gives +0.
  CHECK(Enc(7, F::kF4E2M1, RoundMode::kRound, false) == 7);
  CHECK(Enc(1e30, F::kF4E2M1, RoundMode::kCeil, false) == 7);
  CHECK(Enc(-INFINITY, F::kF4E2M1, RoundMode::kRint, false) == 0xf);
  CHECK(Enc(NAN, F::kF4E2M1) == 0);
  CHECK(Enc(-0.1, F::kF4E2M1) == 8);
  CHECK(Enc(1.9, F::kF4E1M2, RoundMode::kCeil, false) == 7);
  CHECK(Enc(-0.3, F::kF4E1M2, RoundMode::kFloor, false) == 0xa);  // -0.5
}

// The fast saturating e4m3 encoder of the MX quantiser is this model's RINT with saturation.
TEST_CASE("FloatToF8E4M3Sat agrees with the model") {
  int bad = 0;
  for (uint32_t hi = 0; hi < (1u << 20); hi += 3) {
    const float x = BitsFloat(hi << 12 | 0x800);
    bad += FloatToF8E4M3Sat(x) != (std::isnan(x) ? 0x7f : Enc(x, NarrowFormat::kE4M3));
  }
  CHECK(bad == 0);
}

// e1m2 is fixed point in quarters: round-half-even of 4|x|, saturating at 7.
TEST_CASE("fp4 e1m2 is quarters") {
  for (int k = 0; k <= 80; ++k) {
    const double x = k / 32.0;  // steps of 1/32: many exact midpoints
    const int want = std::min(7, static_cast<int>(std::nearbyint(x * 4.0)));
    CHECK(Enc(x, NarrowFormat::kF4E1M2) == want);
    CHECK(Enc(-x, NarrowFormat::kF4E1M2) == (want | 8));
  }
}

// e2m1's midpoints go to the even code: 0.25 -> 0, 0.75 -> 1.0, 1.25 -> 1.0, 1.75 -> 2.0,
// 2.5 -> 2.0, 3.5 -> 4.0, 5 -> 4.0.
TEST_CASE("fp4 e2m1 midpoints") {
  const double mids[] = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0};
  const int want[] = {0, 2, 2, 4, 4, 6, 6};
  for (int i = 0; i < 7; ++i) CHECK(Enc(mids[i], NarrowFormat::kF4E2M1) == want[i]);
}

}  // namespace
}  // namespace pto
