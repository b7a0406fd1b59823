#include "pto/common/diagnostics.h"

#include <cstdio>
#include <sstream>

#include "pto/common/file_io.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

const char* SeverityName(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "note";
  }
  return "error";
}

// The caret line: keeps tabs from the source so the marker lines up in any tab width.
std::string CaretLine(std::string_view line, int col, int width) {
  std::string out;
  for (int i = 0; i + 1 < col && i < static_cast<int>(line.size()); ++i) {
    out += line[i] == '\t' ? '\t' : ' ';
  }
  out += '^';
  for (int i = 1; i < width; ++i) out += '~';
  return out;
}

}  // namespace

void Diagnostics::Add(Diagnostic d) {
  if (d.severity == Severity::kError) {
    ++error_count_;
    if (error_count_ > kMaxErrors) return;
  } else if (error_count_ > kMaxErrors) {
    return;
  }
  diagnostics_.push_back(std::move(d));
}

void Diagnostics::Error(const SourceFile* file, SourceRange range, std::string message) {
  Add({Severity::kError, file, range, "", 0, std::move(message), "", 0, 0});
}

void Diagnostics::Warning(const SourceFile* file, SourceRange range, std::string message) {
  Add({Severity::kWarning, file, range, "", 0, std::move(message), "", 0, 0});
}

void Diagnostics::Note(const SourceFile* file, SourceRange range, std::string message) {
  Add({Severity::kNote, file, range, "", 0, std::move(message), "", 0, 0});
}

void Diagnostics::BinaryError(const std::string& name, uint64_t offset, std::string message) {
  Add({Severity::kError, nullptr, {}, name, offset, std::move(message), "", 0, 0});
}

void Diagnostics::Error(std::string message) {
  Add({Severity::kError, nullptr, {}, "", 0, std::move(message), "", 0, 0});
}

void Diagnostics::At(Severity severity, const std::string& name, int line, int col,
                     std::string message) {
  Diagnostic d;
  d.severity = severity;
  d.message = std::move(message);
  d.pos_name = name;
  d.line = line;
  d.col = col;
  Add(std::move(d));
}

void Diagnostics::Render(std::ostream& out) const {
  for (const Diagnostic& d : diagnostics_) {
    const char* severity = SeverityName(d.severity);
    if (d.line > 0) {
      out << d.pos_name << ':' << d.line << ':' << d.col << ": " << severity << ": " << d.message
          << '\n';
      std::string text, ignored;
      if (ReadFile(d.pos_name, &text, &ignored)) {
        SourceFile source(d.pos_name, std::move(text));
        std::string_view src_line = source.Line(d.line);
        if (!src_line.empty()) out << src_line << '\n' << CaretLine(src_line, d.col, 1) << '\n';
      }
    } else if (d.file) {
      int line, col;
      d.file->LineCol(d.range.begin, &line, &col);
      out << d.file->name() << ':' << line << ':' << col << ": " << severity << ": " << d.message
          << '\n';
      std::string_view text = d.file->Line(line);
      int end_line, end_col;
      d.file->LineCol(d.range.end > d.range.begin ? d.range.end : d.range.begin, &end_line,
                      &end_col);
      int width = end_line == line ? end_col - col : static_cast<int>(text.size()) - col + 1;
      if (width < 1) width = 1;
      out << text << '\n' << CaretLine(text, col, width) << '\n';
    } else if (!d.binary_name.empty()) {
      char offset[32];
      std::snprintf(offset, sizeof offset, "0x%06llx",
                    static_cast<unsigned long long>(d.binary_offset));
      out << d.binary_name << ':' << offset << ": " << severity << ": " << d.message << '\n';
    } else {
      out << severity << ": " << d.message << '\n';
    }
  }
  if (error_count_ > kMaxErrors) {
    out << "note: " << error_count_ - kMaxErrors << " more errors not shown\n";
  }
}

std::string Diagnostics::ToString() const {
  std::ostringstream out;
  Render(out);
  return out.str();
}

}  // namespace pto
