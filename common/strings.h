// Small string helpers (g++ 12 has no <format>).
#ifndef PTO_COMMON_STRINGS_H_
#define PTO_COMMON_STRINGS_H_

#include <charconv>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace pto {

namespace strings_internal {

// Appends what `stream << part` would print. Text, characters and integers are appended
// directly: a stream per call costs more than the rest of many callers together.
template <typename T>
void Append(std::string& out, const T& part) {
  if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
                std::is_same_v<T, unsigned char>) {
    out.push_back(static_cast<char>(part));
  } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, part).ptr);
  } else if constexpr (std::is_pointer_v<T> && std::is_convertible_v<T, const char*>) {
    if (part) out.append(part);
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    out.append(std::string_view(part));
  } else {
    std::ostringstream stream;
    stream << part;
    out += stream.str();
  }
}

}  // namespace strings_internal

/// Concatenates the stream representations of \a parts.
template <typename... Parts>
std::string StrCat(const Parts&... parts) {
  std::string out;
  (strings_internal::Append(out, parts), ...);
  return out;
}

/// "0x1f00".
std::string Hex(uint64_t value);
/// Shortest text that reads back as the same double ("1.5", "1e-06", "inf", "nan").
std::string FormatDouble(double value);
/// Splits \a text at every \a sep.
std::vector<std::string_view> Split(std::string_view text, char sep);

}  // namespace pto

#endif  // PTO_COMMON_STRINGS_H_
