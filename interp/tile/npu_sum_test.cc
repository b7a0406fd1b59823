// The NPU's row sums two ways: the scalar sequence (npu_sum.cc) and the SIMD loops
// (host_simd/simd_npu_sum.cc) agree bit for bit on both architectures, for rows of one repeat or
// less, with tails, with odd numbers of repeats, with cancellation and signed zeros; and the
// orders differ where they should.
#include "pto/interp/tile/npu_sum.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace pto::interp {
namespace {

std::vector<float> Row(std::mt19937& rng, int32_t cols) {
  std::uniform_real_distribution<float> mantissa(-1.0f, 1.0f);
  std::uniform_int_distribution<int> exponent(-20, 20);
  std::vector<float> row(static_cast<size_t>(cols));
  for (float& v : row) v = std::ldexp(mantissa(rng), exponent(rng));
  return row;
}

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

TEST_CASE("npu row sum: the SIMD loops give the scalar sequence's bits") {
  std::mt19937 rng(7);
  for (Arch arch : {Arch::kA5, Arch::kA2A3}) {
    for (int32_t cols : {1, 40, 64, 65, 104, 128, 129, 200, 256, 456, 576, 1000}) {
      for (int trial = 0; trial < 20; ++trial) {
        std::vector<float> row = Row(rng, cols);
        if (trial == 1) row.assign(row.size(), -0.0f);  // -0 lanes and +0 padding
        if (trial == 2) row[0] = 1e30f, row[cols - 1] = -1e30f;
        float simd_sum;
        NpuRowSumsF32(arch, row.data(), cols, 1, cols, &simd_sum, 1);
        const float scalar_sum = NpuRowSum<float>(arch, row.data(), cols, false);
        CAPTURE(ArchName(arch));
        CAPTURE(cols);
        CAPTURE(trial);
        CHECK(Bits(simd_sum) == Bits(scalar_sum));
      }
    }
  }
}

TEST_CASE("npu row sum: a5 and a2a3 orders differ, and neither is the exact sum") {
  // 200 columns: three repeats and 8 lanes. a5 adds repeat sums in turn; a2a3 adds repeats
  // lane by lane first.
  std::mt19937 rng(11);
  int differ = 0, inexact = 0;
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<float> row = Row(rng, 200);
    double exact = 0;
    for (float v : row) exact += v;  // far closer to the exact sum than any f32 order
    const float a5 = NpuRowSum<float>(Arch::kA5, row.data(), 200, false);
    const float a2a3 = NpuRowSum<float>(Arch::kA2A3, row.data(), 200, false);
    differ += Bits(a5) != Bits(a2a3);
    inexact += Bits(a5) != Bits(static_cast<float>(exact));
  }
  CHECK(differ > 0);
  CHECK(inexact > 0);
}

}  // namespace
}  // namespace pto::interp
