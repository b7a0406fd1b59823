#include "pto/asm/lowering/dma_lowering.h"

#include <algorithm>

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/asm/type_parser.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// The values of one group's operands: "(%a, %b, %c)".
bool GroupValues(FunctionBuilder& fb, const Item& group, size_t min, size_t max,
                 const char* name, std::vector<Value>* out) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, group.children(), "an operand", &parts)) return false;
  if (parts.size() < min || parts.size() > max) {
    ctx.Error(group, StrCat(name, "(...) takes ", min == max ? StrCat(min) : StrCat(min, " or ", max),
                            " operands, got ", parts.size()));
    return false;
  }
  for (ItemSpan part : parts) {
    if (!IsOneTerm(ctx, part)) return false;
    Resolved r;
    if (!Resolve(fb, part, DType::kI64, &r)) return false;
    out->push_back(r.value);
  }
  return true;
}

bool IsLocal(const Value& v) { return v.cls == ValueClass::kScalar && v.type.IsLocalPointer(); }
bool IsGlobal(const Value& v) {
  return v.cls == ValueClass::kView && v.type.kind == TypeKind::kPointer;
}

// loop(...) and PTOAS's aliases of it, loop1(...), loop2(...) (any loopN in the types).
bool IsLoopWord(std::string_view word) {
  if (!word.starts_with("loop")) return false;
  word.remove_prefix(4);
  return std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// One operand of a grouped copy and what its written type starts with: "loop" before the first
// operand of each loop(...) group, "pad" before pad(...)'s value, "" otherwise.
struct TypedOperand {
  std::string_view group_word;
  Value value;
};

// The types after ':' are one per operand, in operand order, each loop(...) group's introduced
// by the word loop and pad(...)'s by pad (micro-isa 02: "i64, i64, loop i64, i64, i64, pad f16").
bool CheckDmaTypes(Context& ctx, const OpInfo& info, const Statement& stmt,
                   const std::vector<TypedOperand>& operands) {
  const int colon = Find(stmt.items, ":");
  if (colon < 0) {
    ctx.Error(stmt.head, StrCat(info.mnemonic, " needs the types of its operands after ':'"));
    return false;
  }
  const ItemSpan written = ItemSpan(stmt.items).subspan(colon + 1);
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, written, "a type", &parts)) return false;
  if (parts.size() != operands.size()) {
    ctx.Error(written.empty() ? stmt.items[colon].range : SpanRange(written),
              StrCat(info.mnemonic, " has ", operands.size(), " operands; ", parts.size(),
                     " types are written after ':'"));
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < parts.size(); ++i) {
    ItemSpan part = parts[i];
    std::string_view word;
    if (part.size() > 1 && part[0].Is(ItemKind::kWord) &&
        (IsLoopWord(part[0].text) || part[0].text == "pad")) {
      word = IsLoopWord(part[0].text) ? "loop" : part[0].text;
      part = part.subspan(1);
    }
    const std::string_view expected = operands[i].group_word;
    if (word != expected) {
      ctx.Error(parts[i], expected.empty()
                              ? StrCat("'", word, "' starts the types of a ", word,
                                       "(...) group; this is the type of operand ", i + 1)
                              : StrCat("the types of ", expected, "(...) start with '", expected,
                                       "': expected '", expected, " ", Spell(part), "'"));
      ok = false;
      continue;
    }
    Type t;
    if (!ParseWholeType(ctx, part, &t)) {
      ok = false;
      continue;
    }
    if (std::string problem = WrittenTypeProblem(operands[i].value, t); !problem.empty()) {
      ctx.Error(part, problem);
      ok = false;
    }
  }
  return ok;
}

// The groups after the leading operands: nburst(...), then (stores) l2_cache_ctl(...), then
// loop(...) groups, inner first, then (loads) pad(...).
struct DmaGroups {
  std::vector<Value> nburst, pad, loops, cache;  // cache: a store's l2_cache_ctl(...)
};

bool ReadDmaGroups(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt, ItemSpan items,
                   size_t from, bool load, DmaGroups* g) {
  Context& ctx = fb.ctx();
  bool seen_nburst = false, seen_pad = false;
  for (size_t i = from; i < items.size(); i += 2) {
    if (!(items[i].Is(ItemKind::kWord) && i + 1 < items.size() && items[i + 1].IsGroup('('))) {
      ctx.Error(items[i], StrCat("expected nburst(...), loop(...)", load ? " or pad(...)" : "",
                                 " here, got '", Spell(items.subspan(i, 1)), "'"));
      return false;
    }
    const std::string_view word = items[i].text;
    const Item& group = items[i + 1];
    if (word == "nburst" && !seen_nburst) {
      if (!GroupValues(fb, group, 3, 3, "nburst", &g->nburst)) return false;
      seen_nburst = true;
    } else if (word == "l2_cache_ctl" && !load && seen_nburst && g->loops.empty() &&
               g->cache.empty()) {
      if (!GroupValues(fb, group, 1, 1, "l2_cache_ctl", &g->cache)) return false;
    } else if ((word == "loop" || word == "loop1" || word == "loop2") && seen_nburst && !seen_pad) {
      if (!GroupValues(fb, group, 3, 3, "loop", &g->loops)) return false;
    } else if (word == "pad" && load && seen_nburst && !seen_pad) {
      if (!GroupValues(fb, group, 1, 3, "pad", &g->pad)) return false;
      if (g->pad.size() == 2) {
        ctx.Error(group, "pad(...) gives the value alone, or with both padding counts");
        return false;
      }
      seen_pad = true;
    } else {
      ctx.Error(items[i], StrCat("'", word, "(...)' is out of place: ", info.mnemonic,
                                 " takes nburst(...), ", load ? "" : "then l2_cache_ctl(...), ",
                                 "then loop(...) groups, inner first",
                                 load ? ", then pad(...)" : ""));
      return false;
    }
  }
  if (!seen_nburst) {
    ctx.Error(stmt.head, StrCat(info.mnemonic, " needs its nburst(count, src stride, dst stride)"));
    return false;
  }
  return true;
}

// MLIR's generic printing of PTOAS's passes adds the operand segments after the groups,
// {operandSegmentSizes = array<i32: ...>}: they must count the \a written operands. The DMA
// takes no other attribute.
bool CheckSegments(Context& ctx, const OpInfo& info, const Statement& stmt, const Item& dict,
                   size_t written) {
  std::map<std::string, Attribute> attrs;
  ReadAttributes(dict, &attrs);
  const auto known = [](std::string_view name) { return name == "operandSegmentSizes"; };
  if (!CheckAttributeNames(ctx, attrs, info.mnemonic, known)) return false;
  int64_t sum = 0;
  for (int64_t n : SegmentSizes(stmt)) sum += n;
  if (attrs.count("operandSegmentSizes") && sum != static_cast<int64_t>(written)) {
    ctx.Error(dict, StrCat("operandSegmentSizes counts ", sum, " operands; ", info.mnemonic,
                           " is written with ", written));
    return false;
  }
  return true;
}

// The pointers: a GM one and a UB one of the same element type (\a values in the written
// order, \a parts their text).
bool CheckDmaPointers(Context& ctx, const OpInfo& info, const Statement& stmt, bool load,
                      const std::vector<Value>& values, const std::vector<ItemSpan>& parts) {
  const Value& gm = load ? values[0] : values[1];
  const Value& ub = load ? values[1] : values[0];
  if (!IsGlobal(gm)) {
    ctx.Error(load ? parts[0] : parts[1], StrCat(info.mnemonic, " needs a !pto.ptr<T, gm> here, got ",
                                                 Describe(gm)));
    return false;
  }
  if (!IsLocal(ub) || ub.type.mem != Memory::kVec) {
    ctx.Error(load ? parts[1] : parts[0], StrCat(info.mnemonic, " needs a !pto.ptr<T, ub> here, got ",
                                                 Describe(ub)));
    return false;
  }
  // The MX byte formats move as bytes: PTOAS v0.60 copies them to and from 8-bit integers
  // (the MX quantisation kernels store e4m3 codes through ui8 pointers).
  const bool bytes = (IsMxDType(ub.type.dtype) || IsMxDType(gm.type.dtype)) &&
                     DTypeSize(ub.type.dtype) == DTypeSize(gm.type.dtype);
  if (ub.type.dtype != gm.type.dtype && !bytes) {
    ctx.Error(stmt.head, StrCat(info.mnemonic, " copies between pointers of one element type, got ",
                                DTypeName(gm.type.dtype), " and ", DTypeName(ub.type.dtype)));
    return false;
  }
  return true;
}

// Lengths, counts and strides are integers; the pad value is of the UB pointer's element type.
bool CheckDmaScalars(Context& ctx, const OpInfo& info, const Statement& stmt,
                     const std::vector<Value>& values, const DmaGroups& g, DType element) {
  std::vector<Value> ints(values.begin() + 2, values.end());
  ints.insert(ints.end(), g.nburst.begin(), g.nburst.end());
  ints.insert(ints.end(), g.loops.begin(), g.loops.end());
  ints.insert(ints.end(), g.cache.begin(), g.cache.end());
  if (g.pad.size() > 1) ints.insert(ints.end(), g.pad.begin() + 1, g.pad.end());
  for (const Value& v : ints) {
    if (v.cls != ValueClass::kScalar || !IsInteger(v.type.dtype) || v.type.IsLocalPointer()) {
      ctx.Error(stmt.head, StrCat(info.mnemonic, " takes integer lengths, counts and strides, got ",
                                  Describe(v)));
      return false;
    }
  }
  if (!g.pad.empty() && (g.pad[0].cls != ValueClass::kScalar || g.pad[0].type.dtype != element)) {
    ctx.Error(stmt.head, StrCat("the pad value must be a ", DTypeName(element), ", got ",
                                Describe(g.pad[0])));
    return false;
  }
  std::vector<TypedOperand> typed;
  for (const Value& v : values) typed.push_back({"", v});
  for (const Value& v : g.nburst) typed.push_back({"", v});
  for (const Value& v : g.cache) typed.push_back({"", v});
  for (size_t k = 0; k < g.loops.size(); ++k) typed.push_back({k % 3 == 0 ? "loop" : "", g.loops[k]});
  for (size_t k = 0; k < g.pad.size(); ++k) typed.push_back({k == 0 ? "pad" : "", g.pad[k]});
  return CheckDmaTypes(ctx, info, stmt, typed);
}

// The encoded operands, checked by the family's rules (the architecture, the element type, the
// number of loops) as the verifier will run them, then emitted.
bool EmitDma(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt, bool load,
             const std::vector<Value>& values, const DmaGroups& g, DType element) {
  std::vector<uint32_t> operands;
  for (const Value& v : values) operands.push_back(v.reg);
  for (const Value& v : g.nburst) operands.push_back(v.reg);
  for (const Value& v : g.cache) operands.push_back(v.reg);
  if (load) {
    for (size_t k = 0; k < 3; ++k) operands.push_back(k < g.pad.size() ? g.pad[k].reg : kNoOperand);
  }
  for (const Value& v : g.loops) operands.push_back(v.reg);
  std::vector<OperandType> types(operands.size());
  for (size_t i = 0; i < operands.size(); ++i) {
    types[i].present = operands[i] != kNoOperand;
    types[i].dtype = i == (load ? 0u : 1u) ? element : DType::kI64;
  }
  bool ok = true;
  for (const RuleError& e : CheckOperandTypes(info, fb.ctx().arch(), types)) {
    fb.ctx().Error(stmt.head, e.message);
    ok = false;
  }
  if (!ok) return false;
  fb.Emit(info.opcode, operands, stmt.head.range);
  return true;
}

}  // namespace

bool LowerDmaOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const bool load = info.opcode == Opcode::kMteGmUb;
  const size_t leading = load ? 4 : 3;  // gm, ub, cache, len / ub, gm, len
  if (!ExpectResults(ctx, stmt, 0)) return false;
  ItemSpan items = BeforeColon(stmt.items);
  // The leading operands run up to the first group word.
  size_t end = 0;
  while (end < items.size() && !(items[end].Is(ItemKind::kWord) && end + 1 < items.size() &&
                                 items[end + 1].IsGroup('('))) {
    ++end;
  }
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, items.subspan(0, end), "an operand", &parts)) return false;
  if (parts.size() != leading) {
    ctx.Error(stmt.head, StrCat(info.mnemonic, " takes ", leading, " operands before nburst(...), got ",
                                parts.size()));
    return false;
  }
  std::vector<Value> values;
  for (ItemSpan part : parts) {
    Resolved r;
    if (!IsOneTerm(ctx, part) || !Resolve(fb, part, DType::kI64, &r)) return false;
    values.push_back(r.value);
  }
  if (!CheckDmaPointers(ctx, info, stmt, load, values, parts)) return false;
  const DType element = values[0].type.dtype;  // (both pointers')
  const Item* segments = nullptr;
  if (!items.empty() && items.back().Is(ItemKind::kAttrDict)) {
    segments = &items.back();
    items = items.first(items.size() - 1);
  }
  DmaGroups g;
  return ReadDmaGroups(fb, info, stmt, items, end, load, &g) &&
         (!segments || CheckSegments(ctx, info, stmt, *segments,
                                     values.size() + g.nburst.size() + g.pad.size() + g.loops.size() +
                                         g.cache.size())) &&
         CheckDmaScalars(ctx, info, stmt, values, g, element) &&
         EmitDma(fb, g.cache.empty() ? info : GetOpInfo(Opcode::kMteUbGmCache), stmt, load,
                 values, g, element);
}

}  // namespace pto::assembler
