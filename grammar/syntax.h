// The syntax tree the parser produces: statements made of generic items (a token tree). The
// grammar knows brackets, regions and statement boundaries but no operation names; the
// assembler gives the items their meaning.
#ifndef PTO_GRAMMAR_SYNTAX_H_
#define PTO_GRAMMAR_SYNTAX_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/source.h"

namespace pto::grammar {

enum class ItemKind : uint8_t {
  kValue,     ///< %name or %name#3: text = name without '%', index = result number or -1.
  kSymbol,    ///< @name: text = name.
  kBang,      ///< !dialect.type: text without '!'.
  kHash,      ///< #dialect.attr: text without '#'.
  kCaret,     ///< ^bb0: text without '^'.
  kWord,      ///< A bare identifier: to, step, f32, pto.entry, ...
  kKey,       ///< "name =" (the '=' is consumed): text = name.
  kInt,       ///< Integer literal (decimal or hex): number = value, text = spelling.
  kFloat,     ///< Float literal: real = value, text = spelling.
  kString,    ///< "text": text = contents with escapes resolved.
  kDims,      ///< Dimension list 16x16xf32, ?x32, 4xi16: text = spelling.
  kPunct,     ///< One of , : = -> ? * + | (text = spelling).
  kGroup,     ///< ( ) [ ] or < > around children; open = '(', '[' or '<'.
  kAttrDict,  ///< { key = value, ... }: children.
  kRegion,    ///< { statements }: body.
};

struct Statement;

struct Item {
  ItemKind kind = ItemKind::kWord;
  SourceRange range;
  std::string text;
  int64_t number = 0;
  double real = 0;
  int index = -1;  ///< kValue: the #N result index, -1 if none.
  char open = 0;   ///< kGroup: opening bracket.
  std::vector<Item> children;
  std::vector<Statement> body;

  bool Is(ItemKind k) const { return kind == k; }
  bool IsPunct(const char* p) const { return kind == ItemKind::kPunct && text == p; }
  bool IsWord(const char* w) const { return kind == ItemKind::kWord && text == w; }
  bool IsGroup(char c) const { return kind == ItemKind::kGroup && open == c; }
};

/// An MLIR source location written as loc("file":line:col).
struct Location {
  std::string file;
  int line = 0;
  int col = 0;
};

/// One operation: results '=' head items, or head items.
struct Statement {
  SourceRange range;
  std::vector<Item> results;  ///< kValue items; number = N for "%r:N", else 1.
  /// The operation name (kWord), a block label (kCaret), or the name of an attribute (kHash)
  /// or type (kBang) alias being defined.
  Item head;
  std::vector<Item> items;
  /// Its trailing loc("file":line:col), if written (other location forms are dropped).
  std::optional<Location> loc;
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_SYNTAX_H_
