// The lexer and parser: statement boundaries, brackets, regions versus attribute
// dictionaries, literals, and recovery after errors.
#include <doctest/doctest.h>

#include "pto/grammar/parse_driver.h"

namespace pto::grammar {
namespace {

// Parses \a text; the tree points into its source file, so both live here.
struct Parsed {
  explicit Parsed(const std::string& text) : file("t.pto", text) {
    Diagnostics diags;
    ok = Parse(file, diags, &tree);
    statements = tree.statements();
    errors = diags.ToString();
  }
  SourceFile file;
  SyntaxTree tree;
  bool ok = false;
  std::span<const Statement> statements;
  std::string errors;
};

TEST_CASE("literal tokens") {
  Parsed p("op 16x16xf32 ?x?xbf16 0x3F800000 -7 1.25e+00 \"a5\" true %r#1 @tile\n");
  REQUIRE(p.ok);
  REQUIRE(p.statements.size() == 1);
  std::span<const Item> items = p.statements[0].items;
  REQUIRE(items.size() == 9);
  CHECK(items[0].kind == ItemKind::kDims);
  CHECK(items[0].text == "16x16xf32");
  CHECK(items[1].kind == ItemKind::kDims);
  CHECK(items[2].kind == ItemKind::kInt);
  CHECK(items[2].number == 0x3F800000);
  CHECK(items[3].number == -7);
  CHECK(items[4].kind == ItemKind::kFloat);
  CHECK(items[4].Real() == 1.25);
  CHECK(items[5].kind == ItemKind::kString);
  CHECK(items[5].text == "a5");
  CHECK(items[6].IsWord("true"));
  CHECK(items[7].kind == ItemKind::kValue);
  CHECK(items[7].text == "r");
  CHECK(items[7].index == 1);
  CHECK(items[8].kind == ItemKind::kSymbol);
}

TEST_CASE("keyword operands and types with nested brackets") {
  Parsed p(
      "%t = pto.alloc_tile addr = %c valid_row=%r : !pto.tile_buf<loc=vec, v_row=?, "
      "blayout=row_major>\n");
  REQUIRE(p.ok);
  const Statement& s = p.statements[0];
  REQUIRE(s.results.size() == 1);
  CHECK(s.head.IsWord("pto.alloc_tile"));
  CHECK(s.items[0].kind == ItemKind::kKey);
  CHECK(s.items[0].text == "addr");
  CHECK(s.items[2].kind == ItemKind::kKey);
  CHECK(s.items[2].text == "valid_row");
  CHECK(s.items[5].kind == ItemKind::kBang);
  CHECK(s.items[6].IsGroup('<'));
  CHECK(s.items[6].children().size() == 8);  // loc= vec , v_row= ? , blayout= row_major
}

TEST_CASE("line ends inside brackets do not end a statement; continuation lines") {
  Parsed p(
      "%a = op %x,\n"
      "   %y : (!t<\n  16x16xf32>,\n i32)\n"
      "   -> f32\n"
      "%b = pto.make_tensor_view %p, shape = [%a],\n"
      "    strides = [%b] : !pto.tensor_view<?xf32>\n"
      "pto.op2 ins(%a : f32)\n"
      "        outs(%b : f32)\n"
      "func.func @k(%a: index)\n"
      "    attributes {pto.entry} {\n"
      "  return\n"
      "}\n");
  INFO(p.errors);
  REQUIRE(p.ok);
  REQUIRE(p.statements.size() == 4);
  CHECK(p.statements[0].items.back().IsWord("f32"));
  CHECK(p.statements[1].items.back().IsGroup('<'));
  CHECK(p.statements[2].items.size() == 4);
  CHECK(p.statements[3].items.back().kind == ItemKind::kRegion);
}

TEST_CASE("braces: attribute dictionaries versus regions") {
  Parsed p(
      "module attributes {pto.target_arch = \"a5\", \"pto.device-spec\" = \"x\"} {\n"
      "  func.func @f() attributes {pto.entry} {\n"
      "    pto.tci ins(%s {descending = true} : i32) outs(%d : !t)\n"
      "    scf.for %i = %a to %b step %c {\n"
      "      pto.barrier <PIPE_ALL>\n"
      "    }\n"
      "    %r = pto.reserve_buffer {\n"
      "        name = \"c2v\", size = 4096\n"
      "    } -> i32\n"
      "    pto.section.vector {\n"
      "    }\n"
      "    return\n"
      "  }\n"
      "}\n");
  INFO(p.errors);
  REQUIRE(p.ok);
  const Statement& module = p.statements[0];
  CHECK(module.items[1].kind == ItemKind::kAttrDict);
  REQUIRE(module.items[2].kind == ItemKind::kRegion);
  const Statement& func = module.items[2].body()[0];
  CHECK(func.items[3].kind == ItemKind::kAttrDict);
  std::span<const Statement> body = func.items[4].body();
  REQUIRE(body.size() == 5);
  CHECK(body[0].items[1].children()[1].kind == ItemKind::kAttrDict);  // inside ins(...)
  CHECK(body[1].items.back().kind == ItemKind::kRegion);
  CHECK(body[2].items[0].kind == ItemKind::kAttrDict);
  CHECK(body[3].items[0].kind == ItemKind::kRegion);
  CHECK(body[3].items[0].body().empty());
}

TEST_CASE("directives, comments, semicolons and aliases") {
  Parsed p(
      "// a comment\n"
      "# a PTO-AS comment line\n"
      "!tile = !pto.tile<16x16xf32>\n"
      ".arg %a : !tile;  .const %c = 0 : index;\n"
      "%r:2 = op %a\n");
  INFO(p.errors);
  REQUIRE(p.ok);
  REQUIRE(p.statements.size() == 4);
  CHECK(p.statements[0].head.kind == ItemKind::kBang);
  CHECK(p.statements[1].head.IsWord(".arg"));
  CHECK(p.statements[2].head.IsWord(".const"));
  CHECK(p.statements[3].results[0].number == 2);
}

// Operands reach the parser in runs (TokenStream); the tree must keep the order of the text
// across runs, groups, line continuations and a region in the middle of a statement.
TEST_CASE("operand runs keep the order of the text") {
  Parsed p(
      "%a, %b:2 = pto.op %x, 3 (%y, [4, 5] -7) : f32\n"
      "    -> (i32) {k = 1.5} ^w1 { inner %z } else %w\n"
      "other %q\n");
  INFO(p.errors);
  REQUIRE(p.ok);
  REQUIRE(p.statements.size() == 2);
  CHECK(p.statements[1].items[0].text == "q");
  const Statement& s = p.statements[0];
  REQUIRE(s.results.size() == 2);
  CHECK(s.results[1].text == "b");
  CHECK(s.results[1].number == 2);
  std::vector<std::string> spelled;
  for (const Item& item : s.items) {
    spelled.push_back(item.text.empty() ? std::string(1, item.open ? item.open : '?')
                                        : std::string(item.text));
  }
  std::string joined;
  for (const std::string& text : spelled) joined += text + " ";
  INFO(joined);
  CHECK(spelled == std::vector<std::string>{"x", ",", "3", "(", ":", "f32", "->", "(", "?",
                                            "w1", "?", "else", "w"});
  std::span<const Item> group = s.items[3].children();
  REQUIRE(group.size() == 4);
  CHECK(group[0].text == "y");
  CHECK(group[2].children()[2].number == 5);
  CHECK(group[3].number == -7);
  CHECK(s.items[8].children()[1].Real() == 1.5);
  REQUIRE(s.items[10].body().size() == 1);
  CHECK(s.items[10].body()[0].head.IsWord("inner"));
  CHECK(s.items[10].body()[0].items[0].text == "z");
}

TEST_CASE("several errors per run, each with a position") {
  Parsed p(
      "%a = op (%x]\n"
      "%b = op %y\n"
      "%c op2\n"
      "%d = op \"unterminated\n"
      "%e = op $\n");
  CHECK_FALSE(p.ok);
  CHECK(p.errors ==
        "t.pto:1:12: error: ']' does not match the bracket opened at line 1, column 9 "
        "(expected ')')\n"
        "%a = op (%x]\n"
        "           ^\n"
        "t.pto:3:4: error: syntax error, unexpected identifier, expecting , or : or =\n"
        "%c op2\n"
        "   ^~~\n"
        "t.pto:4:9: error: unterminated string\n"
        "%d = op \"unterminated\n"
        "        ^\n"
        "t.pto:5:9: error: unexpected character '$'\n"
        "%e = op $\n"
        "        ^\n");
}

TEST_CASE("unclosed brackets are reported where they open") {
  Parsed p("module {\n  func.func @f() {\n    return\n");
  CHECK_FALSE(p.ok);
  CHECK(p.errors.find("t.pto:1:8: error: unclosed region '{' opened here") == 0);
}

}  // namespace
}  // namespace pto::grammar
