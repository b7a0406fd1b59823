// Helpers for reading the parser's generic items: splitting lists, finding clauses, and
// grouping an item with the brackets attached to it.
#ifndef PTO_ASM_ITEMS_H_
#define PTO_ASM_ITEMS_H_

#include <span>
#include <string>
#include <vector>

#include "pto/grammar/syntax.h"

namespace pto::assembler {

class Context;
using grammar::Item;
using grammar::ItemKind;
using grammar::Statement;
using ItemSpan = std::span<const Item>;
using StatementSpan = std::span<const Statement>;

/// Source range covering every item of \a items (empty range at 0 when empty).
SourceRange SpanRange(ItemSpan items);
/// True if \a next starts exactly where \a prev ends (no blank between them).
inline bool Attached(const Item& prev, const Item& next) {
  return next.range.begin == prev.range.end;
}
/// Splits \a items at every top-level punctuation \a punct (",", ":").
std::vector<ItemSpan> Split(ItemSpan items, const char* punct);
/// Split(items, ","), reporting each empty entry ("%a,, %b", "(, %a)", "%a, :") at the comma
/// beside it as "expected WHAT before/after ','": MLIR's lists have no empty entries. False
/// if there was one (\a parts then holds the non-empty entries).
bool SplitList(Context& ctx, ItemSpan items, const char* what, std::vector<ItemSpan>* parts);
/// True if \a part is one term (TermLength); otherwise reports what follows it as
/// "unexpected 'X' after 'Y' (missing comma?)".
bool IsOneTerm(Context& ctx, ItemSpan part);
/// Index of the first item that is punctuation \a punct, or -1.
int Find(ItemSpan items, const char* punct);
/// The items before the first ":" (all of them when there is none): a statement's operands,
/// without its types.
ItemSpan BeforeColon(ItemSpan items);
/// Index of the word \a word followed by an attached or spaced "(" group, or -1
/// (for clauses such as ins(...), outs(...), iter_args(...)).
int FindClause(ItemSpan items, const char* word);
/// Number of items that make up the single term starting at \a items[0]: the item plus the
/// bracket groups glued to it (!pto.tile<...>, @tile(0x10), %v[%i, %j], #pto.cmp<GT>).
size_t TermLength(ItemSpan items);
/// A readable spelling of \a items for messages (types, values), reconstructed from tokens.
std::string Spell(ItemSpan items);

}  // namespace pto::assembler

#endif  // PTO_ASM_ITEMS_H_
