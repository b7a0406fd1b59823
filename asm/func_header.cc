#include "pto/asm/func_header.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// "unexpected 'x' ...": one item, for a message.
std::string Unexpected(const Item& item, const char* where) {
  return StrCat("unexpected '", Spell(ItemSpan(&item, 1)), "' ", where);
}

// Reads an optional "attributes {...}" at items[*i]; false (reported) if the word is there
// without its dictionary.
bool ReadAttributesClause(Context& ctx, ItemSpan items, size_t* i, const Item** dict) {
  if (*i >= items.size() || !items[*i].IsWord("attributes")) return true;
  if (*i + 1 >= items.size() || !items[*i + 1].Is(ItemKind::kAttrDict)) {
    ctx.Error(items[*i], "expected an attribute dictionary '{...}' after 'attributes'");
    return false;
  }
  *dict = &items[*i + 1];
  *i += 2;
  return true;
}

// The parameters of \a group, each "%name: TYPE" or "TYPE"; reports those that are neither
// or mix the two forms, and type-only ones when the function has a body.
bool ReadParams(Context& ctx, const Item& group, bool has_body,
                std::vector<ParamSpelling>* params) {
  if (group.children().empty()) return true;
  bool ok = true;
  const bool named = group.children()[0].Is(ItemKind::kValue);
  for (ItemSpan part : Split(group.children(), ",")) {
    const SourceRange where = part.empty() ? group.range : SpanRange(part);
    ParamSpelling param;
    if (named) {
      if (part.size() < 3 || !part[0].Is(ItemKind::kValue) || !part[1].IsPunct(":")) {
        const bool mixed = !part.empty() && !part[0].Is(ItemKind::kValue);
        ctx.Error(where, StrCat("expected a parameter '%name: TYPE'",
                                mixed ? ", like the parameters before it" : ""));
        ok = false;
        continue;
      }
      param.name = &part[0];
      param.type = part.subspan(2);
    } else {
      if (part.empty() || part[0].Is(ItemKind::kValue)) {
        ctx.Error(where, "expected a parameter type, like the parameters before it");
        ok = false;
        continue;
      }
      if (has_body) {
        ctx.Error(where, "a function with a body names its parameters: '%name: TYPE'");
        ok = false;
        continue;
      }
      param.type = part;
    }
    if (param.type.size() > 1 && param.type.back().Is(ItemKind::kAttrDict)) {
      param.type = param.type.first(param.type.size() - 1);
    }
    params->push_back(param);
  }
  return ok;
}

}  // namespace

bool ReadFuncHeader(Context& ctx, const Statement& stmt, FuncHeader* header) {
  ItemSpan items = stmt.items;
  size_t i = 0;
  if (i < items.size() && (items[i].IsWord("private") || items[i].IsWord("public") ||
                           items[i].IsWord("nested"))) {
    header->is_private = items[i].IsWord("private");
    ++i;
  }
  if (i + 1 >= items.size() || !items[i].Is(ItemKind::kSymbol) || !items[i + 1].IsGroup('(')) {
    ctx.Error(i < items.size() ? items[i].range : stmt.head.range,
              "expected 'func.func @name(%arg: TYPE, ...) { ... }'");
    return false;
  }
  header->name = &items[i];
  header->params = &items[i + 1];
  i += 2;
  bool ok = true;
  if (i < items.size() && items[i].IsPunct("->")) {
    ++i;
    size_t length = i < items.size() && items[i].IsGroup('(') ? 1 : TermLength(items.subspan(i));
    if (length == 0 || items[i].IsWord("attributes") || items[i].Is(ItemKind::kRegion) ||
        items[i].Is(ItemKind::kAttrDict)) {
      ctx.Error(i < items.size() ? items[i].range : items[i - 1].range,
                "expected the result types after '->'");
      return false;
    }
    header->results = items.subspan(i, length);
    header->results_range = SpanRange(header->results);
    if (length == 1 && items[i].IsGroup('(')) header->results = items[i].children();
    i += length;
  }
  if (!ReadAttributesClause(ctx, items, &i, &header->attributes)) return false;
  if (i < items.size() && items[i].Is(ItemKind::kRegion)) header->body = &items[i++];
  if (i < items.size()) {
    const char* where = header->body ? "after the body of the function"
                        : header->attributes
                            ? "after the attributes; expected the body '{'"
                            : "in the signature; expected '->', 'attributes {...}' or the body '{'";
    ctx.Error(items[i], Unexpected(items[i], where));
    return false;
  }
  ok &= ReadParams(ctx, *header->params, header->body != nullptr, &header->param_list);
  return ok;
}

bool ReadModuleHeader(Context& ctx, const Statement& stmt, const Item** body,
                      const Item** attributes_out) {
  ItemSpan items = stmt.items;
  *body = nullptr;
  if (attributes_out) *attributes_out = nullptr;
  for (const Item& item : items) {
    if (item.Is(ItemKind::kRegion) && !*body) *body = &item;
  }
  if (!*body) {
    ctx.Error(stmt.head, "module without a body");
    return false;
  }
  size_t i = 0;
  if (i < items.size() && items[i].Is(ItemKind::kSymbol)) ++i;
  const Item* attributes = nullptr;
  if (!ReadAttributesClause(ctx, items, &i, &attributes)) return false;
  if (attributes_out) *attributes_out = attributes;
  if (attributes) {  // only dialect ones such as pto.target_arch
    std::map<std::string, Attribute> attrs;
    ReadAttributes(*attributes, &attrs);
    CheckAttributeNames(ctx, attrs, "module", [](std::string_view) { return false; });
  }
  if (&items[i] != *body) {
    ctx.Error(items[i], Unexpected(items[i], "after 'module'; expected "
                                             "'module [@name] [attributes {...}] { ... }'"));
    return false;
  }
  if (i + 1 < items.size()) {
    ctx.Error(items[i + 1], Unexpected(items[i + 1], "after the body of the module"));
    return false;
  }
  return true;
}

}  // namespace pto::assembler
