// The lexer on its own: token kinds, what it glues together, and which line ends it keeps.
#include "pto/grammar/lexer.h"

#include <doctest/doctest.h>

#include <vector>

namespace pto::grammar {
namespace {

using Kind = Parser::symbol_kind_type;

std::vector<Kind> Kinds(const std::string& text) {
  SourceFile file("t.pto", text);
  Diagnostics diags;
  Lexer lexer(file, diags);
  std::vector<Kind> kinds;
  for (;;) {
    Lexeme token = lexer.Next();
    if (token.kind() == Parser::symbol_kind::S_YYEOF) break;
    kinds.push_back(token.kind());
  }
  return kinds;
}

using S = Parser::symbol_kind;

TEST_CASE("dimension lists, hex and decimal numbers") {
  CHECK(Kinds("16x16xf32 ?x32 4xi16 16x1 0x1000 16 -3 1.5 2e-3\n") ==
        std::vector<Kind>{S::S_DIMS, S::S_DIMS, S::S_DIMS, S::S_DIMS, S::S_INT, S::S_INT,
                          S::S_INT, S::S_FLOAT, S::S_FLOAT, S::S_NEWLINE});
  // A PTO dialect element type ends the list with its '!': one token.
  CHECK(Kinds("16x32x!pto.hif8 ?x?x!pto.f4E2M1x2\n") ==
        std::vector<Kind>{S::S_DIMS, S::S_DIMS, S::S_NEWLINE});
}

TEST_CASE("names: values, symbols, types, attributes, keys, words") {
  CHECK(Kinds("%a %c16_i64 %r#1 @tile !pto.tile #pto.cmp ^bb0 loc= \"k\" = word .arg\n") ==
        std::vector<Kind>{S::S_VALUE, S::S_VALUE, S::S_VALUE, S::S_SYMBOL, S::S_BANG, S::S_HASH,
                          S::S_CARET, S::S_KEY, S::S_KEY, S::S_WORD, S::S_WORD, S::S_NEWLINE});
}

TEST_CASE("punctuation; '->' is one token and '>' closes an angle bracket") {
  CHECK(Kinds("( ) [ ] < > -> : , = ? * + |\n") ==
        std::vector<Kind>{S::S_LPAREN, S::S_RPAREN, S::S_LBRACKET, S::S_RBRACKET, S::S_LANGLE,
                          S::S_RANGLE, S::S_ARROW, S::S_COLON, S::S_COMMA, S::S_EQUAL,
                          S::S_QUESTION, S::S_STAR, S::S_PLUS, S::S_PIPE, S::S_NEWLINE});
}

TEST_CASE("line ends: kept between statements, dropped inside brackets and blank lines") {
  CHECK(Kinds("a\n\n\nb (\n c\n)\n") ==
        std::vector<Kind>{S::S_WORD, S::S_NEWLINE, S::S_WORD, S::S_LPAREN, S::S_WORD,
                          S::S_RPAREN, S::S_NEWLINE});
  // A line starting with ':' or '->' continues the statement; so does one ending in ','.
  CHECK(Kinds("a ,\n b\n : c\n -> d\n") ==
        std::vector<Kind>{S::S_WORD, S::S_COMMA, S::S_WORD, S::S_COLON, S::S_WORD, S::S_ARROW,
                          S::S_WORD, S::S_NEWLINE});
}

TEST_CASE("a '{' opens a dictionary or a region depending on what follows") {
  CHECK(Kinds("{a = 1}") ==
        std::vector<Kind>{S::S_LBRACE_ATTR, S::S_KEY, S::S_INT, S::S_RBRACE, S::S_NEWLINE});
  CHECK(Kinds("{pto.entry}") ==
        std::vector<Kind>{S::S_LBRACE_ATTR, S::S_WORD, S::S_RBRACE, S::S_NEWLINE});
  CHECK(Kinds("{\n  return\n}") ==
        std::vector<Kind>{S::S_LBRACE_REGION, S::S_NEWLINE, S::S_WORD, S::S_NEWLINE, S::S_RBRACE,
                          S::S_NEWLINE});
  CHECK(Kinds("{ return }") ==
        std::vector<Kind>{S::S_LBRACE_REGION, S::S_WORD, S::S_RBRACE, S::S_NEWLINE});
  CHECK(Kinds("{ %a = op }") == std::vector<Kind>{S::S_LBRACE_REGION, S::S_VALUE, S::S_EQUAL,
                                                   S::S_WORD, S::S_RBRACE, S::S_NEWLINE});
}

TEST_CASE("comments: // anywhere, # followed by a blank") {
  CHECK(Kinds("a // b c\n# d e\nf #g\n") ==
        std::vector<Kind>{S::S_WORD, S::S_NEWLINE, S::S_WORD, S::S_HASH, S::S_NEWLINE});
}

TEST_CASE("bad characters and NUL bytes are errors, not crashes") {
  std::string text("a \x01 b", 5);
  text += std::string("\0c\n", 3);
  SourceFile file("t.pto", text);
  Diagnostics diags;
  Lexer lexer(file, diags);
  while (lexer.Next().kind() != Parser::symbol_kind::S_YYEOF) {
  }
  CHECK(diags.error_count() == 2);
}

}  // namespace
}  // namespace pto::grammar
