// The tables of simd_math-inl.h's exponential and logarithm, built on first use from the C
// library (no constants copied from anywhere).
#ifndef PTO_INTERP_HOST_SIMD_MATH_TABLES_H_
#define PTO_INTERP_HOST_SIMD_MATH_TABLES_H_

#include <cstdint>

namespace pto::interp::simd {

/// The logarithm's: [0.69921875, 1.3984375) cut into kLogTableSize intervals of equal width in
/// f32 bit patterns, each with a point c of its own and ln c.
constexpr int kLogTableBits = 4;
constexpr int64_t kLogTableSize = int64_t{1} << kLogTableBits;
/// The bit pattern of the double 0.69921875, where interval 0 starts (the f32 0x3f330000): the
/// intervals then run to twice that, so 1.0 lies inside one (not on a border).
constexpr int64_t kLogTableStartBits = 0x3FE6600000000000;

struct LogTable {
  double invc[kLogTableSize];  // 1 / c, rounded; exactly 1 in the interval around 1.0
  double logc[kLogTableSize];  // -ln(invc), from the C library
};

/// Built on first use from std::log.
const LogTable& LogTableF32();

/// The exponential's: 2^(j/16) for j = 0..15, each less j << 48 in its bit pattern, so that
/// adding n << 48 for n = 16k + j gives the bits of 2^k 2^(j/16) (k lands in the exponent field).
constexpr int kExp2TableBits = 4;
constexpr int64_t kExp2TableSize = int64_t{1} << kExp2TableBits;

struct Exp2Table {
  int64_t bits[kExp2TableSize];
};

/// Built on first use from std::exp2.
const Exp2Table& Exp2TableF32();

}  // namespace pto::interp::simd

#endif  // PTO_INTERP_HOST_SIMD_MATH_TABLES_H_
