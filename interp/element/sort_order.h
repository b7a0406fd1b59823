// The order of the NPU's proposal sorts, which the tile sorts (TSORT32, TMRGSORT) and the
// register layer's (vbitsort, vmrgsort4) share: descending by score, NaN above +inf.
#ifndef PTO_INTERP_ELEMENT_SORT_ORDER_H_
#define PTO_INTERP_ELEMENT_SORT_ORDER_H_

#include <cmath>
#include <cstdint>
#include <cstring>

#include "pto/common/dtype.h"
#include "pto/common/float_format.h"

namespace pto::interp::sort_order {

/// The sort key of the f16 or f32 value at \a p.
inline float KeyAt(const uint8_t* p, DType dtype) {
  if (dtype == DType::kF16) {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return HalfToFloat(h);
  }
  float f;
  std::memcpy(&f, p, 4);
  return f;
}

/// True if \a a sorts before \a b: larger first, NaN first of all.
inline bool Before(float a, float b) {
  if (std::isnan(b)) return false;
  return std::isnan(a) || a > b;
}

}  // namespace pto::interp::sort_order

#endif  // PTO_INTERP_ELEMENT_SORT_ORDER_H_
