#include "grammar/parse_driver.h"

#include <cerrno>
#include <cstdlib>

#include "common/strings.h"
#include "grammar/lexer.h"
#include "grammar/parser.hh"

namespace pto::grammar {

Item ParseDriver::MakeValue(const std::string& text, const SourceRange& range) {
  Item item;
  item.kind = ItemKind::kValue;
  item.range = range;
  size_t hash = text.find('#');
  item.text = text.substr(0, hash);
  if (hash != std::string::npos) item.index = std::atoi(text.c_str() + hash + 1);
  return item;
}

Item ParseDriver::MakeInt(const std::string& text, const SourceRange& range) {
  Item item;
  item.kind = ItemKind::kInt;
  item.range = range;
  item.text = text;
  errno = 0;
  if (text.size() > 2 && text[0] == '0' && text[1] == 'x') {
    unsigned long long v = std::strtoull(text.c_str() + 2, nullptr, 16);
    item.number = static_cast<int64_t>(v);  // hex literals are bit patterns
  } else {
    item.number = std::strtoll(text.c_str(), nullptr, 10);
  }
  if (errno == ERANGE) diags_.Error(&file_, range, StrCat("integer ", text, " is too large"));
  item.real = static_cast<double>(item.number);
  return item;
}

Item ParseDriver::MakeFloat(const std::string& text, const SourceRange& range) {
  Item item;
  item.kind = ItemKind::kFloat;
  item.range = range;
  item.text = text;
  item.real = std::strtod(text.c_str(), nullptr);
  return item;
}

int64_t ParseDriver::ParseCount(const std::string& text, const SourceRange& range) {
  int64_t n = std::strtoll(text.c_str(), nullptr, 10);
  if (n < 1 || n > 255) {
    diags_.Error(&file_, range, StrCat("result count ", text, " must be between 1 and 255"));
    return 1;
  }
  return n;
}

void ParseDriver::SyntaxError(const SourceRange& range, const std::string& message) {
  diags_.Error(&file_, range, message);
}

namespace {

// MLIR source locations carry nothing we use: drop every loc(...) trailer, wherever the printer
// put it (after types, operands, function arguments, regions), and "#loc = loc(...)" aliases.
void StripLocations(std::vector<Item>* items);

// loc("file":line:col) as a Location; other forms (unknown, #alias, fused[...]) give nothing.
std::optional<Location> FileLocation(const Item& group) {
  const std::vector<Item>& c = group.children;
  if (c.size() != 5 || !c[0].Is(ItemKind::kString) || !c[1].IsPunct(":") ||
      !c[2].Is(ItemKind::kInt) || !c[3].IsPunct(":") || !c[4].Is(ItemKind::kInt)) {
    return std::nullopt;
  }
  return Location{c[0].text, static_cast<int>(c[2].number), static_cast<int>(c[4].number)};
}

// Both strip in place: most vectors lose nothing, and none is reallocated.
void StripLocations(std::vector<Statement>* statements) {
  size_t kept = 0;
  for (Statement& stmt : *statements) {
    bool loc_alias = stmt.head.Is(ItemKind::kHash) && stmt.items.size() >= 2 &&
                     stmt.items[1].IsWord("loc");
    if (loc_alias) continue;
    const std::vector<Item>& items = stmt.items;
    if (items.size() >= 2 && items[items.size() - 2].IsWord("loc") &&
        items.back().IsGroup('(')) {
      stmt.loc = FileLocation(items.back());
    }
    StripLocations(&stmt.items);
    Statement& slot = (*statements)[kept++];
    if (&slot != &stmt) slot = std::move(stmt);
  }
  statements->erase(statements->begin() + static_cast<std::ptrdiff_t>(kept), statements->end());
}

void StripLocations(std::vector<Item>* items) {
  size_t kept = 0;
  for (size_t i = 0; i < items->size(); ++i) {
    Item& item = (*items)[i];
    if (item.IsWord("loc") && i + 1 < items->size() && (*items)[i + 1].IsGroup('(')) {
      ++i;
      continue;
    }
    if (!item.children.empty()) StripLocations(&item.children);
    if (!item.body.empty()) StripLocations(&item.body);
    Item& slot = (*items)[kept++];
    if (&slot != &item) slot = std::move(item);
  }
  items->erase(items->begin() + static_cast<std::ptrdiff_t>(kept), items->end());
}

}  // namespace

bool Parse(const SourceFile& file, Diagnostics& diags, std::vector<Statement>* statements) {
  int errors_before = diags.error_count();
  ParseDriver driver(file, diags);
  Lexer lexer(file, diags);
  Parser parser(lexer, driver);
  parser.parse();
  *statements = std::move(driver.statements());
  StripLocations(statements);
  return diags.error_count() == errors_before;
}

}  // namespace pto::grammar
