#include "pto/asm/lowering/op_overload.h"

#include <map>
#include <set>
#include <string>

#include "pto/asm/lowering/op_form.h"
#include "pto/common/isa/attributes.h"

namespace pto::assembler {

namespace {

// Attribute names written anywhere in a statement's items.
void CollectAttrNames(ItemSpan items, std::set<std::string>* names) {
  for (const Item& item : items) {
    if (item.Is(ItemKind::kAttrDict)) {
      std::map<std::string, Attribute> attrs;
      ReadAttributes(item, &attrs);
      for (const auto& entry : attrs) names->insert(entry.first);
    } else if (item.Is(ItemKind::kGroup)) {
      CollectAttrNames(item.children(), names);
    }
  }
}

// Register operands written as inputs: the ins(...) values (DPS) or the operands before the
// signature (SSA, synchronous), attribute dictionaries not counted.
size_t WrittenInputs(const Statement& stmt) {
  ItemSpan items = stmt.items;
  int ins = FindClause(items, "ins");
  if (ins >= 0) {
    items = items[ins + 1].children();
  } else if (FindClause(items, "outs") >= 0) {
    return 0;
  }
  items = BeforeColon(items);
  size_t n = 0;
  for (ItemSpan part : Split(items, ",")) {
    while (!part.empty() && part.back().Is(ItemKind::kAttrDict)) part = part.first(part.size() - 1);
    if (!part.empty() && !part[0].IsWord("wait")) ++n;
  }
  return n;
}

// Results (SSA, synchronous) or outs(...) values (DPS) written.
size_t WrittenOutputs(const Statement& stmt, bool dps) {
  if (!dps) return stmt.results.size();
  int outs = FindClause(stmt.items, "outs");
  if (outs < 0) return 0;
  ItemSpan items = stmt.items[outs + 1].children();
  items = BeforeColon(items);
  return items.empty() ? 0 : Split(items, ",").size();
}

}  // namespace

// Of the rows spelled like \a first (one per form of the instruction), the first whose input
// operand count and required attributes match what is written, else the first whose count
// does (its checks then ask for the missing attribute), else \a first (its checks then report
// what is wrong).
bool WritesNoTmp(const Statement& stmt) {
  const int ins = FindClause(stmt.items, "ins");
  if (ins < 0) return false;
  for (const Item& item : BeforeColon(stmt.items[ins + 1].children())) {
    if (item.IsWord("no_tmp")) return true;
  }
  return false;
}

bool TmpLastAmongIns(const OpInfo& info, const Statement& stmt) {
  bool has_tmp_row = false;
  for (const OpInfo* row = LookupMnemonic(info.mnemonic); row; row = NextOverload(*row)) {
    has_tmp_row |= row->opcode == Opcode::kTMrgSortListsTmp;
  }
  const bool dps = IsDpsForm(stmt.items);
  return has_tmp_row && dps && WrittenInputs(stmt) >= 3 && WrittenOutputs(stmt, dps) == 2 &&
         !WritesNoTmp(stmt);
}

const OpInfo* LastFittingForm(const OpInfo& first, const std::function<bool(const OpInfo&)>& fits) {
  const OpInfo* chosen = nullptr;
  for (const OpInfo* form = &first; form; form = NextOverload(*form)) {
    if (fits(*form)) chosen = form;
  }
  return chosen;
}

const OpInfo& ChooseForm(const OpInfo& first, const Statement& stmt) {
  if (!NextOverload(first)) return first;
  size_t written = WrittenInputs(stmt);
  const bool dps = IsDpsForm(stmt.items);
  size_t written_outputs = WrittenOutputs(stmt, dps);
  if (TmpLastAmongIns(first, stmt)) {  // the tmp counts as an output, as the row lists it
    --written;
    ++written_outputs;
  }
  std::set<std::string> attrs;
  CollectAttrNames(stmt.items, &attrs);
  const OpInfo* count_only = nullptr;
  for (const OpInfo* info = &first; info; info = NextOverload(*info)) {
    size_t required = 0, most = 0, outputs = 0;
    bool attrs_ok = true;
    for (const OperandSpec& spec : info->operands) {
      const bool written_out = spec.kind != OperandKind::kImm &&
                               (dps || spec.kind == OperandKind::kTile);
      if (spec.is_array_output() || (spec.output && written_out)) ++outputs;
      if (spec.kind == OperandKind::kImm) {
        const AttrInfo* attr = FindAttr(spec.attr);
        if (attr && attr->required) {
          bool found = false;
          for (const std::string& name : attrs) found |= FindAttr(name) == attr;
          attrs_ok &= found;
        }
        continue;
      }
      // Views an SSA spelling writes are listed with the inputs (mscatter's destination).
      if (spec.output && (dps || spec.kind != OperandKind::kView)) continue;
      ++most;
      if (!spec.optional) ++required;
    }
    if (written < required || written > most || written_outputs != outputs) continue;
    if (attrs_ok) return *info;
    if (!count_only) count_only = info;
  }
  return count_only ? *count_only : first;
}

const OpInfo* QuantisedForm(const OpInfo& info, const Statement& stmt,
                            const std::function<bool(const Item&)>& is_scaling_tile) {
  const OpInfo* fp_row = LookupMnemonic(std::string(info.mnemonic) + ".fp");
  if (!fp_row) fp_row = LookupMnemonic(std::string(info.mnemonic) + "_fp");  // tinsert_fp
  const int ins = FindClause(stmt.items, "ins");
  if (!fp_row || fp_row == &info) return nullptr;
  // The generic form, "pto.tmov"(%src, %dst, %fp, %pre) <{operandSegmentSizes = ...}>: its
  // last two segments are the fp tile and the pre-quant scalar.
  const std::vector<int64_t> segments = SegmentSizes(stmt);
  if (ins < 0 && segments.size() >= 4) return segments[segments.size() - 2] == 1 ? fp_row : nullptr;
  if (ins < 0) return nullptr;
  ItemSpan group = stmt.items[ins + 1].children();
  for (const Item& item : group) {
    if (item.IsWord("fp")) return fp_row;
  }
  // tmov ins(%src : T, %fp : F): the second input, when it is a scaling tile.
  for (ItemSpan part : Split(group, ",")) {
    if (!part.empty() && &part[0] != &group[0] && part[0].Is(ItemKind::kValue) &&
        is_scaling_tile(part[0])) {
      return fp_row;
    }
  }
  return nullptr;
}

const OpInfo* GatherToL1Form(const OpInfo& info, const Statement& stmt,
                             const std::function<bool(const Item&)>& is_view) {
  if (info.opcode != Opcode::kMGather) return nullptr;
  const int ins = FindClause(stmt.items, "ins");
  if (ins < 0) return nullptr;
  const std::vector<ItemSpan> parts = Split(BeforeColon(stmt.items[ins + 1].children()), ",");
  if (parts.size() < 2 || parts[1].empty() || !parts[1][0].Is(ItemKind::kValue)) return nullptr;
  return is_view(parts[1][0]) ? &GetOpInfo(Opcode::kMGatherL1) : nullptr;
}

}  // namespace pto::assembler
