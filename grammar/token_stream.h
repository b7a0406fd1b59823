// The tokens the parser reads: the lexer's, with the plain items of a statement's operands
// handed over in runs.
#ifndef PTO_GRAMMAR_TOKEN_STREAM_H_
#define PTO_GRAMMAR_TOKEN_STREAM_H_

#include "pto/grammar/lexer.h"
#include "pto/grammar/parse_driver.h"
#include "pto/grammar/parser.hh"

namespace pto::grammar {

/// Sits between the lexer and the parser. Once a statement's head (its operation name) has
/// been read, every run of plain tokens (values, words, numbers, types, punctuation; anything
/// but brackets and statement ends) becomes one OPERANDS token, whose items the driver builds
/// as they are lexed. The grammar only decides where statements, groups and regions begin and
/// end; taking operands one token at a time cost a shift and a reduction each, most of the
/// parser's time on a large file.
class TokenStream {
 public:
  TokenStream(Lexer& lexer, ParseDriver& driver) : lexer_(lexer), driver_(driver) {}

  /// The next token for the parser.
  Parser::symbol_type Next();

 private:
  /// Follows the statement structure: results and the head come as single tokens, the rest
  /// of the statement as runs.
  void Track(Parser::symbol_kind_type kind);
  bool AddPlain(const Lexeme& token, ItemRun* run);

  Lexer& lexer_;
  ParseDriver& driver_;
  Lexeme pending_token_;  ///< The token that ended the last run, not yet returned.
  bool pending_ = false;
  bool in_operands_ = false;  ///< Past the current statement's head.
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_TOKEN_STREAM_H_
