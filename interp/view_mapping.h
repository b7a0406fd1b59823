// Global-memory views as the tile kernels see them: padded to five dimensions and checked
// against the buffer they point into (memory_kernels.cc).
#ifndef PTO_INTERP_VIEW_MAPPING_H_
#define PTO_INTERP_VIEW_MAPPING_H_

#include <cstdint>

#include "interp/executor.h"

namespace pto::interp::view_mapping {

/// A view padded to five dimensions with leading 1s.
struct Geometry {
  int64_t dim[kMaxViewRank];
  int64_t stride[kMaxViewRank];
};

Geometry Pad(const ViewState& v);

/// Faults (naming the view as \a what) unless every element of \a v lies in its buffer.
bool CheckInBuffer(Executor& ex, const ViewState& v, const char* what);

}  // namespace pto::interp::view_mapping

#endif  // PTO_INTERP_VIEW_MAPPING_H_
