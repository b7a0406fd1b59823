#include "pto/grammar/token_stream.h"

#include <array>
#include <string_view>
#include <utility>

namespace pto::grammar {

namespace {

using Kind = Parser::symbol_kind;

// What each token is as an operand item: its kind, and the spelling of punctuation (whose
// tokens carry no text). Brackets, statement ends and errors are not items.
struct TokenItem {
  bool is_item = false;
  bool has_text = false;
  ItemKind kind = ItemKind::kPunct;
  const char* punct = nullptr;
};

constexpr std::array<TokenItem, Parser::YYNTOKENS> MakeTokenItems() {
  std::array<TokenItem, Parser::YYNTOKENS> table{};
  auto text = [&](Parser::symbol_kind_type token, ItemKind kind) {
    table[token] = {true, true, kind, nullptr};
  };
  auto punct = [&](Parser::symbol_kind_type token, const char* spelling) {
    table[token] = {true, false, ItemKind::kPunct, spelling};
  };
  text(Kind::S_VALUE, ItemKind::kValue);
  text(Kind::S_SYMBOL, ItemKind::kSymbol);
  text(Kind::S_BANG, ItemKind::kBang);
  text(Kind::S_HASH, ItemKind::kHash);
  text(Kind::S_CARET, ItemKind::kCaret);
  text(Kind::S_WORD, ItemKind::kWord);
  text(Kind::S_KEY, ItemKind::kKey);
  text(Kind::S_STRING, ItemKind::kString);
  text(Kind::S_DIMS, ItemKind::kDims);
  text(Kind::S_INT, ItemKind::kInt);
  text(Kind::S_FLOAT, ItemKind::kFloat);
  punct(Kind::S_COMMA, ",");
  punct(Kind::S_COLON, ":");
  punct(Kind::S_EQUAL, "=");
  punct(Kind::S_ARROW, "->");
  punct(Kind::S_QUESTION, "?");
  punct(Kind::S_STAR, "*");
  punct(Kind::S_PLUS, "+");
  punct(Kind::S_PIPE, "|");
  return table;
}

constexpr std::array<TokenItem, Parser::YYNTOKENS> kTokenItems = MakeTokenItems();

const TokenItem& ItemOf(const Lexeme& token) { return kTokenItems[token.kind()]; }

}  // namespace

void TokenStream::Track(Parser::symbol_kind_type kind) {
  switch (kind) {
    case Kind::S_NEWLINE: case Kind::S_SEMI: case Kind::S_LBRACE_REGION:
      in_operands_ = false;  // a statement starts
      break;
    // Before the head: the results "%a, %b:2 =".
    case Kind::S_VALUE: case Kind::S_COLON: case Kind::S_INT: case Kind::S_COMMA:
    case Kind::S_EQUAL:
      break;
    default:
      in_operands_ = true;  // the head, or the '}' of a region back in its statement
      break;
  }
}

// Adds \a token to \a run if it is a plain item; false if it is not one.
bool TokenStream::AddPlain(const Lexeme& token, ItemRun* run) {
  const TokenItem& item = ItemOf(token);
  if (!item.is_item) return false;
  driver_.AddToRun(run, item.kind, item.has_text ? token.text : item.punct, token.range);
  return true;
}

// The parser's symbol for a token taken on its own.
static Parser::symbol_type Symbol(const Lexeme& token) {
  if (ItemOf(token).has_text) return {token.token, token.text, token.range};
  return {token.token, token.range};
}

Parser::symbol_type TokenStream::Next() {
  if (pending_) {
    pending_ = false;
    return Symbol(pending_token_);
  }
  Lexeme token = lexer_.Next();
  ItemRun run = driver_.StartRun();
  if (!in_operands_ || !AddPlain(token, &run)) {
    Track(token.kind());
    return Symbol(token);
  }
  SourceRange range = token.range;
  for (;;) {
    token = lexer_.Next();
    if (!AddPlain(token, &run)) break;
    range.end = token.range.end;
  }
  Track(token.kind());
  pending_token_ = token;
  pending_ = true;
  return Parser::make_OPERANDS(run, range);
}

}  // namespace pto::grammar
