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

bool Parse(const SourceFile& file, Diagnostics& diags, std::vector<Statement>* statements) {
  int errors_before = diags.error_count();
  ParseDriver driver(file, diags);
  Lexer lexer(file, diags);
  Parser parser(lexer, driver);
  parser.parse();
  *statements = std::move(driver.statements());
  return diags.error_count() == errors_before;
}

}  // namespace pto::grammar
