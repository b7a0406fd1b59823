// StrCat prints each part as a stream would, whatever path it takes.
#include "pto/common/strings.h"

#include <doctest/doctest.h>

#include "pto/common/source.h"

namespace pto {
namespace {

template <typename... Parts>
std::string Streamed(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

TEST_CASE("StrCat matches stream output") {
  std::string s = "str";
  std::string_view v = "view";
  const char* p = "ptr";
  unsigned char uc = 'u';
  int8_t i8 = 'i';
  uint16_t u16 = 65535;
  int64_t big = INT64_MIN;
  size_t sz = SIZE_MAX;
  SourceRange r{3, 7};
  CHECK(StrCat("lit", s, v, p, 'c', uc, i8, u16, -12, big, sz, 2.5, 1e-7, true, r) ==
        Streamed("lit", s, v, p, 'c', uc, i8, u16, -12, big, sz, 2.5, 1e-7, true, r));
}

}  // namespace
}  // namespace pto
