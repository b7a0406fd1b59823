#include "pto/asm/lowering/op_form.h"

#include "pto/common/strings.h"

namespace pto::assembler {

void ReadAttributes(const Item& dict, std::map<std::string, Attribute>* attrs) {
  for (ItemSpan entry : Split(dict.children(), ",")) {
    if (entry.empty()) continue;
    const Item& first = entry[0];
    if (first.Is(ItemKind::kKey)) {
      (*attrs)[std::string(first.text)] = Attribute{SpanRange(entry), entry.subspan(1)};
    } else if (first.Is(ItemKind::kWord) || first.Is(ItemKind::kString)) {
      (*attrs)[std::string(first.text)] = Attribute{first.range, {}};
    }
  }
}

bool CheckAttributeNames(Context& ctx, const std::map<std::string, Attribute>& attrs,
                         std::string_view op,
                         const std::function<bool(std::string_view)>& known) {
  bool ok = true;
  for (const auto& [name, attr] : attrs) {
    if (name.find('.') != std::string::npos || known(name)) continue;
    ctx.Error(attr.range, StrCat(op, " has no attribute '", name, "'"));
    ok = false;
  }
  return ok;
}

bool CheckNoAttributes(Context& ctx, ItemSpan items, std::string_view op) {
  std::map<std::string, Attribute> attrs;
  for (const Item& item : items) {
    if (item.Is(ItemKind::kAttrDict)) ReadAttributes(item, &attrs);
  }
  return CheckAttributeNames(ctx, attrs, op, [](std::string_view) { return false; });
}

const Item* AttributeWord(ItemSpan value, bool quoted) {
  if (!value.empty() && value[0].Is(ItemKind::kInt)) return &value[0];  // 7 : i32
  const Item* word = nullptr;
  for (const Item& item : value) {
    if (item.Is(ItemKind::kWord) || item.Is(ItemKind::kInt) ||
        (quoted && (item.Is(ItemKind::kString) || item.Is(ItemKind::kSymbol)))) {
      word = &item;
    }
    if (item.Is(ItemKind::kGroup)) {
      if (const Item* inner = AttributeWord(item.children(), quoted)) word = inner;
    }
  }
  return word;
}

namespace {

// Splits operand items into terms at commas, moving attribute dictionaries into \a attrs.
bool ReadOperandList(Context& ctx, ItemSpan items, std::vector<Operand>* operands,
                     std::map<std::string, Attribute>* attrs) {
  std::vector<ItemSpan> parts;
  bool ok = SplitList(ctx, items, "an operand", &parts);
  for (ItemSpan part : parts) {
    size_t end = part.size();
    while (end > 0 && part[end - 1].Is(ItemKind::kAttrDict)) {
      ReadAttributes(part[end - 1], attrs);
      --end;
    }
    // tmrgsort's `no_tmp` after its last list (the lowering checks where it may stand).
    if (end >= 2 && part[end - 1].IsWord("no_tmp")) --end;
    part = part.subspan(0, end);
    // A dictionary alone is an entry PTOAS writes: ins(%src, {maskPattern = ...} : T).
    if (part.empty()) continue;
    // buf(%ping, %pong) and recv(%ping, %pong): the staging tiles of the comm instructions;
    // group(%peer0, ...): a collective's peers. Plain operands, in order.
    if (part.size() == 2 && (part[0].IsWord("buf") || part[0].IsWord("recv") ||
                             part[0].IsWord("group")) &&
        part[1].IsGroup('(')) {
      ok &= ReadOperandList(ctx, part[1].children(), operands, attrs);
      continue;
    }
    ok &= IsOneTerm(ctx, part);
    Operand operand;
    operand.term = part.subspan(0, TermLength(part));
    operands->push_back(operand);
  }
  return ok;
}

// One operand written with its type: "%v : T".
bool ReadTypedOperand(Context& ctx, ItemSpan part, Operand* operand) {
  const int colon = Find(part, ":");
  if (colon <= 0 || !IsOneTerm(ctx, part.first(colon))) {
    ctx.Error(SpanRange(part), StrCat("expected '%value : type', got '", Spell(part), "'"));
    return false;
  }
  operand->term = part.first(colon);
  operand->has_type = ParseWholeType(ctx, part.subspan(colon + 1), &operand->type);
  return operand->has_type;
}

// PTOAS v0.60's quantised forms write operands after the types: "T fp %fp : F pre_quant %s :
// i64" inside a type entry, and "%s : i64" as an entry of its own. Takes them out of \a types
// into \a form (fp) and \a extra (the others, in order).
bool ReadTrailingOperands(Context& ctx, std::vector<ItemSpan>* types, OpForm* form,
                          std::vector<Operand>* extra) {
  bool ok = true;
  std::vector<ItemSpan> plain;
  for (ItemSpan part : *types) {
    if (!part.empty() && part[0].Is(ItemKind::kValue)) {
      ok &= ReadTypedOperand(ctx, part, &extra->emplace_back());
      continue;
    }
    size_t k = 0;
    while (k < part.size() && !(part[k].IsWord("fp") || part[k].IsWord("pre_quant"))) ++k;
    plain.push_back(part.first(k));
    while (k < part.size()) {
      size_t end = k + 1;
      while (end < part.size() && !part[end].IsWord("fp") && !part[end].IsWord("pre_quant")) ++end;
      const bool fp = part[k].IsWord("fp");
      if (fp && form->has_fp) {
        ctx.Error(part[k], "a second 'fp' operand");
        return false;
      }
      Operand* into = fp ? &form->fp : &extra->emplace_back();
      ok &= ReadTypedOperand(ctx, part.subspan(k + 1, end - k - 1), into);
      form->has_fp |= fp;
      k = end;
    }
  }
  *types = plain;
  return ok;
}

// PTOAS v0.60's mask-pattern tgather and tscatter write their axis as a string after the
// source's type: ins(%src, {maskPattern = ...} : T, "row"). Takes it out of \a types into the
// attribute "axis".
bool ReadAxisEntry(Context& ctx, std::vector<ItemSpan>* types,
                   std::map<std::string, Attribute>* attrs) {
  std::vector<ItemSpan> plain;
  for (ItemSpan part : *types) {
    if (part.size() != 1 || !part[0].Is(ItemKind::kString)) {
      plain.push_back(part);
      continue;
    }
    if (attrs->count("axis")) {
      ctx.Error(part[0], "axis is given twice");
      return false;
    }
    (*attrs)["axis"] = Attribute{part[0].range, part};
  }
  *types = plain;
  return true;
}

// ins(values : types) / outs(values : types).
bool ReadClause(Context& ctx, const Item& group, const char* name, std::vector<Operand>* operands,
                std::map<std::string, Attribute>* attrs, OpForm* form = nullptr) {
  ItemSpan children = group.children();
  int colon = Find(children, ":");
  ItemSpan values = colon < 0 ? children : children.subspan(0, colon);
  if (!ReadOperandList(ctx, values, operands, attrs)) return false;
  if (colon < 0 && !operands->empty()) {  // MLIR's custom form needs the types
    ctx.Error(group, StrCat(name, "(...) gives no types: write ", name, "(%a, ... : T, ...)"));
    return false;
  }
  if (colon < 0) return true;
  std::vector<ItemSpan> types = Split(children.subspan(colon + 1), ",");
  if (types.size() == 1 && types[0].size() == 1 && types[0][0].IsGroup('(')) {
    types = Split(types[0][0].children(), ",");  // ins(%a, %b : (T, T))
  }
  std::vector<Operand> extra;
  if (form && !ReadTrailingOperands(ctx, &types, form, &extra)) return false;
  if (form && !ReadAxisEntry(ctx, &types, attrs)) return false;
  if (types.size() != operands->size()) {
    ctx.Error(group, StrCat(name, "(...) lists ", operands->size(), " operands but ",
                            types.size(), " types"));
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < types.size(); ++i) {
    Operand& op = (*operands)[i];
    op.has_type = ParseWholeType(ctx, types[i], &op.type);
    ok &= op.has_type;
  }
  operands->insert(operands->end(), extra.begin(), extra.end());
  return ok;
}

bool ReadDps(Context& ctx, const Statement& stmt, OpForm* form) {
  ItemSpan items = stmt.items;
  bool ok = true;
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    if (item.IsWord("ins") && i + 1 < items.size() && items[i + 1].IsGroup('(')) {
      ok &= ReadClause(ctx, items[++i], "ins", &form->ins, &form->attrs, form);
    } else if (item.IsWord("outs") && i + 1 < items.size() && items[i + 1].IsGroup('(')) {
      ok &= ReadClause(ctx, items[++i], "outs", &form->outs, &form->attrs);
    } else if (item.IsWord("outs") && i + 1 < items.size() && items[i + 1].IsPunct(":")) {
      // ins(...) outs : T, U: the outputs are the statement's results, of these types.
      Signature types;
      ok &= ParseSignature(ctx, items.subspan(i + 2), &types);
      form->result_types = types.inputs;
      form->result_ranges = types.input_ranges;
      form->dps = false;
      break;
    } else if (item.Is(ItemKind::kAttrDict)) {
      // An attribute the clauses set already (the axis after the types) is not set again.
      std::map<std::string, Attribute> dict;
      ReadAttributes(item, &dict);
      for (auto& [name, attr] : dict) {
        if (form->attrs.count(name)) {
          ctx.Error(attr.range, StrCat(name, " is given twice"));
          ok = false;
        }
        form->attrs[name] = attr;
      }
    } else if (item.IsPunct("->") || item.IsPunct(":")) {
      // An optional result type after the clauses; DPS results are the outs.
      break;
    } else {
      ctx.Error(item, StrCat("unexpected '", Spell(ItemSpan(&item, 1)),
                             "' in an ins(...) outs(...) operation"));
      ok = false;
    }
  }
  return ok;
}

bool ReadSsa(Context& ctx, const Statement& stmt, OpForm* form) {
  ItemSpan items = stmt.items;
  // Drop the wait(...) clause of the PTO-AS event convention.
  int colon = Find(items, ":");
  ItemSpan operands = colon < 0 ? items : items.subspan(0, colon);
  size_t end = operands.size();
  while (end >= 2 && operands[end - 1].IsGroup('(') &&
         operands[end - 2].IsWord("wait")) {
    end -= 2;
  }
  operands = operands.subspan(0, end);
  bool ok = ReadOperandList(ctx, operands, &form->ins, &form->attrs);
  if (colon >= 0) {
    ItemSpan sig = items.subspan(colon + 1);
    form->has_signature = true;
    ok &= ParseSignature(ctx, sig, &form->signature);
    form->result_types = form->signature.results;
    form->result_ranges = form->signature.result_ranges;
  }
  return ok;
}

// pto.comm.tput(%dst, %src, buf(%ping) : T, T, T) {attrs} [-> T]: the operands and their
// types in one parenthesised list, like an ins(...) clause.
bool ReadCallForm(Context& ctx, const Statement& stmt, OpForm* form) {
  ItemSpan items = stmt.items;
  bool ok = ReadClause(ctx, items[0], "the operand list", &form->ins, &form->attrs);
  for (size_t i = 1; i < items.size(); ++i) {
    const Item& item = items[i];
    if (item.Is(ItemKind::kAttrDict)) {
      ReadAttributes(item, &form->attrs);
    } else if ((item.IsPunct("->") || item.IsPunct(":")) && i + 1 < items.size()) {
      Type type;
      ok &= ParseWholeType(ctx, items.subspan(i + 1), &type);
      form->result_types.push_back(type);
      form->result_ranges.push_back(SpanRange(items.subspan(i + 1)));
      break;
    } else {
      ctx.Error(item, StrCat("unexpected '", Spell(ItemSpan(&item, 1)), "' after the operand list"));
      return false;
    }
  }
  return ok;
}

}  // namespace

bool IsDpsForm(ItemSpan items) {
  if (FindClause(items, "ins") < 0 && FindClause(items, "outs") < 0) return false;
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    if (items[i].IsWord("outs") && items[i + 1].IsPunct(":")) return false;  // outs : T
  }
  return true;
}

namespace {

void CollectInts(ItemSpan items, std::vector<int64_t>* out) {
  for (const Item& item : items) {
    if (item.Is(ItemKind::kInt)) out->push_back(item.number);
    CollectInts(item.children(), out);
  }
}

}  // namespace

std::vector<int64_t> SegmentSizes(const Statement& stmt) {
  std::vector<int64_t> sizes;
  for (const Item& item : stmt.items) {
    if (!item.Is(ItemKind::kAttrDict)) continue;
    std::map<std::string, Attribute> attrs;
    ReadAttributes(item, &attrs);
    auto it = attrs.find("operandSegmentSizes");
    if (it != attrs.end()) CollectInts(it->second.value, &sizes);
  }
  return sizes;
}

bool GenericToDps(Context& ctx, const Statement& stmt, int required_ins, int outs, OpForm* form) {
  auto segments_attr = form->attrs.find("operandSegmentSizes");
  if (form->dps || !stmt.results.empty() || outs == 0 || segments_attr == form->attrs.end()) {
    return true;
  }
  std::vector<int64_t> sizes;
  CollectInts(segments_attr->second.value, &sizes);
  const size_t fixed = static_cast<size_t>(required_ins + outs);
  int64_t total = 0;
  for (int64_t n : sizes) total += n;
  bool ok = sizes.size() >= fixed && sizes.size() <= fixed + 2 &&
            total == static_cast<int64_t>(form->ins.size());
  for (size_t i = 0; ok && i < sizes.size(); ++i) {
    ok = i < fixed ? sizes[i] == 1 : sizes[i] == 0 || sizes[i] == 1;
  }
  if (!ok) {
    ctx.Error(segments_attr->second.range,
              StrCat("operandSegmentSizes does not fit the ", required_ins, " inputs and ", outs,
                     " destination", outs == 1 ? "" : "s", " of this op (then up to two optional "
                     "operands) and the ", form->ins.size(), " operands given"));
    return false;
  }
  const Signature& sig = form->signature;
  if (form->has_signature && sig.inputs.size() == form->ins.size()) {
    for (size_t i = 0; i < form->ins.size(); ++i) {
      form->ins[i].has_type = sig.inputs[i].kind != TypeKind::kOpaque;
      form->ins[i].type = sig.inputs[i];
    }
  }
  std::vector<Operand> all = std::move(form->ins);
  form->ins.assign(all.begin(), all.begin() + required_ins);
  form->outs.assign(all.begin() + required_ins, all.begin() + fixed);
  size_t next = fixed;
  for (size_t seg = fixed; seg < sizes.size(); ++seg) {
    if (sizes[seg] == 0) continue;
    // The fp tile is the quantised forms' second input (tmov.fp, tinsert_fp: src, fp, ...).
    const bool fp = sizes.size() == fixed + 2 && seg == fixed;
    form->ins.insert(fp ? form->ins.begin() + 1 : form->ins.end(), all[next++]);
  }
  form->attrs.erase(segments_attr);
  form->dps = true;
  return true;
}

bool ReadOpForm(Context& ctx, const Statement& stmt, OpForm* form) {
  *form = OpForm();
  form->dps = FindClause(stmt.items, "ins") >= 0 || FindClause(stmt.items, "outs") >= 0;
  if (!form->dps && !stmt.items.empty() && stmt.items[0].IsGroup('(')) {
    return ReadCallForm(ctx, stmt, form);
  }
  return form->dps ? ReadDps(ctx, stmt, form) : ReadSsa(ctx, stmt, form);
}

}  // namespace pto::assembler
