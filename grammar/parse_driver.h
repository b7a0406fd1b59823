// Runs the lexer and parser over one source file and collects the statements.
#ifndef PTO_GRAMMAR_PARSE_DRIVER_H_
#define PTO_GRAMMAR_PARSE_DRIVER_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "pto/common/diagnostics.h"
#include "pto/common/source.h"
#include "pto/grammar/syntax.h"

namespace pto::grammar {

/// Parses \a file into \a tree, whose items point into \a file's text. Syntax errors go to
/// \a diags (several per run: the parser recovers at the next line end). Returns false if
/// there were any.
[[nodiscard]] bool Parse(const SourceFile& file, Diagnostics& diags, SyntaxTree* tree);

/// Parses \a file like Parse, but leaves the bodies of its functions (func.func statements at
/// the top level or in a module) empty: their region items keep the range of their braces, for
/// ParseRegion. Appends those bodies to \a skipped. The syntax errors it reports are not all
/// of the file's, nor always the same ones Parse reports: on failure, use Parse.
[[nodiscard]] bool ParseOutline(const SourceFile& file, Diagnostics& diags, SyntaxTree* tree,
                                std::vector<SkippedBody>* skipped);

/// Parses the statements inside the braces of \a body (one ParseOutline skipped) into \a tree,
/// which is cleared first, so one tree's memory serves every function of a large file. Returns
/// false on a syntax error (then the file must be parsed whole to report it as Parse does).
[[nodiscard]] bool ParseRegion(const SourceFile& file, const SkippedBody& body,
                               Diagnostics& diags, SyntaxTree* tree);

/// Where a statement list started on the driver's stacks (see ParseDriver).
struct ListStart {
  uint32_t statements = 0;
  uint32_t items = 0;
};

/// Plain items the token stream has built ahead of the parser (ParseDriver::StartRun).
struct ItemRun {
  uint32_t start = 0;
  uint32_t count = 0;
};

/// Glue between the generated parser and the rest, used only by the grammar. The parser's
/// actions push finished items and statements onto two stacks; a list (a group's children,
/// a statement's items, a region's statements) is the top of a stack from where it started,
/// and is copied into the tree's arena when it closes. The parser's own values stay small.
class ParseDriver {
 public:
  ParseDriver(const SourceFile& file, Diagnostics& diags, SyntaxTree& tree)
      : file_(file),
        diags_(diags),
        tree_(tree),
        items_(tree.item_stack_),
        statements_(tree.statement_stack_),
        runs_(tree.run_stack_) {
    items_.clear();
    statements_.clear();
    runs_.clear();
  }

  uint32_t ItemStart() const { return static_cast<uint32_t>(items_.size()); }
  ListStart StatementStart() const {
    return {static_cast<uint32_t>(statements_.size()), ItemStart()};
  }

  /// Pushes a token item; returns its position on the stack.
  uint32_t AddToken(ItemKind kind, std::string_view text, const SourceRange& range);
  static Item MakeToken(ItemKind kind, std::string_view text, const SourceRange& range) {
    Item item;
    item.kind = kind;
    item.range = range;
    item.text = text;
    return item;
  }

  /// Runs of operand items are built while they are lexed, ahead of the parser, and moved onto
  /// the item stack by the parser's action (AppendRun), so that the items keep the order of
  /// the text however far the lexer runs ahead.
  ItemRun StartRun();
  void AddToRun(ItemRun* run, ItemKind kind, std::string_view text, const SourceRange& range) {
    Item& item = runs_.emplace_back(MakeToken(kind, text, range));
    // Inline, and FillLiteral only where it has work: this runs for every operand token.
    if (kind == ItemKind::kValue || kind == ItemKind::kInt || kind == ItemKind::kFloat) {
      FillLiteral(&item);
    }
    ++run->count;
  }
  void AppendRun(ItemRun run);
  /// Rewrites the items from \a items on of a generic-form operation into the custom form.
  void UnwrapGenericForm(uint32_t items);
  /// %name or %name#N; \a count is the N of a "%r:N" result (1 if none), 0 for operands.
  void AddValue(std::string_view text, const SourceRange& range, int64_t count);
  /// A bracket group or attribute dictionary of the items pushed since \a children.
  void AddGroup(ItemKind kind, char open, const SourceRange& range, uint32_t children);
  /// A region of the statements pushed since \a start.
  void AddRegion(const SourceRange& range, ListStart start);
  /// The statement made of results [results, head), head and items [items, top).
  void AddStatement(const SourceRange& range, uint32_t results, uint32_t head, uint32_t items);
  /// After a syntax error: drops what the broken statement had pushed.
  void DropPartialStatement(ListStart start) { items_.resize(start.items); }
  /// The file's statements, pushed since \a start.
  void Finish(ListStart start);

  /// The N of "%r:N" (1..255).
  int64_t ParseCount(std::string_view text, const SourceRange& range);
  void SyntaxError(const SourceRange& range, const std::string& message);

 private:
  /// Reports malformed entries of an attribute dictionary: empty, a name without a value,
  /// a name given twice.
  void CheckDictionary(std::span<const Item> entries);
  /// Sets what a value's or number's text gives: a value's #N index, a literal's number
  /// (reporting integers out of range).
  void FillLiteral(Item* item);
  /// An integer literal's value (decimal, or hex as a bit pattern); reports one too large.
  int64_t IntValue(std::string_view text, const SourceRange& range);
  /// Moves the items pushed since \a start into the arena, without location trailers.
  std::span<const Item> TakeItems(uint32_t start);
  std::span<const Statement> TakeStatements(uint32_t start);

  const SourceFile& file_;
  Diagnostics& diags_;
  SyntaxTree& tree_;
  std::vector<Item>& items_;
  std::vector<Statement>& statements_;
  std::vector<Item>& runs_;
  uint32_t runs_taken_ = 0;  ///< runs_ up to here have been appended (or dropped by an error).
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_PARSE_DRIVER_H_
