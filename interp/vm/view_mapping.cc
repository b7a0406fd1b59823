// The checks and shapes of global-memory views (view_mapping.h).
#include "pto/interp/vm/view_mapping.h"

#include "pto/common/strings.h"

namespace pto::interp::view_mapping {

Geometry Pad(const ViewState& v) {
  Geometry g;
  int lead = kMaxViewRank - v.rank;
  for (int i = 0; i < kMaxViewRank; ++i) {
    g.dim[i] = i < lead ? 1 : v.shape[i - lead];
    g.stride[i] = i < lead ? 0 : v.stride[i - lead];
  }
  return g;
}

bool FoldedExtents(const ViewState& v, bool row_major, int64_t* rows, int64_t* cols) {
  const Geometry g = Pad(v);
  int64_t outer = 1;
  *rows = g.dim[3];
  *cols = g.dim[4];
  return !(__builtin_mul_overflow(g.dim[0], g.dim[1], &outer) ||
           __builtin_mul_overflow(outer, g.dim[2], &outer) ||
           __builtin_mul_overflow(outer, row_major ? g.dim[3] : g.dim[4], row_major ? rows : cols));
}

std::string ShapeText(const int64_t* dims, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += StrCat(i ? "x" : "", dims[i]);
  return s;
}

enum class Reach { kNothing, kSome, kOverflow };

// Smallest and largest element index a view touches. Sizes and strides come from run-time
// values, so the arithmetic is checked.
Reach Extent(const ViewState& v, int64_t* lo, int64_t* hi) {
  *lo = *hi = v.offset;
  for (int i = 0; i < v.rank; ++i) {
    if (v.shape[i] == 0) return Reach::kNothing;
  }
  for (int i = 0; i < v.rank; ++i) {
    int64_t span;
    if (__builtin_mul_overflow(v.shape[i] - 1, v.stride[i], &span)) return Reach::kOverflow;
    int64_t* end = span < 0 ? lo : hi;
    if (__builtin_add_overflow(*end, span, end)) return Reach::kOverflow;
  }
  return Reach::kSome;
}

bool FitsInBuffer(const Executor& ex, const ViewState& v) {
  int64_t lo, hi;
  const Reach reach = Extent(v, &lo, &hi);
  return reach == Reach::kNothing ||
         (reach == Reach::kSome && lo >= 0 && hi < ex.globals()[v.buffer].elements());
}

bool CheckInBuffer(Executor& ex, const ViewState& v, const char* what) {
  int64_t lo, hi;
  const Reach reach = Extent(v, &lo, &hi);
  if (reach == Reach::kNothing) return true;
  if (reach == Reach::kOverflow) {
    return ex.Fault(StrCat(what, " of shape ", ShapeText(v.shape, v.rank),
                           " reaches beyond any buffer (its sizes and strides overflow)"));
  }
  const GlobalBuffer& buf = ex.globals()[v.buffer];
  if (lo < 0 || hi >= buf.elements()) {
    return ex.Fault(StrCat(what, " of shape ", ShapeText(v.shape, v.rank), " reaches element ",
                           lo < 0 ? lo : hi, " of ", buf.name, ", which holds ",
                           buf.elements(), " elements"));
  }
  return true;
}

}  // namespace pto::interp::view_mapping
