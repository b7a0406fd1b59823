#include "common/source.h"

#include <algorithm>

namespace pto {

std::ostream& operator<<(std::ostream& out, const SourceRange& range) {
  return out << range.begin << '-' << range.end;
}

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {}

void SourceFile::BuildLineMap() const {
  if (!line_starts_.empty()) return;
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
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
