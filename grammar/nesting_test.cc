// The nesting limit (kMaxNesting): brackets, dictionaries and regions counted together, the
// same in a whole-file parse and in a function body parsed on its own after an outline parse.
#include <doctest/doctest.h>

#include <string>

#include "pto/grammar/parse_driver.h"

namespace pto::grammar {
namespace {

// A function in a module whose body holds an operand inside \a parens parentheses: the module's
// region is level 1, the body level 2, the parentheses from 3 on.
std::string FunctionWithParens(uint32_t parens) {
  return "module {\nfunc.func @f() {\nop " + std::string(parens, '(') + std::string(parens, ')') +
         "\nreturn\n}\n}\n";
}

bool ParsesWhole(const std::string& text, std::string* errors) {
  SourceFile file("t.pto", text);
  Diagnostics diags;
  SyntaxTree tree;
  bool ok = Parse(file, diags, &tree);
  *errors = diags.ToString();
  return ok;
}

// The outline parse, then the body it skipped on its own.
bool ParsesOutlined(const std::string& text) {
  SourceFile file("t.pto", text);
  Diagnostics diags;
  SyntaxTree outline, body;
  std::vector<SkippedBody> skipped;
  REQUIRE(ParseOutline(file, diags, &outline, &skipped));
  REQUIRE(skipped.size() == 1);
  CHECK(skipped[0].depth == 2);
  return ParseRegion(file, skipped[0], diags, &body);
}

TEST_CASE("nesting up to the limit parses, one level more is one error") {
  std::string errors;
  CHECK(ParsesWhole(FunctionWithParens(kMaxNesting - 2), &errors));
  CHECK(ParsesOutlined(FunctionWithParens(kMaxNesting - 2)));
  CHECK_FALSE(ParsesWhole(FunctionWithParens(kMaxNesting - 1), &errors));
  CHECK_FALSE(ParsesOutlined(FunctionWithParens(kMaxNesting - 1)));
  // One message, at the bracket that crosses the limit: nothing after it is read, so neither
  // the parser nor the unclosed brackets add any.
  CHECK(errors == "t.pto:3:258: error: brackets, dictionaries and regions nest more than 256 "
                  "deep here\n" + std::string("op ") + std::string(kMaxNesting - 1, '(') +
                  std::string(kMaxNesting - 1, ')') + "\n" + std::string(257, ' ') + "^\n");
}

TEST_CASE("far deeper nesting than the limit is the same one error") {
  std::string errors;
  CHECK_FALSE(ParsesWhole("op " + std::string(100000, '<'), &errors));
  CHECK(errors.find("nest more than 256 deep") != std::string::npos);
  CHECK(errors.find("error", errors.find("error") + 1) == std::string::npos);
}

}  // namespace
}  // namespace pto::grammar
