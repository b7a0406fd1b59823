// The PTO assembly lexer (generated from lexer.re by re2c).
#ifndef PTO_GRAMMAR_LEXER_H_
#define PTO_GRAMMAR_LEXER_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "pto/common/diagnostics.h"
#include "pto/common/source.h"
#include "pto/grammar/parser.hh"

namespace pto::grammar {

/// A token as the lexer finds it; the token stream makes the parser's symbols from it.
struct Lexeme {
  Parser::token_kind_type token = Parser::token::END;
  /// Names, numbers and strings: the text without its sigil or quotes. Empty otherwise.
  std::string_view text;
  SourceRange range;

  Parser::symbol_kind_type kind() const { return static_cast<Parser::symbol_kind_type>(token); }
};

/// Turns source text into tokens for the parser. It tracks brackets itself, so that line ends
/// inside (), [], <> and attribute dictionaries do not end a statement, and it decides whether
/// a '{' opens a region or an attribute dictionary by looking at what follows.
class Lexer {
 public:
  /// Lexes the whole file. With \a outline, the bodies of functions (the region of a
  /// func.func statement at the top level or in a module) are skipped: each comes out as an
  /// empty region whose range still spans its braces, to be lexed later with the next
  /// constructor. skipped() lists them.
  Lexer(const SourceFile& file, Diagnostics& diags, bool outline = false);
  /// Lexes the statements of the skipped body \a body, as if they were a file: the matching
  /// '}' ends the input. region_end() is where that '}' is.
  Lexer(const SourceFile& file, Diagnostics& diags, const SkippedBody& body);

  /// The next token for the parser.
  Lexeme Next();

  const std::vector<SkippedBody>& skipped() const { return skipped_; }
  /// The offset of the '}' that closed a region lexed on its own, or 0 if it did not close.
  uint32_t region_end() const { return region_end_; }
  /// Whether the region left a block label unfinished, which its own lexing cannot reproduce.
  bool in_label() const { return in_label_; }

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
    bool module_body = false;  ///< The region of a module statement.
  };

  Lexeme Scan();
  SourceRange Range() const;
  /// The token just scanned (from tok_ to cur_).
  Lexeme Lex(Parser::token_kind_type token, std::string_view text = {}) const;
  uint32_t Offset(const unsigned char* p) const { return static_cast<uint32_t>(p - base_); }
  void Error(SourceRange range, std::string message);

  /// True when line ends are not statement ends here (inside a bracket or a dictionary).
  bool InsideGroup() const;
  /// True if the text after the line end at cur_ continues the statement (a "->" or ":" line).
  bool NextLineContinues() const;
  bool NextLineIsOperands() const;
  /// Decides, at a '{', whether an attribute dictionary or a region follows.
  bool BraceOpensDictionary() const;
  Lexeme Close(Open expected, Lexeme token);
  Lexeme EndOfInput();
  /// After the '}' of a region lexed on its own: a last line end, then the end of input.
  Lexeme EndOfRegion();
  /// At a region's '{': skips a function body if outlining (see the first constructor).
  void MaybeSkipBody();
  /// Opens a bracket, dictionary or region at tok_; false (reported, and the input ends here)
  /// if that nests deeper than kMaxNesting.
  bool Push(Open kind, bool module_body = false);

  const SourceFile& file_;
  Diagnostics& diags_;
  const unsigned char* base_;
  const unsigned char* cur_;
  const unsigned char* lim_;
  const unsigned char* tok_ = nullptr;
  const unsigned char* mar_ = nullptr;
  const unsigned char* ctx_ = nullptr;
  std::vector<OpenBracket> stack_;
  uint32_t outer_depth_ = 0;  ///< Brackets open around the region lexed on its own.
  bool too_deep_ = false;     ///< Nesting crossed kMaxNesting: the input ends there.
  Parser::token_kind_type last_ = Parser::token::NEWLINE;
  Parser::token_kind_type before_last_ = Parser::token::NEWLINE;  ///< The token before last_.
  bool in_label_ = false;  ///< The statement is a block label ("^bb0(...):").
  bool finished_ = false;

  bool outline_ = false;
  bool region_only_ = false;   ///< Lexing one region: its '}' ends the input.
  bool region_closed_ = false;
  uint32_t region_end_ = 0;
  /// Statement heads: func.func bodies are skipped when outlining, in files and modules.
  bool func_head_ = false;
  bool module_head_ = false;
  std::vector<SkippedBody> skipped_;
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_LEXER_H_
