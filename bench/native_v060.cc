// The native baseline of PTOAS v0.60's tile instructions (taxpy, tpows, taddrelu, trandom):
// plain loops of what ptorun's semantics prescribe (docs/semantics.md), on the same inputs as
// bench/programs.py's gen_vec_v060, so the outputs compare bit for bit.
//   * taxpy: d = fma(k, a, d), one rounding (the NPU's fused vaxpy);
//   * tpows: a5's default sequence, exp(e * ln|b|) with ln and exp in double rounded once to
//     f32 each, then its special cases (interp/tile/power.cc);
//   * taddrelu: the f32 sum, then max with 0 (NaN stays NaN);
//   * trandom: Philox4x32, 10 rounds, only the counters whose words land in the tile.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "native_common.h"

namespace pto_bench {

namespace {

NOINLINE void Axpy(const float* __restrict a, float k, float* __restrict d, int n) {
  for (int i = 0; i < n; ++i) d[i] = std::fma(k, a[i], d[i]);
}

NOINLINE void AddRelu(const float* __restrict a, const float* __restrict b, float* __restrict d,
                      int n) {
  for (int i = 0; i < n; ++i) {
    const float s = a[i] + b[i];
    d[i] = s > 0.0f || std::isnan(s) ? s : 0.0f;
  }
}

float FloatOfBits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

uint32_t BitsOfFloat(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// A5's special cases over the computed power d of b ^ e, in the NPU's order.
inline float PowSpecialCases(float d, float b, float e) {
  if (e == 0.0f || b == 1.0f) return 1.0f;
  if (std::isnan(b) || std::isnan(e)) return std::numeric_limits<float>::quiet_NaN();
  const bool odd = std::fma(std::floor(e * 0.5f), -2.0f, e) == 1.0f;
  if (std::isinf(b) || b == 0.0f) {
    const float t = e < 0.0f ? FloatOfBits(BitsOfFloat(b) ^ 0x7f800000u) : b;
    return odd ? t : std::fabs(t);
  }
  if (b < 0.0f) d = e != std::floor(e) ? std::numeric_limits<float>::quiet_NaN() : (odd ? -d : d);
  if (std::isinf(e) && b == -1.0f) d = 1.0f;
  return d;
}

NOINLINE void PowS(const float* __restrict b, float e, float* __restrict d, int n) {
  for (int i = 0; i < n; ++i) {
    const float ln = static_cast<float>(std::log(static_cast<double>(std::fabs(b[i]))));
    const float p = static_cast<float>(std::exp(static_cast<double>(e * ln)));
    d[i] = PowSpecialCases(p, b[i], e);
  }
}

// Word c of row r is word c % 4 of Philox4x32(counter + r * row_step + c / 4). Per row, the
// rounds run over all its counters at once (lanes innermost, as the NPU's 64 lanes do), which
// the compiler vectorises.
NOINLINE void Random(uint32_t* __restrict d, int rows, int cols, const uint32_t key[2],
                     const uint32_t counter[4], int rounds) {
  unsigned __int128 start = 0;
  for (int w = 3; w >= 0; --w) start = (start << 32) | counter[w];
  const int row_step = 64 * ((cols + 255) / 256 - 1) + (cols - 1) % 64 + 1;
  const int groups = (cols + 3) / 4;
  std::vector<uint32_t> lanes(4 * static_cast<size_t>(groups));
  uint32_t* __restrict x0 = lanes.data();
  uint32_t* __restrict x1 = x0 + groups;
  uint32_t* __restrict x2 = x1 + groups;
  uint32_t* __restrict x3 = x2 + groups;
  for (int r = 0; r < rows; ++r) {
    for (int g = 0; g < groups; ++g) {
      const unsigned __int128 c = start + static_cast<unsigned>(r * row_step + g);
      x0[g] = static_cast<uint32_t>(c), x1[g] = static_cast<uint32_t>(c >> 32);
      x2[g] = static_cast<uint32_t>(c >> 64), x3[g] = static_cast<uint32_t>(c >> 96);
    }
    uint32_t k0 = key[0], k1 = key[1];
    for (int i = 0; i < rounds; ++i) {
      for (int g = 0; g < groups; ++g) {
        const uint64_t p0 = uint64_t{x0[g]} * 0xD2511F53u, p1 = uint64_t{x2[g]} * 0xCD9E8D57u;
        x0[g] = static_cast<uint32_t>(p1 >> 32) ^ x1[g] ^ k0;
        x2[g] = static_cast<uint32_t>(p0 >> 32) ^ x3[g] ^ k1;
        x1[g] = static_cast<uint32_t>(p1);
        x3[g] = static_cast<uint32_t>(p0);
      }
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
    uint32_t* row = d + static_cast<size_t>(r) * cols;
    for (int g = 0; g < groups; ++g) {
      const uint32_t out[4] = {x0[g], x1[g], x2[g], x3[g]};
      for (int w = 0; w < 4 && 4 * g + w < cols; ++w) row[4 * g + w] = out[w];
    }
  }
}

// One benchmark of op on an r x c tile: times it, then dumps the output of one call on the
// initial data (taxpy accumulates into d while timed).
void RunV060(const std::string& op, const std::string& name, int r, int c,
             const std::string& dump) {
  const std::string shape = std::to_string(r) + "x" + std::to_string(c);
  const int n = r * c;
  if (op == "trandom") {
    // bench/numpy_bench.py RANDOM_KEY, RANDOM_COUNTER, RANDOM_ROUNDS.
    const uint32_t key[2] = {0x12345678u, 0x9ABCDEF0u};
    const uint32_t counter[4] = {0xFFFFFF00u, 7, 0, 42};
    uint32_t* out = Buf::Alloc<uint32_t>(n);
    Report(name, TimeNs([&] { Random(out, r, c, key, counter, 10); }, false));
    Dump(dump, name, out, n * 4);
    std::free(out);
    return;
  }
  float* a = Load<float>((op == "tpows" ? "p_" : "a_") + shape + ".f32", n);
  float* b = Load<float>("b_" + shape + ".f32", n);
  float* out = Buf::Alloc<float>(n);
  if (op == "taxpy") {
    std::memcpy(out, b, n * 4);
    Report(name, TimeNs([&] { Axpy(a, 1.5f, out, n); }, false));
    std::memcpy(out, b, n * 4);
    Axpy(a, 1.5f, out, n);
  } else if (op == "tpows") {
    Report(name, TimeNs([&] { PowS(a, 2.5f, out, n); }, false));
  } else {
    Report(name, TimeNs([&] { AddRelu(a, b, out, n); }, false));
  }
  Dump(dump, name, out, n * 4);
  std::free(a), std::free(b), std::free(out);
}

}  // namespace

std::vector<Case> V060Cases() {
  std::vector<Case> cases;
  const int sizes[3][2] = {{16, 64}, {64, 64}, {128, 128}};
  for (const char* op_c : {"taxpy", "tpows", "taddrelu", "trandom"}) {
    const std::string op = op_c;
    for (const auto& sz : sizes) {
      const int r = sz[0], c = sz[1];
      const std::string name = op + (op == "trandom" ? "_ui32_" : "_f32_") + std::to_string(r) +
                               "x" + std::to_string(c);
      cases.push_back({name, [=](const std::string& dump) { RunV060(op, name, r, c, dump); }});
    }
  }
  return cases;
}

}  // namespace pto_bench
