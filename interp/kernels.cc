#include "interp/kernels.h"

#include "common/strings.h"

namespace pto::interp {

bool Overlaps(const TileRef& a, const TileRef& b) {
  if (a.type->mem != b.type->mem) return false;
  return a.addr < b.addr + b.bytes() && b.addr < a.addr + a.bytes();
}

bool RequireCovers(Executor& ex, const TileRef& src, int32_t rows, int32_t cols,
                   const char* role) {
  if (src.valid_rows >= rows && src.valid_cols >= cols) return true;
  return ex.Fault(StrCat("the ", role, " ", ex.TileName(src.reg), " has a valid shape of ",
                         src.valid_rows, "x", src.valid_cols, " but ", rows, "x", cols,
                         " elements are needed"));
}

}  // namespace pto::interp
