#include "grammar/token_stream.h"

#include <string_view>
#include <utility>

namespace pto::grammar {

namespace {

using Kind = Parser::symbol_kind;

// The spelling of a punctuation token, or nullptr if \a kind is not one.
const char* Punctuation(Parser::symbol_kind_type kind) {
  switch (kind) {
    case Kind::S_COMMA: return ",";
    case Kind::S_COLON: return ":";
    case Kind::S_EQUAL: return "=";
    case Kind::S_ARROW: return "->";
    case Kind::S_QUESTION: return "?";
    case Kind::S_STAR: return "*";
    case Kind::S_PLUS: return "+";
    case Kind::S_PIPE: return "|";
    default: return nullptr;
  }
}

// The item kind of a token with text, or false for brackets, statement ends and errors.
bool TextItemKind(Parser::symbol_kind_type kind, ItemKind* item) {
  switch (kind) {
    case Kind::S_VALUE: *item = ItemKind::kValue; return true;
    case Kind::S_SYMBOL: *item = ItemKind::kSymbol; return true;
    case Kind::S_BANG: *item = ItemKind::kBang; return true;
    case Kind::S_HASH: *item = ItemKind::kHash; return true;
    case Kind::S_CARET: *item = ItemKind::kCaret; return true;
    case Kind::S_WORD: *item = ItemKind::kWord; return true;
    case Kind::S_KEY: *item = ItemKind::kKey; return true;
    case Kind::S_STRING: *item = ItemKind::kString; return true;
    case Kind::S_DIMS: *item = ItemKind::kDims; return true;
    case Kind::S_INT: *item = ItemKind::kInt; return true;
    case Kind::S_FLOAT: *item = ItemKind::kFloat; return true;
    default: return false;
  }
}

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
  ItemKind item;
  if (TextItemKind(token.kind(), &item)) {
    driver_.AddToRun(run, item, token.text, token.range);
    return true;
  }
  if (const char* punct = Punctuation(token.kind())) {
    driver_.AddToRun(run, ItemKind::kPunct, punct, token.range);
    return true;
  }
  return false;
}

// The parser's symbol for a token taken on its own.
static Parser::symbol_type Symbol(const Lexeme& token) {
  ItemKind unused;
  if (TextItemKind(token.kind(), &unused)) return {token.token, token.text, token.range};
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
