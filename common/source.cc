#include "pto/common/source.h"

#include <algorithm>
#include <cstring>

namespace pto {

std::ostream& operator<<(std::ostream& out, const SourceRange& range) {
  return out << range.begin << '-' << range.end;
}

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {}

void SourceFile::BuildLineMap() const {
  if (!line_starts_.empty()) return;
  line_starts_.push_back(0);
  const char* begin = text_.data();
  const char* end = begin + text_.size();
  // memchr skips a line at a time: a large file's first message needs every line start.
  for (const char* p = begin; (p = static_cast<const char*>(std::memchr(p, '\n', end - p)));) {
    ++p;
    line_starts_.push_back(static_cast<uint32_t>(p - begin));
  }
}

void SourceFile::LineCol(uint32_t offset, int* line, int* col) const {
  BuildLineMap();
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  int index = static_cast<int>(it - line_starts_.begin()) - 1;
  *line = index + 1;
  *col = static_cast<int>(offset - line_starts_[index]) + 1;
}

std::string_view SourceFile::Line(int line) const {
  BuildLineMap();
  if (line < 1 || line > static_cast<int>(line_starts_.size())) return {};
  uint32_t start = line_starts_[line - 1];
  size_t end = text_.find('\n', start);
  if (end == std::string::npos) end = text_.size();
  std::string_view view(text_);
  std::string_view result = view.substr(start, end - start);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

}  // namespace pto
