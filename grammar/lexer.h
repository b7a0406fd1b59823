// The PTO assembly lexer (generated from lexer.re by re2c).
#ifndef PTO_GRAMMAR_LEXER_H_
#define PTO_GRAMMAR_LEXER_H_

#include <cstdint>
#include <vector>

#include "common/diagnostics.h"
#include "common/source.h"
#include "grammar/parser.hh"

namespace pto::grammar {

/// Turns source text into tokens for the parser. It tracks brackets itself, so that line ends
/// inside (), [], <> and attribute dictionaries do not end a statement, and it decides whether
/// a '{' opens a region or an attribute dictionary by looking at what follows.
class Lexer {
 public:
  Lexer(const SourceFile& file, Diagnostics& diags);

  /// The next token for the parser.
  Parser::symbol_type Next();

 private:
  enum class Open : char {
    kParen = '(',
    kBracket = '[',
    kAngle = '<',
    kAttr = 'a',
    kRegion = 'r',
  };
  struct OpenBracket {
    Open kind;
    uint32_t offset;
  };

  Parser::symbol_type Scan();
  SourceRange Range() const;
  uint32_t Offset(const unsigned char* p) const { return static_cast<uint32_t>(p - base_); }
  void Error(SourceRange range, std::string message);

  /// True when line ends are not statement ends here (inside a bracket or a dictionary).
  bool InsideGroup() const;
  /// True if the text after the line end at cur_ continues the statement (a "->" or ":" line).
  bool NextLineContinues() const;
  /// Decides, at a '{', whether an attribute dictionary or a region follows.
  bool BraceOpensDictionary() const;
  Parser::symbol_type Close(Open expected, Parser::symbol_type token);
  Parser::symbol_type EndOfInput();

  const SourceFile& file_;
  Diagnostics& diags_;
  const unsigned char* base_;
  const unsigned char* cur_;
  const unsigned char* lim_;
  const unsigned char* tok_ = nullptr;
  const unsigned char* mar_ = nullptr;
  const unsigned char* ctx_ = nullptr;
  std::vector<OpenBracket> stack_;
  Parser::token_kind_type last_ = Parser::token::NEWLINE;
  bool in_label_ = false;  ///< The statement is a block label ("^bb0(...):").
  bool finished_ = false;
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_LEXER_H_
