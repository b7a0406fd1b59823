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

// The length of the UTF-8 sequence at \a text[i] that a terminal shows as one printable
// character, or 0 if the byte is to be escaped: a control character (C0, DEL, C1, which
// can move the cursor or change colours) or a byte of no valid sequence.
size_t PrintableLength(std::string_view text, size_t i) {
  const unsigned char b = static_cast<unsigned char>(text[i]);
  if (b == '\t' || (b >= 0x20 && b < 0x7f)) return 1;
  size_t n = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
  if (n == 0 || b >= 0xf5 || i + n > text.size()) return 0;
  uint32_t cp = b & (0x7f >> n);
  for (size_t k = 1; k < n; ++k) {
    const unsigned char c = static_cast<unsigned char>(text[i + k]);
    if ((c & 0xc0) != 0x80) return 0;
    cp = cp << 6 | (c & 0x3f);
  }
  const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return 0;
  return cp < 0xa0 ? 0 : n;  // U+0080..U+009F are the C1 controls
}

// \a text with the bytes PrintableLength refuses escaped: messages quote source text.
std::string Printable(std::string_view text) {
  std::string shown;
  for (size_t i = 0; i < text.size();) {
    size_t n = PrintableLength(text, i);
    if (n > 0) {
      shown += text.substr(i, n);
      i += n;
      continue;
    }
    const unsigned char b = static_cast<unsigned char>(text[i++]);
    shown += StrCat("\\x", "0123456789abcdef"[b >> 4], "0123456789abcdef"[b & 0xf]);
  }
  return shown;
}

}  // namespace

void EchoSourceLine(std::ostream& out, std::string_view line, int col, int width) {
  // The line as the terminal should show it, and the caret under the same characters: one
  // column a character, four an escape ("\x1b"); tabs kept, so any tab width lines up.
  std::string shown, caret;
  const size_t begin = col > 0 ? static_cast<size_t>(col - 1) : 0;
  const size_t end = begin + static_cast<size_t>(width > 1 ? width : 1);
  bool marked = false;
  for (size_t i = 0; i < line.size();) {
    size_t n = PrintableLength(line, i);
    const bool escaped = n == 0;
    if (escaped) n = 1;
    const std::string piece = Printable(line.substr(i, n));
    const size_t columns = escaped ? piece.size() : 1;
    if (i < begin) {
      caret += piece == "\t" ? "\t" : std::string(columns, ' ');
    } else if (i < end) {
      caret += marked ? '~' : '^';
      caret += std::string(columns - 1, '~');
      marked = true;
    }
    shown += piece;
    i += n;
  }
  if (!marked) caret += '^';  // past the end of the line (an error at its end)
  out << shown << '\n' << caret << '\n';
}

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

void Diagnostics::Render(std::ostream& out, std::string_view tool,
                         const std::vector<const SourceFile*>& sources) const {
  for (const Diagnostic& d : diagnostics_) {
    const char* severity = SeverityName(d.severity);
    if (d.line > 0) {
      out << d.pos_name << ':' << d.line << ':' << d.col << ": " << severity << ": "
          << Printable(d.message) << '\n';
      const SourceFile* known = nullptr;
      for (const SourceFile* s : sources) {
        if (s->name() == d.pos_name) known = s;
      }
      std::string text, ignored;
      if (known) {
        std::string_view src_line = known->Line(d.line);
        if (!src_line.empty()) EchoSourceLine(out, src_line, d.col, 1);
      } else if (ReadFile(d.pos_name, &text, &ignored)) {
        SourceFile source(d.pos_name, std::move(text));
        std::string_view src_line = source.Line(d.line);
        if (!src_line.empty()) EchoSourceLine(out, src_line, d.col, 1);
      }
    } else if (d.file) {
      int line, col;
      d.file->LineCol(d.range.begin, &line, &col);
      out << d.file->name() << ':' << line << ':' << col << ": " << severity << ": "
          << Printable(d.message) << '\n';
      std::string_view text = d.file->Line(line);
      int end_line, end_col;
      d.file->LineCol(d.range.end > d.range.begin ? d.range.end : d.range.begin, &end_line,
                      &end_col);
      int width = end_line == line ? end_col - col : static_cast<int>(text.size()) - col + 1;
      if (width < 1) width = 1;
      EchoSourceLine(out, text, col, width);
    } else if (!d.binary_name.empty()) {
      char offset[32];
      std::snprintf(offset, sizeof offset, "0x%06llx",
                    static_cast<unsigned long long>(d.binary_offset));
      out << d.binary_name << ':' << offset << ": " << severity << ": " << Printable(d.message)
          << '\n';
    } else {
      if (!tool.empty()) out << tool << ": ";
      out << severity << ": " << Printable(d.message) << '\n';
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
