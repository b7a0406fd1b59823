// Source text with a lazily built line map, and byte ranges into it.
#ifndef PTO_COMMON_SOURCE_H_
#define PTO_COMMON_SOURCE_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace pto {

/// Half-open byte range [begin, end) in one source file. Doubles as the Bison location type:
/// the default YYLLOC_DEFAULT only needs the begin and end members.
struct SourceRange {
  uint32_t begin = 0;
  uint32_t end = 0;
};
std::ostream& operator<<(std::ostream& out, const SourceRange& range);

/// A named source text. Line and column are computed only when a message needs them.
class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }

  /// 1-based line and column (in bytes) of byte \a offset.
  void LineCol(uint32_t offset, int* line, int* col) const;
  /// The text of 1-based line \a line, without its newline.
  std::string_view Line(int line) const;

 private:
  void BuildLineMap() const;

  std::string name_;
  std::string text_;
  mutable std::vector<uint32_t> line_starts_;
};

}  // namespace pto

#endif  // PTO_COMMON_SOURCE_H_
