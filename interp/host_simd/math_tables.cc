#include "pto/interp/host_simd/math_tables.h"

#include <bit>
#include <cmath>

namespace pto::interp::simd {

namespace {

LogTable BuildLog() {
  LogTable t{};
  const int64_t width = int64_t{1} << (52 - kLogTableBits);  // in double bit patterns
  for (int64_t i = 0; i < kLogTableSize; ++i) {
    const double lo = std::bit_cast<double>(kLogTableStartBits + i * width);
    const double hi = std::bit_cast<double>(kLogTableStartBits + (i + 1) * width);
    const bool holds_one = lo <= 1.0 && 1.0 < hi;  // there r = z - 1 is exact (Sterbenz)
    t.invc[i] = holds_one ? 1.0 : 2.0 / (lo + hi);
    t.logc[i] = -std::log(t.invc[i]);
  }
  return t;
}

Exp2Table BuildExp2() {
  Exp2Table t{};
  for (int64_t j = 0; j < kExp2TableSize; ++j) {
    const double v = std::exp2(static_cast<double>(j) / kExp2TableSize);
    t.bits[j] = std::bit_cast<int64_t>(v) - (j << (52 - kExp2TableBits));
  }
  return t;
}

}  // namespace

const LogTable& LogTableF32() {
  static const LogTable table = BuildLog();
  return table;
}

const Exp2Table& Exp2TableF32() {
  static const Exp2Table table = BuildExp2();
  return table;
}

}  // namespace pto::interp::simd
