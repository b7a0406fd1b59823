// Diagnostics as data: collected while working, rendered once, GNU style with a caret line.
#ifndef PTO_COMMON_DIAGNOSTICS_H_
#define PTO_COMMON_DIAGNOSTICS_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "pto/common/source.h"

namespace pto {

enum class Severity { kError, kWarning, kNote };

/// One message. It points into a source file (text input), at a byte offset of a named binary
/// file (bytecode input), or nowhere.
struct Diagnostic {
  Severity severity = Severity::kError;
  const SourceFile* file = nullptr;  ///< Text location, when set.
  SourceRange range;
  std::string binary_name;           ///< Binary location, when non-empty.
  uint64_t binary_offset = 0;
  std::string message;
  /// A line and column in a file known only by name (a link error naming a function's
  /// source), when line > 0. The source line is shown if the file can be read.
  std::string pos_name;
  int line = 0;
  int col = 0;
};

/// Collects diagnostics. Nothing is printed until Render.
class Diagnostics {
 public:
  void Error(const SourceFile* file, SourceRange range, std::string message);
  void Warning(const SourceFile* file, SourceRange range, std::string message);
  void Note(const SourceFile* file, SourceRange range, std::string message);
  /// An error at byte \a offset of binary file \a name.
  void BinaryError(const std::string& name, uint64_t offset, std::string message);
  /// An error with no location.
  void Error(std::string message);
  /// A message at \a line:\a col of the file called \a name (no location if line is 0).
  void At(Severity severity, const std::string& name, int line, int col, std::string message);

  /// How far the list has come, to drop what an attempt added (see Rollback).
  struct Mark {
    size_t kept = 0;
    int errors = 0;
  };
  Mark Checkpoint() const { return {diagnostics_.size(), error_count_}; }
  /// Forgets every diagnostic added since \a mark.
  void Rollback(const Mark& mark) {
    diagnostics_.resize(mark.kept);
    error_count_ = mark.errors;
  }

  int error_count() const { return error_count_; }
  bool has_errors() const { return error_count_ > 0; }
  const std::vector<Diagnostic>& all() const { return diagnostics_; }

  /// Prints every diagnostic: "file:line:col: error: message", the source line, and a caret
  /// under the range (^~~~); binary ones as "file:0x0000a4: error: message"; one with no
  /// location as "error: message", or "TOOL: error: message" given \a tool. A message at a
  /// line of a file known by name echoes the line from \a sources when one has that name
  /// (text that was never a file), else from the file.
  void Render(std::ostream& out, std::string_view tool = {},
              const std::vector<const SourceFile*>& sources = {}) const;
  /// Render into a string (tests).
  std::string ToString() const;

  /// Errors beyond this many are counted but not kept, so a runaway input stays readable.
  static constexpr int kMaxErrors = 50;

 private:
  void Add(Diagnostic diagnostic);

  std::vector<Diagnostic> diagnostics_;
  int error_count_ = 0;
};

/// Prints source line \a line and under it a caret at byte column \a col (1-based) with
/// \a width - 1 tildes. Control characters and bytes of no valid UTF-8 sequence are shown
/// escaped ("\x1b"), so the source cannot drive the terminal; the caret stays aligned.
void EchoSourceLine(std::ostream& out, std::string_view line, int col, int width);

}  // namespace pto

#endif  // PTO_COMMON_DIAGNOSTICS_H_
