// The syntax tree the parser produces: statements made of generic items (a token tree). The
// grammar knows brackets, regions and statement boundaries but no operation names; the
// assembler gives the items their meaning.
//
// Items and statements are plain values: their text points into the source file, and their
// lists into the SyntaxTree's arena, so the tree lives as long as both.
#ifndef PTO_GRAMMAR_SYNTAX_H_
#define PTO_GRAMMAR_SYNTAX_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "pto/common/source.h"
#include "pto/grammar/arena.h"

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
  kString,    ///< "text": text = contents between the quotes, as written.
  kDims,      ///< Dimension list 16x16xf32, ?x32, 4xi16: text = spelling.
  kPunct,     ///< One of , : = -> ? * + | (text = spelling).
  kGroup,     ///< ( ) [ ] or < > around children; open = '(', '[' or '<'.
  kAttrDict,  ///< { key = value, ... }: children.
  kRegion,    ///< { statements }: body.
};

struct Statement;

/// How deeply brackets, attribute dictionaries and regions may nest, all kinds counted
/// together: far more than any program needs (a loop nest inside a function inside a module
/// holding a type with parameters is a dozen levels), and few enough that every walk of the
/// syntax tree, which recurses once per level, stays well inside the stack (docs/semantics.md).
constexpr uint32_t kMaxNesting = 256;

/// A function body the outline lexer skipped: its braces, and how many brackets and regions
/// are open at its '{' (the body's own included), so that it is lexed later at that depth.
struct SkippedBody {
  SourceRange range;
  uint32_t depth = 1;
};

struct Item {
  ItemKind kind = ItemKind::kWord;
  char open = 0;   ///< kGroup: opening bracket.
  int index = -1;  ///< kValue: the #N result index, -1 if none.
  SourceRange range;
  std::string_view text;
  union {
    int64_t number = 0;  ///< kInt; kValue: the N of a "%r:N" result.
    double real;         ///< kFloat.
  };

  bool Is(ItemKind k) const { return kind == k; }
  bool IsPunct(std::string_view p) const { return kind == ItemKind::kPunct && text == p; }
  bool IsWord(std::string_view w) const { return kind == ItemKind::kWord && text == w; }
  bool IsGroup(char c) const { return kind == ItemKind::kGroup && open == c; }

  /// A number literal's value as a double.
  double Real() const { return kind == ItemKind::kFloat ? real : static_cast<double>(number); }
  /// kGroup, kAttrDict: the items inside.
  std::span<const Item> children() const {
    return IsList() ? std::span<const Item>(static_cast<const Item*>(list_), list_size_)
                    : std::span<const Item>();
  }
  /// kRegion: its statements.
  std::span<const Statement> body() const;
  void SetChildren(std::span<const Item> items) {
    list_ = items.data();
    list_size_ = static_cast<uint32_t>(items.size());
  }
  void SetBody(std::span<const Statement> statements);

 private:
  bool IsList() const { return kind == ItemKind::kGroup || kind == ItemKind::kAttrDict; }

  // Children or body: an item is never both, and the syntax tree copies items around a lot,
  // so they share one pointer.
  const void* list_ = nullptr;
  uint32_t list_size_ = 0;
};

/// An MLIR source location written as loc("file":line:col).
struct Location {
  std::string_view file;
  int line = 0;
  int col = 0;
};

/// One operation: results '=' head items, or head items.
struct Statement {
  SourceRange range;
  std::span<const Item> results;  ///< kValue items; number = N for "%r:N", else 1.
  /// The operation name (kWord), a block label (kCaret), or the name of an attribute (kHash)
  /// or type (kBang) alias being defined.
  Item head;
  std::span<const Item> items;
  /// Its trailing loc("file":line:col), if written (other location forms are dropped).
  std::optional<Location> loc;
};

inline std::span<const Statement> Item::body() const {
  return kind == ItemKind::kRegion
             ? std::span<const Statement>(static_cast<const Statement*>(list_), list_size_)
             : std::span<const Statement>();
}

inline void Item::SetBody(std::span<const Statement> statements) {
  list_ = statements.data();
  list_size_ = static_cast<uint32_t>(statements.size());
}

/// The statements of one file and the storage behind them.
class SyntaxTree {
 public:
  std::span<const Statement> statements() const { return statements_; }
  /// Drops the statements, keeping memory for the next parse into this tree.
  void Clear() {
    arena_.Reset();
    statements_ = {};
  }

 private:
  friend class ParseDriver;
  Arena arena_;
  std::span<const Statement> statements_;
  /// The parser's working stacks (see ParseDriver), kept so parses into one tree reuse them.
  std::vector<Item> item_stack_;
  std::vector<Statement> statement_stack_;
  std::vector<Item> run_stack_;
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_SYNTAX_H_
