#include "pto/asm/lowering/sync_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/immediates.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// One argument of a sync operation: an enumerator name, a number or a value.
struct Atom {
  const Item* item;
  std::string_view name;
  bool is_number = false;
  int64_t number = 0;
  bool is_value = false;
};

// Also moves attribute dictionaries ({mode = 0}) into \a attrs.
void CollectAtoms(ItemSpan items, std::vector<Atom>* atoms,
                  std::map<std::string, Attribute>* attrs) {
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    if (item.IsPunct(":")) return;  // the rest is a type signature
    if (item.IsPunct(",")) continue;
    if (item.Is(ItemKind::kAttrDict)) {
      ReadAttributes(item, attrs);
    } else if (item.IsGroup('[') || item.IsGroup('(')) {
      CollectAtoms(item.children(), atoms, attrs);
    } else if (item.IsGroup('<') && !item.children().empty()) {
      atoms->push_back({&item, item.children()[0].text});  // elided form <PIPE_ALL>
    } else if (item.Is(ItemKind::kHash) && i + 1 < items.size() && items[i + 1].IsGroup('<') &&
               !items[i + 1].children().empty()) {
      atoms->push_back({&item, items[i + 1].children()[0].text});  // #pto.pipe<PIPE_ALL>
      ++i;
    } else if (item.Is(ItemKind::kInt)) {
      atoms->push_back({&item, item.text, true, item.number});
    } else if (item.Is(ItemKind::kValue)) {
      atoms->push_back({&item, item.text, false, 0, true});
    } else {
      atoms->push_back({&item, item.text});
    }
  }
}

// The attributes a sync operation takes besides its arguments: the buffer-token mode of
// get_buf/rls_buf and the cross-core mode of sync.set (PTOAS's ffts_mode); none has an effect
// in ptorun, where every instruction finishes before the next starts.
bool SyncAttributeKnown(Opcode op, std::string_view name) {
  switch (op) {
    case Opcode::kGetBuf:
    case Opcode::kRlsBuf:
      return name == "mode";
    case Opcode::kSyncSet:
      return name == "ffts_mode";
    default:
      return false;
  }
}

}  // namespace

bool LowerSyncOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!stmt.results.empty()) {
    ctx.Error(stmt.results[0], StrCat(info.mnemonic, " has no results"));
    return false;
  }
  std::vector<Atom> atoms;
  std::map<std::string, Attribute> attrs;
  CollectAtoms(stmt.items, &atoms, &attrs);
  if (!CheckAttributeNames(ctx, attrs, info.mnemonic, [&](std::string_view name) {
        return SyncAttributeKnown(info.opcode, name);
      })) {
    return false;
  }
  std::vector<int> imm_slots;
  int value_slot = -1;
  for (int i = 0; i < info.num_operands(); ++i) {
    if (info.operands[i].kind == OperandKind::kImm) {
      imm_slots.push_back(i);
    } else {
      value_slot = i;
    }
  }
  // A required register operand (the event id of set_flag_dyn) is the last argument.
  std::vector<uint32_t> operands(info.num_operands(), kNoOperand);
  if (value_slot >= 0 && !info.operands[value_slot].optional && !atoms.empty() &&
      atoms.back().is_value) {
    Resolved r;
    if (!Resolve(fb, ItemSpan(atoms.back().item, 1), DType::kIndex, &r)) return false;
    if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype)) {
      ctx.Error(*atoms.back().item, StrCat("the event id must be an integer, got ",
                                           Describe(r.value)));
      return false;
    }
    operands[value_slot] = r.value.reg;
    atoms.pop_back();
  }
  // tsync %e0, %e1: waits for events, which (every instruction having finished before the next
  // starts) have all happened; it checks its operands and emits nothing.
  if (info.opcode == Opcode::kTSyncOp && !atoms.empty() && atoms[0].is_value) {
    bool ok = true;
    for (const Atom& atom : atoms) {
      Resolved r;
      if (!atom.is_value) {
        ctx.Error(*atom.item, "tsync takes events (%e0, %e1, ...) or one #pto.op<...>, not both");
        return false;
      }
      if (!Resolve(fb, ItemSpan(atom.item, 1), DType::kInvalid, &r)) {
        ok = false;
      } else if (r.value.cls != ValueClass::kEvent) {
        ctx.Error(*atom.item, StrCat("tsync waits for events (!pto.event parameters), but %",
                                     atom.item->text, " is ", Describe(r.value)));
        ok = false;
      }
    }
    return ok;
  }
  // VPTO writes get_buf/rls_buf's mode as a third argument ("PIPE_V", %id, %mode): like the
  // mode attribute it orders nothing more in ptorun, where each instruction finishes before
  // the next starts.
  if ((info.opcode == Opcode::kGetBuf || info.opcode == Opcode::kRlsBuf) &&
      atoms.size() == imm_slots.size() + 1) {
    const Atom& mode = atoms.back();
    if (mode.is_value) {
      Resolved r;
      if (!Resolve(fb, ItemSpan(mode.item, 1), DType::kI64, &r)) return false;
      if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype)) {
        ctx.Error(*mode.item, StrCat("the mode must be an integer, got ", Describe(r.value)));
        return false;
      }
    } else if (!mode.is_number) {
      ctx.Error(*mode.item, "the mode must be an integer (0 or 1)");
      return false;
    }
    atoms.pop_back();
  }
  if (atoms.size() != imm_slots.size()) {
    std::string expected;
    for (int slot : imm_slots) expected += StrCat(expected.empty() ? "" : ", ", info.operands[slot].attr);
    ctx.Error(stmt.head, StrCat(info.mnemonic, " takes ", imm_slots.size(), " argument",
                                imm_slots.size() == 1 ? "" : "s", " (", expected, "), got ",
                                atoms.size()));
    return false;
  }
  for (size_t k = 0; k < atoms.size(); ++k) {
    const Atom& atom = atoms[k];
    const OperandSpec& spec = info.operands[imm_slots[k]];
    uint32_t& out = operands[imm_slots[k]];
    if (spec.attr == "id") {
      if (atom.is_value && value_slot >= 0) {
        Resolved r;
        if (!Resolve(fb, ItemSpan(atom.item, 1), DType::kIndex, &r)) return false;
        if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype)) {
          ctx.Error(*atom.item, StrCat("the id must be an integer, got ", Describe(r.value)));
          return false;
        }
        operands[value_slot] = r.value.reg;
        out = 0;
        continue;
      }
      const ImmediateRange range = RangeOfImmediate(info, spec.attr);
      if (!atom.is_number || atom.number < range.min || atom.number > range.max) {
        ctx.Error(*atom.item, StrCat("expected an id from ", range.min, " to ", range.max,
                                     ", got '", atom.name, "'"));
        return false;
      }
      out = static_cast<uint32_t>(atom.number);
      continue;
    }
    SyncEnum kind = SyncAttrKind(info.mnemonic, spec.attr);
    uint32_t code;
    if (atom.is_number && atom.number >= 0 && atom.number < SyncEnumCount(kind)) {
      code = static_cast<uint32_t>(atom.number);
    } else if (!ParseSyncEnum(kind, atom.name, &code)) {
      if (kind == SyncEnum::kTileOp) {  // too many names to list
        ctx.Error(*atom.item, StrCat("unknown instruction '", atom.name, "' for ", info.mnemonic,
                                     " (a tile instruction's ISA name, such as TADD)"));
        return false;
      }
      std::string names;
      for (uint32_t c = 0; c < SyncEnumCount(kind); ++c) {
        names += StrCat(c ? " " : "", SyncEnumName(kind, c));
      }
      ctx.Error(*atom.item, StrCat("unknown ", spec.attr, " '", atom.name, "' (one of: ", names,
                                   ")"));
      return false;
    }
    out = code;
  }
  fb.Emit(info.opcode, operands, stmt.head.range);
  return true;
}

// pto.fence.barrier_all #pto.fence_scope<gm>, pto.fence.release <ddr>,
// pto.cmo.cacheinvalid all #pto.address_space<gm>, pto.cmo.clean all ...,
// pto.cmo.cacheinvalid %view single_cache_line : T. They order global-memory traffic and
// caches on the NPU; ptorun completes every access in program order, so they are checked and
// emit nothing (docs/semantics.md).
bool LowerMemoryOrder(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  const bool cmo = stmt.head.text.substr(0, 8) == "pto.cmo.";
  static constexpr std::string_view kSpaces[] = {"gm", "ddr", "ub", "l1", "all"};
  bool ok = true, extent = false;
  for (size_t i = 0; i < stmt.items.size(); ++i) {
    const Item& item = stmt.items[i];
    if (item.IsPunct(":")) break;  // the type of the address operand
    if (item.Is(ItemKind::kValue)) {
      Resolved r;
      if (!Resolve(fb, stmt.items.subspan(i, 1), DType::kInvalid, &r)) return false;
      if (r.value.cls != ValueClass::kView) {
        ctx.Error(item, StrCat(stmt.head.text, " takes a pointer or a tensor view, but %",
                               item.text, " is not one"));
        ok = false;
      }
    } else if (item.IsWord("all") || item.IsWord("single_cache_line")) {
      extent = true;
    } else if (item.Is(ItemKind::kHash) || item.IsGroup('<')) {
      const Item& scope = item.IsGroup('<') ? item : (i + 1 < stmt.items.size() ? stmt.items[++i]
                                                                                : item);
      std::string_view word = scope.IsGroup('<') && !scope.children().empty()
                                  ? scope.children()[0].text : std::string_view();
      bool known = false;
      for (std::string_view s : kSpaces) known |= word == s;
      if (!known) {
        ctx.Error(scope, StrCat("unknown memory scope '", Spell(ItemSpan(&scope, 1)),
                                "' (one of: gm ddr ub l1 all)"));
        ok = false;
      }
    } else if (item.Is(ItemKind::kAttrDict)) {
      std::map<std::string, Attribute> attrs;  // fences and cache operations take none
      ReadAttributes(item, &attrs);
      ok &= CheckAttributeNames(ctx, attrs, stmt.head.text, [](std::string_view) { return false; });
    } else {
      ctx.Error(item, StrCat("unexpected '", Spell(ItemSpan(&item, 1)), "' in ", stmt.head.text));
      ok = false;
    }
  }
  if (cmo && !extent && ok) {
    ctx.Error(stmt.head, StrCat(stmt.head.text,
                                " needs 'all' or an address and "
                                "'single_cache_line'"));
    ok = false;
  }
  return ok;
}

}  // namespace pto::assembler
