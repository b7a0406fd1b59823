// The SIMD loops give bit for bit the results of the scalar element functions (NaN
// compared as NaN where the scalar function does not fix its bits).
#include <doctest/doctest.h>
#include <hwy/targets.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "pto/common/float_format.h"
#include "pto/interp/element/element.h"
#include "pto/interp/host_simd/simd.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {
namespace {

// Each binary operation with its element function, written out here rather than taken from
// simd.h's list, so that a wrong pairing there shows.
constexpr std::pair<simd::Binary, float (*)(float, float)> kBinaryCases[] = {
    {simd::Binary::kAdd, ops::Add::Apply}, {simd::Binary::kSub, ops::Sub::Apply},
    {simd::Binary::kMul, ops::Mul::Apply}, {simd::Binary::kDiv, ops::Div::Apply},
    {simd::Binary::kMax, ops::Max::Apply}, {simd::Binary::kMin, ops::Min::Apply},
    {simd::Binary::kAddRelu, ops::AddRelu::Apply}};

// Random values of every magnitude plus the edge cases, in an odd count so tails are used.
std::vector<float> Inputs(uint64_t seed, size_t n = 1001) {
  std::mt19937_64 rng(seed);
  std::vector<float> v(n);
  for (float& x : v) {
    uint32_t bits = static_cast<uint32_t>(rng());
    std::memcpy(&x, &bits, 4);
    if (rng() % 3 == 0) x = static_cast<float>(static_cast<int>(rng() % 200) - 100) / 8.0f;
  }
  const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1e-45f, -1e-45f,
                            3.4e38f, -3.4e38f, 1.0f, -1.0f, 88.7f, -103.9f, 0.5f};
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; ++i) v[i * 7 % n] = specials[i];
  return v;
}

// Runs \a check once with each instruction set this CPU supports chosen for the dispatch (the
// packing's transposes differ by register width), then restores the best one.
template <typename Check>
void ForEachTarget(Check&& check) {
  for (int64_t target : hwy::SupportedAndGeneratedTargets()) {
    hwy::GetChosenTarget().Update(target);
    INFO("target " << std::string(hwy::TargetName(target)));
    check();
  }
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}

void CheckSame(const std::vector<float>& got, const std::vector<float>& want, const char* what) {
  for (size_t i = 0; i < got.size(); ++i) {
    uint32_t g, w;
    std::memcpy(&g, &got[i], 4);
    std::memcpy(&w, &want[i], 4);
    const bool both_nan = std::isnan(got[i]) && std::isnan(want[i]);
    INFO(std::string(what) << " element " << i << ": got " << got[i] << " want " << want[i]);
    CHECK((g == w || both_nan));
  }
}

TEST_CASE("SIMD binary and tile-scalar loops equal the element functions") {
  const std::vector<float> a = Inputs(1), b = Inputs(2);
  for (const auto& [op, f] : kBinaryCases) {
    std::vector<float> got(a.size()), want(a.size());
    simd::BinaryF32(op, a.data(), b.data(), got.data(), a.size());
    for (size_t i = 0; i < a.size(); ++i) want[i] = f(a[i], b[i]);
    CheckSame(got, want, "binary");
    for (bool first : {false, true}) {
      for (float k : {2.5f, -0.0f, NAN}) {
        simd::ScalarF32(op, a.data(), k, first, got.data(), a.size());
        for (size_t i = 0; i < a.size(); ++i) want[i] = first ? f(k, a[i]) : f(a[i], k);
        CheckSame(got, want, "tile-scalar");
      }
    }
    // 2-D forms: 7 rows of 13 columns inside rows of 16, b's row 0 broadcast, per-row scalars.
    const size_t rows = 7, cols = 13, ld = 16;
    std::fill(got.begin(), got.end(), 0.0f);
    std::fill(want.begin(), want.end(), 0.0f);
    simd::BinaryF32Rows(op, a.data(), ld, b.data(), ld, got.data(), ld, rows, cols);
    for (size_t r = 0; r < rows; ++r) {
      for (size_t c = 0; c < cols; ++c) want[r * ld + c] = f(a[r * ld + c], b[r * ld + c]);
    }
    CheckSame(got, want, "binary rows");
    simd::BinaryF32Rows(op, a.data(), ld, b.data(), 0, got.data(), ld, rows, cols);
    for (size_t r = 0; r < rows; ++r) {
      for (size_t c = 0; c < cols; ++c) want[r * ld + c] = f(a[r * ld + c], b[c]);
    }
    CheckSame(got, want, "column broadcast");
    simd::RowScalarF32(op, a.data(), ld, b.data(), 3, got.data(), ld, rows, cols);
    for (size_t r = 0; r < rows; ++r) {
      for (size_t c = 0; c < cols; ++c) want[r * ld + c] = f(a[r * ld + c], b[r * 3]);
    }
    CheckSame(got, want, "row broadcast");
  }
}

TEST_CASE("SIMD unary loops equal the element functions") {
  const std::vector<float> a = Inputs(3);
  const std::pair<simd::Unary, float (*)(float)> cases[] = {
      {simd::Unary::kExp, ops::Exp::Apply},     {simd::Unary::kLog, ops::Log::Apply},
      {simd::Unary::kSqrt, ops::Sqrt::Apply},   {simd::Unary::kRsqrt, ops::Rsqrt::Apply},
      {simd::Unary::kRecip, ops::Recip::Apply}, {simd::Unary::kAbs, ops::Abs::Apply},
      {simd::Unary::kNeg, ops::Neg::Apply},     {simd::Unary::kRelu, ops::Relu::Apply}};
  for (const auto& [op, f] : cases) {
    std::vector<float> got(a.size()), want(a.size());
    simd::UnaryF32(op, a.data(), got.data(), a.size());
    for (size_t i = 0; i < a.size(); ++i) want[i] = f(a[i]);
    CheckSame(got, want, ("unary " + std::to_string(static_cast<int>(op))).c_str());
  }
}

TEST_CASE("SIMD bf16 rounding equals the scalar conversion") {
  std::vector<float> a = Inputs(4, 100001);
  a[3] = 3.3961e38f;  // rounds up to infinity in bf16
  for (bool saturate : {true, false}) {
    std::vector<uint16_t> got(a.size());
    simd::F32ToBF16(a.data(), got.data(), a.size(), saturate);
    for (size_t i = 0; i < a.size(); ++i) {
      uint16_t want = FloatToBF16(a[i]);
      if (saturate && std::isfinite(a[i]) && (want & 0x7FFF) == 0x7F80) --want;
      INFO("element " << i);
      CHECK(got[i] == want);
    }
  }
}

TEST_CASE("SIMD sums and products match the sequential definitions") {
  std::vector<float> a(1001);
  std::mt19937 rng(5);
  for (float& x : a) x = std::uniform_real_distribution<float>(-4, 4)(rng);
  // The interleaved order exactly (in double, before rounding), for every tail length.
  for (size_t n = 0; n <= 40; ++n) {
    INFO("n = " << n);
    double want = simd::InterleavedSum(n, [&](size_t i) { return static_cast<double>(a[i]); });
    CHECK(simd::SumF32(a.data(), n) == want);
  }
  // Partial p holds elements p, p+16, ...: with these values any other order loses the 1s.
  std::vector<float> spread(64, 1.0f);
  for (size_t i = 0; i < spread.size(); i += 16) spread[i] = i % 32 ? -1e30f : 1e30f;
  CHECK(simd::SumF32(spread.data(), spread.size()) ==
        simd::InterleavedSum(spread.size(), [&](size_t i) { return double{spread[i]}; }));
  CHECK(simd::SumF32(a.data(), a.size()) ==
        simd::InterleavedSum(a.size(), [&](size_t i) { return static_cast<double>(a[i]); }));

  // Max and min: the sequential fold, including NaN anywhere and the sign of zero results.
  auto fold = [](simd::Binary op, const std::vector<float>& v) {
    float r = v[0];
    for (size_t i = 1; i < v.size(); ++i) {
      r = op == simd::Binary::kMax ? ops::Max::Apply(r, v[i]) : ops::Min::Apply(r, v[i]);
    }
    return r;
  };
  auto same_bits = [](float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; };
  for (simd::Binary op : {simd::Binary::kMax, simd::Binary::kMin}) {
    for (size_t n : {1, 7, 16, 33, 100}) {
      std::vector<float> v(a.begin(), a.begin() + n);
      CHECK(same_bits(simd::ReduceF32(op, v.data(), n), fold(op, v)));
      std::vector<float> zeros(n, 0.0f);
      for (size_t i = 0; i < n; i += 3) zeros[i] = -0.0f;
      CHECK(same_bits(simd::ReduceF32(op, zeros.data(), n), fold(op, zeros)));
      v[n / 2] = std::numeric_limits<float>::quiet_NaN();
      CHECK(std::isnan(simd::ReduceF32(op, v.data(), n)));
    }
  }

  // Odd sizes reach every tail; 9 x 70 also runs the four-row blocks (64 or 32 columns wide).
  for (auto [m, k, n] : {std::array<size_t, 3>{5, 7, 37}, std::array<size_t, 3>{9, 5, 70}}) {
    std::vector<float> x(m * k), y(k * n), c(m * n), ref(m * n);
    for (float& v : x) v = std::uniform_real_distribution<float>(-2, 2)(rng);
    for (float& v : y) v = std::uniform_real_distribution<float>(-2, 2)(rng);
    simd::MatmulF32(x.data(), k, y.data(), n, c.data(), n, m, k, n);
    for (size_t i = 0; i < m; ++i) {
      for (size_t j = 0; j < n; ++j) {
        float acc = 0.0f;
        for (size_t kk = 0; kk < k; ++kk) acc = acc + x[i * k + kk] * y[kk * n + j];
        ref[i * n + j] = acc;
      }
    }
    CheckSame(c, ref, "matmul");
  }
}

}  // namespace
}  // namespace pto::interp

namespace pto::interp {
namespace {

// exp and log are evaluated in double (exp by its own polynomial, log by Highway's): over a dense sweep of their
// useful ranges, rounding to f32 gives the same value as rounding the C library's result.
TEST_CASE("SIMD exp and log round like the C library") {
  const size_t n = 1 << 20;
  std::vector<float> x(n), got(n);
  for (size_t i = 0; i < n; ++i) x[i] = -103.0f + 191.0f * static_cast<float>(i) / n;
  simd::UnaryF32(simd::Unary::kExp, x.data(), got.data(), n);
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += got[i] != ops::Exp::Apply(x[i]);
  CHECK(bad == 0);
  for (size_t i = 0; i < n; ++i) x[i] = std::ldexp(1.0f + static_cast<float>(i % 4096) / 4096, static_cast<int>(i / 4096) - 128);
  simd::UnaryF32(simd::Unary::kLog, x.data(), got.data(), n);
  bad = 0;
  for (size_t i = 0; i < n; ++i) bad += got[i] != ops::Log::Apply(x[i]);
  CHECK(bad == 0);
}

// exp's own polynomial leaves lanes near a midpoint between two floats to the scalar path: a
// sweep over every 1021st f32 bit pattern (all signs and magnitudes, NaNs and infinities
// included) on each instruction set gives the C library's rounding for every one.
constexpr uint32_t kExpNearMidpoint[] = {
    0x337fffff, 0x33800000, 0x343fffff, 0x34dffffd, 0x356ffff9, 0x35f7fff1, 0x367bffe1,
    0x36fdffc1, 0x377eff81, 0x383a3ef1, 0x38e69cc1, 0x39c6be5b, 0x39e5bb1d, 0x3d1a274e,
    0x4001b249, 0x40315b33, 0x4288942b, 0xb3000000, 0xbae0e25c, 0xbbf0edf1, 0xc16912cd};

TEST_CASE("SIMD exp and log equal the C library's double rounded once, over the whole f32 range") {
  std::vector<float> x;
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 1021) {
    float v;
    const uint32_t b = static_cast<uint32_t>(bits);
    std::memcpy(&v, &b, 4);
    x.push_back(v);
  }
  // Every f32 with |x| <= 87 whose e^x in double lies within 8 double ulps of a midpoint
  // between two floats (a numpy search over all of them): the hardest cases to round.
  for (uint32_t bits : kExpNearMidpoint) {
    float v;
    std::memcpy(&v, &bits, 4);
    x.push_back(v);
  }
  // (log was also compared with the C library over all 2^32 patterns on AVX-512: no difference.)
  for (const auto& [op, f] : {std::pair{simd::Unary::kExp, &ops::Exp::Apply},
                              std::pair{simd::Unary::kLog, &ops::Log::Apply}}) {
    std::vector<float> want(x.size()), got(x.size());
    for (size_t i = 0; i < x.size(); ++i) want[i] = f(x[i]);
    ForEachTarget([&] {
      simd::UnaryF32(op, x.data(), got.data(), x.size());
      size_t bad = 0;
      for (size_t i = 0; i < x.size(); ++i) {
        bad += std::memcmp(&got[i], &want[i], 4) != 0 && !(std::isnan(got[i]) && std::isnan(want[i]));
      }
      INFO("op " << static_cast<int>(op));
      CHECK(bad == 0);
    });
  }
}

}  // namespace
}  // namespace pto::interp

namespace pto::interp {
namespace {

// Every 16-bit pattern as the first operand (NaNs, infinities, subnormals included), against a
// mix of patterns as the second: the SIMD loops give the element functions' bits exactly,
// except that which NaN payload an operation propagates is the hardware's choice (as for f32).
void CheckHalfLoops() {
  std::vector<uint16_t> a(65536), b(65536), got(65536);
  std::mt19937 rng(7);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<uint16_t>(i);
    b[i] = static_cast<uint16_t>(rng());
  }
  for (simd::HalfType t : {simd::HalfType::kF16, simd::HalfType::kBF16}) {
    auto load = [t](uint16_t v) { return t == simd::HalfType::kF16 ? HalfToFloat(v) : BF16ToFloat(v); };
    auto store = [t](float v) { return t == simd::HalfType::kF16 ? FloatToHalf(v) : FloatToBF16(v); };
    auto same = [&](uint16_t got, float want) {
      return got == store(want) || (std::isnan(load(got)) && std::isnan(want));
    };
    for (const auto& [op, f] : kBinaryCases) {
      // 256 rows of 256 inside rows of 256: one contiguous run; then 255 of each row.
      for (size_t cols : {256, 255}) {
        std::fill(got.begin(), got.end(), 0);
        simd::BinaryHalfRows(t, op, a.data(), 256, b.data(), 256, got.data(), 256, 256, cols);
        size_t bad = 0;
        for (size_t r = 0; r < 256; ++r) {
          for (size_t c = 0; c < cols; ++c) {
            const size_t i = r * 256 + c;
            bad += !same(got[i], f(load(a[i]), load(b[i])));
          }
        }
        INFO("type " << static_cast<int>(t) << " op " << static_cast<int>(op) << " cols " << cols);
        CHECK(bad == 0);
      }
      for (bool first : {false, true}) {
        const float k = load(0x3fc0);  // 1.5 in bf16; 1.9375 in f16
        simd::ScalarHalf(t, op, a.data(), k, first, got.data(), a.size());
        size_t bad = 0;
        for (size_t i = 0; i < a.size(); ++i) {
          bad += !same(got[i], first ? f(k, load(a[i])) : f(load(a[i]), k));
        }
        INFO("tile-scalar type " << static_cast<int>(t) << " op " << static_cast<int>(op));
        CHECK(bad == 0);
      }
    }
  }
}

// A tile-scalar operand is rounded once from double to the element type; doubles that are
// exact f32 values take a shortcut through the f32 conversions, which must agree.
TEST_CASE("scalars round to f16 and bf16 as the generic encoder rounds them") {
  std::mt19937_64 rng(3);
  std::vector<double> values = {0.0, -0.0, INFINITY, -INFINITY, NAN, 65504.0, 65519.99, 65520.0,
                                3.4e38, 3.3895313892515355e38, 1e-8, 2.9802322387695312e-08,
                                1e-40, 1.0 + 1e-12, 0.1};
  for (int i = 0; i < 200000; ++i) {
    uint32_t bits = static_cast<uint32_t>(rng());
    float f;
    std::memcpy(&f, &bits, 4);
    values.push_back(f);
    values.push_back(static_cast<double>(f) * (1.0 + std::ldexp(1.0, -40)));
  }
  auto same = [](float x, float y) {
    return std::memcmp(&x, &y, 4) == 0 || (std::isnan(x) && std::isnan(y));
  };
  auto generic = [](double v, FloatFormat format) {
    return static_cast<float>(DecodeFloat(EncodeFloat(v, format, RoundMode::kRint), format));
  };
  size_t bad = 0;
  for (double v : values) {
    bad += !same(Elem<Half>::FromDouble(v), generic(v, kHalfFormat));
    bad += !same(Elem<BFloat16>::FromDouble(v), generic(v, kBF16Format));
  }
  CHECK(bad == 0);
}

TEST_CASE("SIMD f16 and bf16 loops equal the element functions bit for bit") {
  ForEachTarget(CheckHalfLoops);
}

}  // namespace
}  // namespace pto::interp

namespace pto::interp {
namespace {

// Element (r, c) of a matrix stored as \a l, straight from simd::BoxLayout's definition.
size_t BoxedIndex(const simd::BoxLayout& l, size_t r, size_t c) {
  const size_t box = r / l.box_rows * l.row_box_step + c / l.box_cols * l.col_box_step;
  const size_t ir = r % l.box_rows, ic = c % l.box_cols;
  return box + (l.col_major ? ic * l.box_rows + ir : ir * l.box_cols + ic);
}

// Matmul operands packed out of (and results written into) every tile layout, for every
// element type, full and partial regions: exactly the elements the layout formula names.
void CheckPacking() {
  constexpr size_t kRows = 48, kCols = 64;
  std::mt19937 rng(11);
  std::vector<uint32_t> words(kRows * kCols);
  for (uint32_t& w : words) w = static_cast<uint32_t>(rng());
  for (simd::Widen from : {simd::Widen::kF32, simd::Widen::kBF16, simd::Widen::kF16}) {
    const bool wide = from == simd::Widen::kF32;
    const size_t elems_per_32 = wide ? 8 : 16;  // a box row or column holds 32 bytes
    auto element = [&](size_t i) {
      if (wide) {
        float f;
        std::memcpy(&f, &words[i], 4);
        return f;
      }
      uint16_t h;
      std::memcpy(&h, reinterpret_cast<const uint8_t*>(words.data()) + 2 * i, 2);
      return from == simd::Widen::kBF16 ? BF16ToFloat(h) : HalfToFloat(h);
    };
    const size_t br = 16, bc = elems_per_32, cr = elems_per_32, cc = 16;
    const simd::BoxLayout layouts[] = {
        {kRows, kCols, 0, 0, false},                  // ND
        {kRows, kCols, 0, 0, true},                   // DN
        {br, bc, br * bc, kRows * bc, false},         // NZ
        {br, bc, kCols * br, br * bc, false},         // ZZ
        {cr, cc, kCols * cr, cr * cc, true},          // ZN
        {cr, cc, cr * cc, kRows * cc, true},          // NN
    };
    for (const simd::BoxLayout& l : layouts) {
      for (auto [rows, cols] : {std::pair<size_t, size_t>{kRows, kCols}, {kRows - 5, kCols - 3}}) {
        INFO("from " << static_cast<int>(from) << " box " << l.box_rows << "x" << l.box_cols
                     << " col_major " << l.col_major << " region " << rows << "x" << cols);
        std::vector<float> got(rows * kCols, -1.0f), want(rows * kCols, -1.0f);
        simd::PackF32(from, words.data(), l, got.data(), kCols, rows, cols);
        for (size_t r = 0; r < rows; ++r) {
          for (size_t c = 0; c < cols; ++c) want[r * kCols + c] = element(BoxedIndex(l, r, c));
        }
        CheckSame(got, want, "pack");
        if (!wide) continue;
        std::vector<float> tile(kRows * kCols, -2.0f), expect = tile;
        simd::UnpackF32(want.data(), kCols, tile.data(), l, rows, cols);
        for (size_t r = 0; r < rows; ++r) {
          for (size_t c = 0; c < cols; ++c) expect[BoxedIndex(l, r, c)] = want[r * kCols + c];
        }
        CheckSame(tile, expect, "unpack");
      }
    }
  }
}

// BoxesOf describes every tile layout as TileType::ElementOffset lays it out.
TEST_CASE("the packing's description of a tile layout names the same elements") {
  for (DType dtype : {DType::kF32, DType::kBF16}) {
    for (BLayout b : {BLayout::kRowMajor, BLayout::kColMajor}) {
      for (SLayout sl : {SLayout::kNoneBox, SLayout::kRowMajor, SLayout::kColMajor}) {
        for (int32_t fractal : {512, 1024}) {
          TileType t;
          t.dtype = dtype;
          t.rows = 48;
          t.cols = 64;
          t.blayout = b;
          t.slayout = sl;
          t.fractal = fractal;
          const simd::BoxLayout l = BoxesOf(t);
          size_t bad = 0;
          for (int r = 0; r < t.rows; ++r) {
            for (int c = 0; c < t.cols; ++c) {
              bad += BoxedIndex(l, r, c) != static_cast<size_t>(t.ElementOffset(r, c));
            }
          }
          INFO(t.LayoutName() << " fractal " << fractal << " " << DTypeName(dtype));
          CHECK(bad == 0);
        }
      }
    }
  }
}

TEST_CASE("matmul packing moves the elements the layout names, on every instruction set") {
  ForEachTarget(CheckPacking);
}

}  // namespace
}  // namespace pto::interp

namespace pto::interp {
namespace {

// The power sequences' scalar step: ln and exp each rounded once from double, the product in f32.
float ScaledLogThenExp(float b, float e) {
  const float ln = static_cast<float>(std::log(static_cast<double>(b)));
  return static_cast<float>(std::exp(static_cast<double>(ln * e)));
}

// exp(e * ln b) in SIMD gives the scalar step's bits for every lane it takes (bases of every
// magnitude, exponents whose products reach past exp's range) and hands every other lane,
// whole registers of them, to the fallback: with the step itself as the fallback, every
// element equals it, with a tile exponent and with a scalar one.
TEST_CASE("SIMD exp of a scaled log equals its scalar steps") {
  std::vector<float> b = Inputs(5, 200003), e = Inputs(6, 200003);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> base(0.0f, 8.0f), power(-30.0f, 30.0f);
  for (size_t i = 0; i < b.size(); i += 2) b[i] = base(rng);
  for (size_t i = 0; i < e.size(); i += 3) e[i] = power(rng);
  std::vector<float> got(b.size()), want(b.size());
  ForEachTarget([&] {
    simd::ExpOfScaledLogF32(b.data(), e.data(), 0.0f, got.data(), b.size(), &ScaledLogThenExp);
    for (size_t i = 0; i < b.size(); ++i) want[i] = ScaledLogThenExp(b[i], e[i]);
    CheckSame(got, want, "tile exponent");
    for (float k : {2.5f, -0.75f, 31.0f, 0.0f}) {
      simd::ExpOfScaledLogF32(b.data(), nullptr, k, got.data(), b.size(), &ScaledLogThenExp);
      for (size_t i = 0; i < b.size(); ++i) want[i] = ScaledLogThenExp(b[i], k);
      CheckSame(got, want, "scalar exponent");
    }
  });
}

}  // namespace
}  // namespace pto::interp
