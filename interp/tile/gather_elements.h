// What the gather and scatter kernels share (tile/gather.cc, tile/scatter.cc): an index tile's
// elements as integers, an element's address, how a fault names an element, and the check of
// flat indices.
#ifndef PTO_INTERP_TILE_GATHER_ELEMENTS_H_
#define PTO_INTERP_TILE_GATHER_ELEMENTS_H_

#include <cstring>
#include <string>

#include "pto/common/strings.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp {

/// Element (r, c) of an integer index tile, widened (its type's sign kept).
inline int64_t IndexAt(const TileRef& t, int64_t r, int64_t c) {
  const uint8_t* p = t.base + t.type->ElementOffset(r, c) * DTypeSize(t.type->dtype);
  switch (t.type->dtype) {
    case DType::kI16: { int16_t v; std::memcpy(&v, p, 2); return v; }
    case DType::kU16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
    case DType::kI32: { int32_t v; std::memcpy(&v, p, 4); return v; }
    case DType::kU32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
    default: return -1;  // the verifier admits only the four types above
  }
}

inline uint8_t* ElementPtr(const TileRef& t, int64_t r, int64_t c) {
  return t.base + t.type->ElementOffset(r, c) * DTypeSize(t.type->dtype);
}

/// "%idx[1, 2]": element (r, c) of \a t, for messages.
inline std::string At(Executor& ex, const TileRef& t, int64_t r, int64_t c) {
  return StrCat(ex.TileName(t.reg), "[", r, ", ", c, "]");
}

/// Faults unless every index of \a idx's rows x cols region counts an element of \a flat's whole
/// storage (row-major): the flat gather reads there, the flat scatter writes there.
inline bool CheckFlatIndices(Executor& ex, const TileRef& idx, int32_t rows, int32_t cols,
                             const TileRef& flat) {
  const int64_t capacity = int64_t{flat.type->rows} * flat.type->cols;
  for (int32_t i = 0; i < rows; ++i) {
    for (int32_t j = 0; j < cols; ++j) {
      const int64_t k = IndexAt(idx, i, j);
      if (k < 0 || k >= capacity) {
        return ex.Fault(StrCat("index ", At(ex, idx, i, j), " = ", k, " is outside ",
                               ex.TileName(flat.reg), ", which holds ", flat.type->rows, "x",
                               flat.type->cols, " = ", capacity, " elements"));
      }
    }
  }
  return true;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_GATHER_ELEMENTS_H_
