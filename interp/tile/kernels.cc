#include "pto/interp/tile/kernels.h"

#include "pto/common/strings.h"

namespace pto::interp {

bool NotCovered(Executor& ex, const TileRef& src, int32_t rows, int32_t cols, const char* role) {
  return ex.Fault(StrCat("the ", role, " ", ex.TileName(src.reg), " has a valid shape of ",
                         src.valid_rows, "x", src.valid_cols, " but ", rows, "x", cols,
                         " elements are needed"));
}

}  // namespace pto::interp
