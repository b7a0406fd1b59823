// re2c source of the PTO assembly lexer. Generated into the build directory, never committed.
#include "pto/grammar/lexer.h"

#include <cstring>
#include <string>

#include "pto/common/strings.h"

namespace pto::grammar {

using Token = Parser::token;

Lexer::Lexer(const SourceFile& file, Diagnostics& diags, bool outline)
    : file_(file),
      diags_(diags),
      base_(reinterpret_cast<const unsigned char*>(file.text().c_str())),
      cur_(base_),
      lim_(base_ + file.text().size()),
      outline_(outline) {}

// Starts just inside the '{' in the state the whole-file lexer is in there (see MaybeSkipBody).
Lexer::Lexer(const SourceFile& file, Diagnostics& diags, const SkippedBody& body)
    : Lexer(file, diags) {
  cur_ = base_ + body.range.begin + 1;
  stack_.push_back({Open::kRegion, body.range.begin});
  outer_depth_ = body.depth - 1;
  last_ = Token::LBRACE_REGION;
  region_only_ = true;
}

// The source text from \a begin to \a end: tokens point into the file rather than copy it.
static std::string_view Text(const unsigned char* begin, const unsigned char* end) {
  return {reinterpret_cast<const char*>(begin), static_cast<size_t>(end - begin)};
}

SourceRange Lexer::Range() const { return {Offset(tok_), Offset(cur_)}; }

Lexeme Lexer::Lex(Parser::token_kind_type token, std::string_view text) const {
  return {token, text, Range()};
}

void Lexer::Error(SourceRange range, std::string message) {
  diags_.Error(&file_, range, std::move(message));
}

bool Lexer::InsideGroup() const {
  return !stack_.empty() && stack_.back().kind != Open::kRegion;
}

// Skips blanks, line ends and comments from p; returns the first other character position.
static const unsigned char* SkipSpace(const unsigned char* p, const unsigned char* lim,
                                      bool* saw_newline) {
  while (p < lim) {
    if (*p == ' ' || *p == '\t' || *p == '\r') {
      ++p;
    } else if (*p == '\n') {
      *saw_newline = true;
      ++p;
    } else if (*p == '/' && p + 1 < lim && p[1] == '/') {
      while (p < lim && *p != '\n') ++p;
    } else if (*p == '#' && (p + 1 == lim || p[1] == ' ' || p[1] == '\t' || p[1] == '\n')) {
      while (p < lim && *p != '\n') ++p;
    } else {
      break;
    }
  }
  return p;
}

// No statement starts with these, so a line that does continues the one before: a signature
// (":", "->"), an operand list "(", an attribute dictionary or region "{", a keyword operand
// ("name = ..."), a DMA group ("nburst(...)"), or one of the clause words of func, scf and
// DPS operations.
bool Lexer::NextLineContinues() const {
  static const char* const kClauseWords[] = {"attributes", "ins", "outs", "to", "step",
                                             "iter_args", "else", "do", "wait", "loc"};
  bool newline = false;
  const unsigned char* p = SkipSpace(cur_, lim_, &newline);
  if (p >= lim_) return false;
  if (*p == ':' || *p == '(' || *p == '{') return true;
  if (*p == '-') return p + 1 < lim_ && p[1] == '>';
  const unsigned char* word = p;
  while (p < lim_ && (isalnum(*p) || *p == '_')) ++p;
  if (p == word || isdigit(*word) || (p < lim_ && *p == '.')) return false;
  std::string_view text(reinterpret_cast<const char*>(word), p - word);
  for (const char* clause : kClauseWords) {
    if (text == clause) return true;
  }
  // VPTO's DMA operand groups: "nburst(...)", "loop(...)" (and PTOAS's aliases "loop1(...)",
  // "loop2(...)"), "pad(...)" (a bare word with '(' may also start a call-form statement,
  // "tpush_to_aiv(%t : T)", so only these).
  if (p < lim_ && *p == '(' &&
      (text == "nburst" || text == "loop" || text == "loop1" || text == "loop2" || text == "pad")) {
    return true;
  }
  while (p < lim_ && (*p == ' ' || *p == '\t')) ++p;
  return p + 1 < lim_ && p[0] == '=' && p[1] != '=';
}

// Whether the next line starts with a value and has no '=' outside brackets: the operands of
// an operation whose name ended the line before ("%lo, %hi = pto.vmi.vintlv" then "%a, %b,
// %m {pmode = "zero"}"), not a statement of its own ("%x = ...", "%a, %b = ...").
bool Lexer::NextLineIsOperands() const {
  bool newline = false;
  const unsigned char* p = SkipSpace(cur_, lim_, &newline);
  if (p >= lim_ || *p != '%') return false;
  int depth = 0;
  for (; p < lim_ && *p != '\n' && *p != 0; ++p) {
    if (*p == '{' || *p == '(' || *p == '[' || *p == '<') ++depth;
    if (*p == '}' || *p == ')' || *p == ']' || *p == '>') --depth;
    if (*p == '"') {  // a string's '=' and brackets do not count
      for (++p; p < lim_ && *p != '"' && *p != '\n' && *p != 0; ++p) {
      }
      if (p >= lim_ || *p != '"') return false;
    }
    if (*p == '=' && depth == 0) return false;
  }
  return true;
}

// A dictionary starts with "name =", "name," "name}" or a quoted key on the same line; a
// region starts with a value, a block label, or an operation name. "{}" is an empty
// dictionary, "{" followed by a line end and "}" an empty region.
bool Lexer::BraceOpensDictionary() const {
  bool newline = false;
  const unsigned char* p = SkipSpace(cur_, lim_, &newline);
  if (p >= lim_) return false;
  if (*p == '}') return !newline;
  if (*p == '"') return true;
  if (!(isalpha(*p) || *p == '_')) return false;
  const unsigned char* word = p;
  while (p < lim_ && (isalnum(*p) || *p == '_' || *p == '.' || *p == '$' || *p == '-')) ++p;
  std::string_view name(reinterpret_cast<const char*>(word), p - word);
  while (p < lim_ && (*p == ' ' || *p == '\t')) ++p;
  if (p >= lim_) return false;
  if (*p == '=') return true;
  // "{ return }" is a one-line region, "{pto.entry}" a dictionary with a unit attribute.
  if (name == "return" || name == "func.return" || name == "scf.yield") return false;
  return !newline && (*p == ',' || *p == '}');
}

Lexeme Lexer::Close(Open expected, Lexeme token) {
  SourceRange range = Range();
  bool matches = !stack_.empty() && (stack_.back().kind == expected ||
                                     (expected == Open::kAttr && stack_.back().kind == Open::kRegion));
  if (matches) {
    stack_.pop_back();
    if (region_only_ && stack_.empty()) {
      region_closed_ = true;  // Next() ends the input here
      region_end_ = range.begin;
    }
    return token;
  }
  std::string closing(reinterpret_cast<const char*>(tok_), cur_ - tok_);
  if (stack_.empty()) {
    Error(range, StrCat("'", closing, "' has no matching opening bracket"));
  } else {
    int line, col;
    file_.LineCol(stack_.back().offset, &line, &col);
    const char* want = ")";
    switch (stack_.back().kind) {
      case Open::kParen: want = ")"; break;
      case Open::kBracket: want = "]"; break;
      case Open::kAngle: want = ">"; break;
      case Open::kAttr:
      case Open::kRegion: want = "}"; break;
    }
    Error(range, StrCat("'", closing, "' does not match the bracket opened at line ", line,
                        ", column ", col, " (expected '", want, "')"));
    stack_.pop_back();  // take it as a mistyped close, so the next lines parse normally
  }
  return Lexeme{Token::YYerror, {}, range};
}

bool Lexer::Push(Open kind, bool module_body) {
  if (outer_depth_ + stack_.size() >= kMaxNesting) {
    Error(Range(), StrCat("brackets, dictionaries and regions nest more than ", kMaxNesting,
                          " deep here"));
    // Nothing after this is lexed: the parser ends without messages of its own (the error
    // token, then the end of input), and no unclosed bracket is reported.
    too_deep_ = true;
    finished_ = true;
    return false;
  }
  stack_.push_back({kind, Offset(tok_), module_body});
  return true;
}

Lexeme Lexer::EndOfInput() {
  SourceRange at{Offset(lim_), Offset(lim_)};
  if (!finished_) {
    finished_ = true;
    for (const OpenBracket& open : stack_) {
      const char* what = open.kind == Open::kRegion ? "region '{'" : "bracket";
      Error({open.offset, open.offset + 1}, StrCat("unclosed ", what, " opened here"));
    }
    if (!stack_.empty()) return Lexeme{Token::YYerror, {}, at};
    // Every statement ends with a line end, even the last one of a file without a final one.
    if (last_ != Token::NEWLINE) return Lexeme{Token::NEWLINE, {}, at};
  }
  return Lexeme{Token::END, {}, at};
}

Lexeme Lexer::EndOfRegion() {
  SourceRange at{region_end_, region_end_};
  if (last_ != Token::NEWLINE) {
    last_ = Token::NEWLINE;
    return Lexeme{Token::NEWLINE, {}, at};
  }
  return Lexeme{Token::END, {}, at};
}

// The '}' closing a function body, found without lexing the body: only strings and comments
// hold braces that do not count. nullptr where the text is unusual (an unterminated string, a
// NUL byte, no match): the body is then lexed as usual and any error reported as usual.
static const unsigned char* MatchingBrace(const unsigned char* p, const unsigned char* lim) {
  int depth = 1;
  for (;;) {
    // The text ends in a NUL (lim), so strcspn stops there at the latest.
    p += std::strcspn(reinterpret_cast<const char*>(p), "{}\"/#");
    if (p >= lim || *p == 0) return nullptr;
    unsigned char c = *p;
    if (c == '{') {
      ++depth;
      ++p;
    } else if (c == '}') {
      if (--depth == 0) return p;
      ++p;
    } else if (c == '"') {
      for (++p;; ++p) {
        if (p >= lim || *p == '\n' || *p == 0) return nullptr;
        if (*p == '"') break;
        if (*p == '\\') {
          if (p + 1 >= lim || p[1] == '\n' || p[1] == 0) return nullptr;
          ++p;
        }
      }
      ++p;
    } else if ((c == '/' && p[1] == '/') ||
               (c == '#' && (p[1] == ' ' || p[1] == '\t' || p[1] == '\r' || p[1] == '\n'))) {
      while (p < lim && *p != '\n') {
        if (*p == 0) return nullptr;
        ++p;
      }
    } else {
      ++p;
    }
  }
}

// At a region's '{' (already on the stack). A function body is skipped where the assembler
// looks for functions: a func.func statement at the top level or in a module's region.
void Lexer::MaybeSkipBody() {
  if (!outline_ || !func_head_ || in_label_) return;
  for (size_t i = 0; i + 1 < stack_.size(); ++i) {
    if (!stack_[i].module_body) return;
  }
  const unsigned char* close = MatchingBrace(cur_, lim_);
  if (!close) return;
  skipped_.push_back({{Offset(tok_), Offset(close) + 1}, outer_depth_ + static_cast<uint32_t>(stack_.size())});
  cur_ = close;
}

Lexeme Lexer::Next() {
  for (;;) {
    if (too_deep_) return Lexeme{Token::END, {}, {Offset(cur_), Offset(cur_)}};
    if (region_closed_) return EndOfRegion();
    Lexeme token = Scan();
    if (region_closed_) continue;  // the '}' that ends a region lexed on its own
    Parser::token_kind_type kind = token.token;
    if (last_ == Token::NEWLINE || last_ == Token::SEMI || last_ == Token::LBRACE_REGION) {
      // The first token of a statement ("%r = func.func" is not looked for).
      std::string_view text = Text(tok_, cur_);
      func_head_ = kind == Token::WORD && text == "func.func";
      module_head_ = kind == Token::WORD && text == "module";
    }
    if (kind == Token::NEWLINE) {
      if (last_ == Token::NEWLINE) continue;  // blank lines
      // A line that ends in a separator or in "%r = op-name" (its operands on the next
      // lines), or a next line that starts with "->" or ":", continues the statement; but
      // "^bb0(%x: T):" ends with its colon.
      bool label_end = in_label_ && last_ == Token::COLON;
      const bool op_name_alone =
          last_ == Token::WORD && before_last_ == Token::EQUAL && NextLineIsOperands();
      if (!label_end && (last_ == Token::COMMA || last_ == Token::COLON ||
                         last_ == Token::ARROW || last_ == Token::EQUAL || last_ == Token::KEY ||
                         op_name_alone || NextLineContinues())) {
        continue;
      }
      in_label_ = false;
    } else if (kind == Token::CARET && (last_ == Token::NEWLINE || last_ == Token::LBRACE_REGION)) {
      in_label_ = true;
    }
    before_last_ = last_;
    last_ = kind;
    return token;
  }
}

// Parses the digits of an integer literal; big ones and hex patterns keep their text.
Lexeme Lexer::Scan() {
  for (;;) {
    tok_ = cur_;
    /*!re2c
      re2c:api:style = free-form;
      re2c:define:YYCTYPE = "unsigned char";
      re2c:define:YYCURSOR = cur_;
      re2c:define:YYMARKER = mar_;
      re2c:define:YYCTXMARKER = ctx_;
      re2c:define:YYLIMIT = lim_;
      re2c:yyfill:enable = 0;
      re2c:eof = 0;

      ident = [a-zA-Z_] [a-zA-Z0-9_$.]*;
      suffix_id = [a-zA-Z0-9_$.\-]+;
      dim = [0-9]+ | "?";
      blank = [ \t\r]+;
      digits = [0-9]+;
      exponent = [eE] [+-]? digits;
      string = "\"" ([^"\\\n\x00] | "\\" [^\n\x00])* "\"";

      $ { return EndOfInput(); }
      blank { continue; }
      "//" [^\n\x00]* { continue; }
      "#" / [ \t\r\n] { while (cur_ < lim_ && *cur_ != '\n') ++cur_; continue; }
      "\n" {
        if (InsideGroup()) continue;
        return Lex(Token::NEWLINE);
      }

      "%" suffix_id ("#" digits)? {
        return Lex(Token::VALUE, Text(tok_ + 1, cur_));
      }
      "@" (ident | string) { return Lex(Token::SYMBOL, Text(tok_ + 1, cur_)); }
      "!" ident { return Lex(Token::BANG, Text(tok_ + 1, cur_)); }
      "#" ident { return Lex(Token::HASH, Text(tok_ + 1, cur_)); }
      "^" suffix_id { return Lex(Token::CARET, Text(tok_ + 1, cur_)); }

      string blank? "=" / [^=] {
        const unsigned char* end = cur_ - 1;
        while (*end != '"') --end;
        return Lex(Token::KEY, Text(tok_ + 1, end));
      }

      "0x" [0-9a-fA-F]+ { return Lex(Token::INT, Text(tok_, cur_)); }
      // 16x16xf32, ?x?, and 16x32x!pto.hif8 (a PTO dialect element type, '!' kept).
      (dim "x")+ (dim | ident | "!" ident) { return Lex(Token::DIMS, Text(tok_, cur_)); }
      "-"? digits { return Lex(Token::INT, Text(tok_, cur_)); }
      "-"? digits "." [0-9]* exponent? | "-"? digits exponent {
        return Lex(Token::FLOAT, Text(tok_, cur_));
      }
      // "name =" (not "==") is one token. Looked for here rather than by a rule of its own, which
      // would make the automaton remember a fallback position at every letter of every name.
      ident {
        const unsigned char* p = cur_;
        while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
        if (*p == '=' && p + 1 < lim_ && p[1] != '=') {
          std::string_view name = Text(tok_, cur_);
          cur_ = p + 1;
          return Lex(Token::KEY, name);
        }
        return Lex(Token::WORD, Text(tok_, cur_));
      }
      "." ident | "..." { return Lex(Token::WORD, Text(tok_, cur_)); }
      string { return Lex(Token::STRING, Text(tok_ + 1, cur_ - 1)); }

      "->" { return Lex(Token::ARROW); }
      ";" { return Lex(Token::SEMI); }
      "," { return Lex(Token::COMMA); }
      ":" { return Lex(Token::COLON); }
      "=" { return Lex(Token::EQUAL); }
      "?" { return Lex(Token::QUESTION); }
      "*" { return Lex(Token::STAR); }
      "+" { return Lex(Token::PLUS); }
      "|" { return Lex(Token::PIPE); }
      "(" { return Push(Open::kParen) ? Lex(Token::LPAREN) : Lex(Token::YYerror); }
      "[" { return Push(Open::kBracket) ? Lex(Token::LBRACKET) : Lex(Token::YYerror); }
      "<" { return Push(Open::kAngle) ? Lex(Token::LANGLE) : Lex(Token::YYerror); }
      "{" {
        if (BraceOpensDictionary()) {
          return Push(Open::kAttr) ? Lex(Token::LBRACE_ATTR) : Lex(Token::YYerror);
        }
        if (!Push(Open::kRegion, module_head_)) return Lex(Token::YYerror);
        SourceRange range = Range();
        MaybeSkipBody();
        return Lexeme{Token::LBRACE_REGION, {}, range};
      }
      ")" { return Close(Open::kParen, Lex(Token::RPAREN)); }
      "]" { return Close(Open::kBracket, Lex(Token::RBRACKET)); }
      ">" { return Close(Open::kAngle, Lex(Token::RANGLE)); }
      "}" { return Close(Open::kAttr, Lex(Token::RBRACE)); }

      "\"" {
        Error(Range(), "unterminated string");
        while (cur_ < lim_ && *cur_ != '\n') ++cur_;
        return Lex(Token::YYerror);
      }
      * {
        unsigned char c = *tok_;
        std::string shown = c >= 0x20 && c < 0x7f ? StrCat("'", static_cast<char>(c), "'")
                                                   : StrCat("byte ", Hex(c));
        Error(Range(), StrCat("unexpected character ", shown));
        return Lex(Token::YYerror);
      }
    */
  }
}

}  // namespace pto::grammar
