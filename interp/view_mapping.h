// Global-memory views padded to five dimensions, as the kernels that move data see them, and
// checked against the buffer they point into (view_mapping.cc). The Machine family makes and
// partitions views with them (machine_kernels.cc); tile/load_store_move.cc and tile/comm.cc
// read and write through them.
#ifndef PTO_INTERP_VIEW_MAPPING_H_
#define PTO_INTERP_VIEW_MAPPING_H_

#include <cstdint>
#include <string>

#include "pto/interp/executor.h"

namespace pto::interp::view_mapping {

/// A view padded to five dimensions with leading 1s.
struct Geometry {
  int64_t dim[kMaxViewRank];
  int64_t stride[kMaxViewRank];

  /// Global element index of row r, column c of the (DIM_3, DIM_4) plane at outer index
  /// \a outer (DIM_0..DIM_2 walked as one), for a view starting at element \a base.
  int64_t Index(int64_t base, int64_t outer, int64_t r, int64_t c) const {
    const int64_t i2 = outer % dim[2], i1 = (outer / dim[2]) % dim[1];
    const int64_t i0 = outer / (dim[2] * dim[1]);
    return base + i0 * stride[0] + i1 * stride[1] + i2 * stride[2] + r * stride[3] +
           c * stride[4];
  }
};

Geometry Pad(const ViewState& v);

/// The rows x cols the window of \a v covers on a row-major (else column-major) tile: the
/// outer dimensions fold into rows (columns). False when the product overflows.
bool FoldedExtents(const ViewState& v, bool row_major, int64_t* rows, int64_t* cols);

/// "16x32" for \a n dimensions.
std::string ShapeText(const int64_t* dims, int n);

/// Faults (naming the view as \a what) unless every element of \a v lies in its buffer.
bool CheckInBuffer(Executor& ex, const ViewState& v, const char* what);

}  // namespace pto::interp::view_mapping

#endif  // PTO_INTERP_VIEW_MAPPING_H_
