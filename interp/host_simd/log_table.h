// The table of simd_math-inl.h's logarithm: [0.69921875, 1.3984375) cut into kLogTableSize
// intervals of equal width in f32 bit patterns, each with a point c of its own and ln c.
#ifndef PTO_INTERP_HOST_SIMD_LOG_TABLE_H_
#define PTO_INTERP_HOST_SIMD_LOG_TABLE_H_

#include <cstdint>

namespace pto::interp::simd {

constexpr int kLogTableBits = 4;
constexpr int64_t kLogTableSize = int64_t{1} << kLogTableBits;
/// The bit pattern of the double 0.69921875, where interval 0 starts (the f32 0x3f330000): the
/// intervals then run to twice that, so 1.0 lies inside one (not on a border).
constexpr int64_t kLogTableStartBits = 0x3FE6600000000000;

struct LogTable {
  double invc[kLogTableSize];  // 1 / c, rounded; exactly 1 in the interval around 1.0
  double logc[kLogTableSize];  // -ln(invc), from the C library
};

/// Built on first use from std::log (no constants copied from anywhere).
const LogTable& LogTableF32();

}  // namespace pto::interp::simd

#endif  // PTO_INTERP_HOST_SIMD_LOG_TABLE_H_
