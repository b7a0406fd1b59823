// Runs the lexer and parser over one source file and collects the statements.
#ifndef PTO_GRAMMAR_PARSE_DRIVER_H_
#define PTO_GRAMMAR_PARSE_DRIVER_H_

#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/source.h"
#include "grammar/syntax.h"

namespace pto::grammar {

/// Parses \a file into \a statements. Syntax errors go to \a diags (several per run: the parser
/// recovers at the next line end). Returns false if there were any.
[[nodiscard]] bool Parse(const SourceFile& file, Diagnostics& diags,
                         std::vector<Statement>* statements);

/// Glue between the generated parser and the rest: builds literal items (reporting bad
/// numbers) and receives the result. Used only by the grammar.
class ParseDriver {
 public:
  ParseDriver(const SourceFile& file, Diagnostics& diags) : file_(file), diags_(diags) {}

  void SetStatements(std::vector<Statement> statements) { statements_ = std::move(statements); }
  std::vector<Statement>& statements() { return statements_; }

  Item MakeValue(const std::string& text, const SourceRange& range);
  Item MakeInt(const std::string& text, const SourceRange& range);
  Item MakeFloat(const std::string& text, const SourceRange& range);
  /// The N of "%r:N" (1..255).
  int64_t ParseCount(const std::string& text, const SourceRange& range);
  void SyntaxError(const SourceRange& range, const std::string& message);

 private:
  const SourceFile& file_;
  Diagnostics& diags_;
  std::vector<Statement> statements_;
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_PARSE_DRIVER_H_
