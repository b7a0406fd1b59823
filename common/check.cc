#include "pto/common/check.h"

#include <cstdio>
#include <cstdlib>

namespace pto {

void CheckFailed(const char* file, int line, const char* condition, const char* why) {
  std::fprintf(stderr, "%s:%d: internal error: %s: %s\n", file, line, condition, why);
  std::fflush(stderr);
  std::abort();
}

}  // namespace pto
