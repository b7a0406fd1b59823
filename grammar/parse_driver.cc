#include "pto/grammar/parse_driver.h"

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_set>

#include "pto/common/strings.h"
#include "pto/grammar/lexer.h"
#include "pto/grammar/parser.hh"
#include "pto/grammar/token_stream.h"

namespace pto::grammar {

namespace {

// A NUL-terminated copy of a short token for the C number parsers (no heap for real numbers).
class TokenText {
 public:
  explicit TokenText(std::string_view text) : long_(text.size() < sizeof(short_) ? "" : text) {
    if (text.size() < sizeof(short_)) {
      text.copy(short_, text.size());
      short_[text.size()] = 0;
    }
  }
  const char* c_str() const { return long_.empty() ? short_ : long_.c_str(); }

 private:
  char short_[64];
  std::string long_;
};

// loc("file":line:col) as a Location; other forms (unknown, #alias, fused[...]) give nothing.
std::optional<Location> FileLocation(const Item& group) {
  std::span<const Item> c = group.children();
  if (c.size() != 5 || !c[0].Is(ItemKind::kString) || !c[1].IsPunct(":") ||
      !c[2].Is(ItemKind::kInt) || !c[3].IsPunct(":") || !c[4].Is(ItemKind::kInt)) {
    return std::nullopt;
  }
  return Location{c[0].text, static_cast<int>(c[2].number), static_cast<int>(c[4].number)};
}

bool IsLocation(std::span<const Item> items, size_t i) {
  return items[i].IsWord("loc") && i + 1 < items.size() && items[i + 1].IsGroup('(');
}

}  // namespace

uint32_t ParseDriver::AddToken(ItemKind kind, std::string_view text, const SourceRange& range) {
  items_.push_back(MakeToken(kind, text, range));
  return static_cast<uint32_t>(items_.size() - 1);
}

// The parts of a value, integer or float item that its text gives.
void ParseDriver::FillLiteral(Item* out) {
  Item& item = *out;
  ItemKind kind = item.kind;
  std::string_view text = item.text;
  if (kind == ItemKind::kValue) {
    item.number = 0;
    size_t hash = 0;  // names are short: a loop beats a call to memchr
    while (hash < text.size() && text[hash] != '#') ++hash;
    if (hash < text.size()) {
      item.text = text.substr(0, hash);
      item.index = std::atoi(TokenText(text.substr(hash + 1)).c_str());
    }
  } else if (kind == ItemKind::kInt) {
    item.number = IntValue(text, item.range);
  } else if (kind == ItemKind::kFloat) {
    item.real = std::strtod(TokenText(text).c_str(), nullptr);
  }
}

void ParseDriver::AddValue(std::string_view text, const SourceRange& range, int64_t count) {
  Item& item = items_[AddToken(ItemKind::kValue, text, range)];
  FillLiteral(&item);
  item.number = count;
}

// from_chars rather than strtoll: no NUL-terminated copy and no locale, for every literal.
// Out of range (past 2^64-1, or below -2^63), the value is clamped and an error reported.
int64_t ParseDriver::IntValue(std::string_view text, const SourceRange& range) {
  // Most literals are a few decimal digits: summed here, as no 18 digits can overflow.
  bool negative = !text.empty() && text[0] == '-';
  size_t digits = text.size() - negative;
  if (digits > 0 && digits <= 18 && !(digits > 1 && text[negative] == '0')) {
    int64_t v = 0;
    for (size_t i = negative; i < text.size(); ++i) v = v * 10 + (text[i] - '0');
    return negative ? -v : v;
  }
  const char* end = text.data() + text.size();
  bool too_large = false;
  int64_t number;
  if (text.size() > 2 && text[0] == '0' && text[1] == 'x') {
    uint64_t v = 0;
    too_large = std::from_chars(text.data() + 2, end, v, 16).ec == std::errc::result_out_of_range;
    if (too_large) v = UINT64_MAX;
    number = static_cast<int64_t>(v);  // hex literals are bit patterns
  } else if (text[0] != '-') {
    // MLIR reads a decimal that fits 64 bits unsigned as that bit pattern (2^64-1 is -1 in i64).
    uint64_t v = 0;
    too_large = std::from_chars(text.data(), end, v).ec == std::errc::result_out_of_range;
    number = too_large ? INT64_MAX : static_cast<int64_t>(v);
  } else {
    int64_t v = 0;
    too_large = std::from_chars(text.data(), end, v).ec == std::errc::result_out_of_range;
    number = too_large ? INT64_MIN : v;
  }
  if (too_large) diags_.Error(&file_, range, StrCat("integer ", text, " is too large"));
  return number;
}

ItemRun ParseDriver::StartRun() {
  // Runs are appended in order, so once the last one is taken the storage can be reused.
  if (runs_taken_ == runs_.size()) {
    runs_.clear();
    runs_taken_ = 0;
  }
  return {static_cast<uint32_t>(runs_.size()), 0};
}

void ParseDriver::AppendRun(ItemRun run) {
  items_.insert(items_.end(), runs_.begin() + run.start, runs_.begin() + run.start + run.count);
  runs_taken_ = run.start + run.count;
}

void ParseDriver::AddGroup(ItemKind kind, char open, const SourceRange& range,
                           uint32_t children) {
  Item group = MakeToken(kind, {}, range);
  group.open = open;
  group.SetChildren(TakeItems(children));
  if (kind == ItemKind::kAttrDict) CheckDictionary(group.children());
  items_.push_back(group);
}

// MLIR's dictionary attribute: "name = value" or a unit "name" entries, separated by commas,
// each name once. The meaning of the entries is the assembler's.
void ParseDriver::CheckDictionary(std::span<const Item> entries) {
  std::unordered_set<std::string_view> names;  // a set: a hostile dictionary can be long
  size_t start = 0;
  for (size_t i = 0; i <= entries.size(); ++i) {
    if (i < entries.size() && !entries[i].IsPunct(",")) continue;
    std::span<const Item> entry = entries.subspan(start, i - start);
    const bool last = i == entries.size();
    start = i + 1;
    if (entry.empty()) {
      if (last && i == 0) break;  // {}
      if (last) {
        diags_.Error(&file_, entries[i - 1].range, "expected an attribute after ','");
      } else {
        diags_.Error(&file_, entries[i].range, "expected an attribute before ','");
      }
      continue;
    }
    const Item& name = entry[0];
    const bool keyed = name.Is(ItemKind::kKey);
    if (!keyed && !name.Is(ItemKind::kWord) && !name.Is(ItemKind::kString)) {
      diags_.Error(&file_, name.range, "expected an attribute name");
      continue;
    }
    if (keyed && entry.size() == 1) {
      diags_.Error(&file_, name.range, StrCat("expected a value after '", name.text, " ='"));
      continue;
    }
    if (!keyed && entry.size() > 1) {
      diags_.Error(&file_, entry[1].range,
                   StrCat("expected '=' or ',' after the attribute name '", name.text, "'"));
      continue;
    }
    if (!names.insert(name.text).second) {
      diags_.Error(&file_, name.range,
                   StrCat("duplicate attribute '", name.text, "' in the dictionary"));
    }
  }
}

void ParseDriver::AddRegion(const SourceRange& range, ListStart start) {
  Item region = MakeToken(ItemKind::kRegion, {}, range);
  region.SetBody(TakeStatements(start.statements));
  items_.push_back(region);
}

// MLIR source locations carry nothing we use: every loc(...) trailer is dropped, wherever the
// printer put it (after types, operands, function arguments, regions), and so are
// "#loc = loc(...)" aliases. A statement keeps its own loc("file":line:col).
void ParseDriver::AddStatement(const SourceRange& range, uint32_t results, uint32_t head,
                               uint32_t items) {
  std::span<const Item> own(items_.data() + items, items_.size() - items);
  bool loc_alias = items_[head].Is(ItemKind::kHash) && own.size() >= 2 && own[1].IsWord("loc");
  if (loc_alias) {
    items_.resize(results);
    return;
  }
  Statement stmt;
  stmt.range = range;
  if (own.size() >= 2 && own[own.size() - 2].IsWord("loc") && own.back().IsGroup('(')) {
    stmt.loc = FileLocation(own.back());
  }
  stmt.results = tree_.arena_.Copy(std::span<const Item>(items_.data() + results, head - results));
  stmt.head = items_[head];
  if (stmt.head.Is(ItemKind::kString)) {  // "pto.op"(...): the generic form's name is a word
    UnwrapGenericForm(items);
    stmt.head.kind = ItemKind::kWord;
  }
  stmt.items = TakeItems(items);
  items_.resize(results);
  statements_.push_back(stmt);
}

// MLIR's generic form, "pto.op"(%a, %b) <{props}> {attrs} : (T, T) -> (), is rewritten into
// the custom form the assembler reads, pto.op %a, %b {props} {attrs} : (T, T) -> (): the
// operand list loses its parentheses and the property dictionary its angle brackets.
void ParseDriver::UnwrapGenericForm(uint32_t items) {
  if (items >= items_.size() || !items_[items].IsGroup('(')) return;
  std::vector<Item> rewritten(items_[items].children().begin(), items_[items].children().end());
  for (size_t i = items + 1; i < items_.size(); ++i) {
    const Item& item = items_[i];
    bool properties = item.IsGroup('<') && item.children().size() == 1 &&
                      item.children()[0].Is(ItemKind::kAttrDict);
    rewritten.push_back(properties ? item.children()[0] : item);
  }
  items_.resize(items);
  items_.insert(items_.end(), rewritten.begin(), rewritten.end());
}

void ParseDriver::Finish(ListStart start) { tree_.statements_ = TakeStatements(start.statements); }

std::span<const Item> ParseDriver::TakeItems(uint32_t start) {
  std::span<const Item> list(items_.data() + start, items_.size() - start);
  size_t first_loc = 0;
  while (first_loc < list.size() && !IsLocation(list, first_loc)) ++first_loc;
  size_t kept = start + first_loc;
  for (size_t i = first_loc; i < list.size(); ++i) {
    if (IsLocation(list, i)) {
      ++i;
      continue;
    }
    items_[kept++] = list[i];
  }
  std::span<const Item> taken =
      tree_.arena_.Copy(std::span<const Item>(items_.data() + start, kept - start));
  items_.resize(start);
  return taken;
}

std::span<const Statement> ParseDriver::TakeStatements(uint32_t start) {
  std::span<const Statement> taken = tree_.arena_.Copy(
      std::span<const Statement>(statements_.data() + start, statements_.size() - start));
  statements_.resize(start);
  return taken;
}

int64_t ParseDriver::ParseCount(std::string_view text, const SourceRange& range) {
  int64_t n = std::strtoll(TokenText(text).c_str(), nullptr, 10);
  if (n < 1 || n > 255) {
    diags_.Error(&file_, range, StrCat("result count ", text, " must be between 1 and 255"));
    return 1;
  }
  return n;
}

void ParseDriver::SyntaxError(const SourceRange& range, const std::string& message) {
  diags_.Error(&file_, range, message);
}

bool Parse(const SourceFile& file, Diagnostics& diags, SyntaxTree* tree) {
  int errors_before = diags.error_count();
  ParseDriver driver(file, diags, *tree);
  Lexer lexer(file, diags);
  TokenStream tokens(lexer, driver);
  Parser parser(tokens, driver);
  parser.parse();
  return diags.error_count() == errors_before;
}

bool ParseOutline(const SourceFile& file, Diagnostics& diags, SyntaxTree* tree,
                  std::vector<SkippedBody>* skipped) {
  int errors_before = diags.error_count();
  ParseDriver driver(file, diags, *tree);
  Lexer lexer(file, diags, /*outline=*/true);
  TokenStream tokens(lexer, driver);
  Parser parser(tokens, driver);
  bool ok = parser.parse() == 0 && diags.error_count() == errors_before;
  skipped->insert(skipped->end(), lexer.skipped().begin(), lexer.skipped().end());
  return ok;
}

bool ParseRegion(const SourceFile& file, const SkippedBody& body, Diagnostics& diags,
                 SyntaxTree* tree) {
  tree->Clear();
  int errors_before = diags.error_count();
  ParseDriver driver(file, diags, *tree);
  Lexer lexer(file, diags, body);
  TokenStream tokens(lexer, driver);
  Parser parser(tokens, driver);
  bool ok = parser.parse() == 0 && diags.error_count() == errors_before;
  // The region must end where the whole-file parse saw it end, in the same lexer state.
  return ok && lexer.region_end() + 1 == body.range.end && !lexer.in_label();
}

}  // namespace pto::grammar
