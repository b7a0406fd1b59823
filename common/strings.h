// Small string helpers (g++ 12 has no <format>).
#ifndef PTO_COMMON_STRINGS_H_
#define PTO_COMMON_STRINGS_H_

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace pto {

/// Concatenates the stream representations of \a parts.
template <typename... Parts>
std::string StrCat(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

/// "0x1f00".
std::string Hex(uint64_t value);
/// Shortest text that reads back as the same double ("1.5", "1e-06", "inf", "nan").
std::string FormatDouble(double value);
/// Splits \a text at every \a sep.
std::vector<std::string_view> Split(std::string_view text, char sep);

}  // namespace pto

#endif  // PTO_COMMON_STRINGS_H_
