#include "pto/asm/items.h"

#include "pto/asm/context.h"

namespace pto::assembler {

SourceRange SpanRange(ItemSpan items) {
  if (items.empty()) return {};
  return {items.front().range.begin, items.back().range.end};
}

std::vector<ItemSpan> Split(ItemSpan items, const char* punct) {
  std::vector<ItemSpan> parts;
  size_t start = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].IsPunct(punct)) {
      parts.push_back(items.subspan(start, i - start));
      start = i + 1;
    }
  }
  if (start < items.size() || !parts.empty()) parts.push_back(items.subspan(start));
  return parts;
}

bool SplitList(Context& ctx, ItemSpan items, const char* what, std::vector<ItemSpan>* parts) {
  parts->clear();
  bool ok = true;
  for (ItemSpan part : Split(items, ",")) {
    if (!part.empty()) {
      parts->push_back(part);
      continue;
    }
    // An empty entry starts just before the comma that ends it, or after the last comma.
    const size_t at = static_cast<size_t>(part.data() - items.data());
    if (at < items.size()) {
      ctx.Error(items[at], StrCat("expected ", what, " before ','"));
    } else {
      ctx.Error(items[at - 1], StrCat("expected ", what, " after ','"));
    }
    ok = false;
  }
  return ok;
}

bool IsOneTerm(Context& ctx, ItemSpan part) {
  const size_t n = TermLength(part);
  if (n == part.size()) return true;
  ctx.Error(part.subspan(n), StrCat("unexpected '", Spell(part.subspan(n)), "' after '",
                                    Spell(part.first(n)), "' (missing comma?)"));
  return false;
}

int Find(ItemSpan items, const char* punct) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].IsPunct(punct)) return static_cast<int>(i);
  }
  return -1;
}

ItemSpan BeforeColon(ItemSpan items) {
  int colon = Find(items, ":");
  return colon < 0 ? items : items.first(static_cast<size_t>(colon));
}

int FindClause(ItemSpan items, const char* word) {
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    if (items[i].IsWord(word) && items[i + 1].IsGroup('(')) return static_cast<int>(i);
  }
  return -1;
}

size_t TermLength(ItemSpan items) {
  if (items.empty()) return 0;
  size_t n = 1;
  const Item& first = items[0];
  bool can_take = first.Is(ItemKind::kBang) || first.Is(ItemKind::kHash) ||
                  first.Is(ItemKind::kSymbol) || first.Is(ItemKind::kValue) ||
                  first.Is(ItemKind::kWord);
  while (can_take && n < items.size() && items[n].Is(ItemKind::kGroup) &&
         Attached(items[n - 1], items[n])) {
    ++n;
  }
  return n;
}

namespace {

void SpellInto(const Item& item, std::string& out) {
  switch (item.kind) {
    case ItemKind::kValue:
      out += '%';
      out += item.text;
      if (item.index >= 0) out += "#" + std::to_string(item.index);
      break;
    case ItemKind::kSymbol:
      out += '@';
      out += item.text;
      break;
    case ItemKind::kBang:
      out += '!';
      out += item.text;
      break;
    case ItemKind::kHash:
      out += '#';
      out += item.text;
      break;
    case ItemKind::kCaret:
      out += '^';
      out += item.text;
      break;
    case ItemKind::kKey:
      out += item.text;
      out += " = ";
      break;
    case ItemKind::kString:
      out += '"';
      out += item.text;
      out += '"';
      break;
    case ItemKind::kGroup: {
      out += item.open;
      out += Spell(item.children());
      out += item.open == '(' ? ')' : item.open == '[' ? ']' : '>';
      break;
    }
    case ItemKind::kAttrDict:
      out += "{" + Spell(item.children()) + "}";
      break;
    case ItemKind::kRegion:
      out += "{...}";
      break;
    default:
      out += item.text;
  }
}

}  // namespace

std::string Spell(ItemSpan items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0 && !Attached(items[i - 1], items[i]) && !items[i].IsPunct(",") &&
        !items[i - 1].Is(ItemKind::kKey)) {
      out += ' ';
    }
    SpellInto(items[i], out);
  }
  return out;
}

}  // namespace pto::assembler
