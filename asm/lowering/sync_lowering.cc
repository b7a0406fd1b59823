#include "pto/asm/lowering/sync_lowering.h"

#include <algorithm>

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
    case Opcode::kGetBufDyn:
    case Opcode::kRlsBufDyn:
      return name == "mode";
    case Opcode::kSyncSet:
    case Opcode::kSyncWait:
    case Opcode::kSetCrossBlock:
      return name == "ffts_mode";
    default:
      return false;
  }
}

// sync.set / sync.wait {ffts_mode = M}: FFTS mode 0 flags every core of the kind across the
// launch's blocks (set_cross_block / wait_cross_block); modes 1 and 2 stay within the block,
// the cross-core flags ptorun models (docs/semantics.md "Synchronisation"). set_cross_block
// takes mode 0 only. Sets \a opcode to the row to emit.
bool FftsMode(Context& ctx, const std::map<std::string, Attribute>& attrs, Opcode* opcode) {
  auto it = attrs.find("ffts_mode");
  if (it == attrs.end()) return true;
  const ItemSpan value = it->second.value;
  const Item* word = !value.empty() && value[0].Is(ItemKind::kInt) ? &value[0] : nullptr;
  const int64_t limit = *opcode == Opcode::kSetCrossBlock ? 0 : 2;
  if (!word || word->number < 0 || word->number > limit) {
    ctx.Error(it->second.range, StrCat("ffts_mode must be ", limit == 0 ? "0" : "0, 1 or 2",
                                       ", got '", Spell(value), "'"));
    return false;
  }
  if (word->number == 0 && *opcode == Opcode::kSyncSet) *opcode = Opcode::kSetCrossBlock;
  if (word->number == 0 && *opcode == Opcode::kSyncWait) *opcode = Opcode::kWaitCrossBlock;
  return true;
}

// A soft syncall's workspace: a GM pointer, tensor view or partition view of i32, of at least
// 16 elements when its shape is static (one 64-byte line; pto-isa counts in its first word).
bool SyncAllWorkspace(FunctionBuilder& fb, ItemSpan term, uint32_t* reg) {
  Context& ctx = fb.ctx();
  Resolved r;
  if (!Resolve(fb, term, DType::kInvalid, &r)) return false;
  const Type& t = r.value.type;
  const bool kind_ok = t.kind == TypeKind::kPointer || t.kind == TypeKind::kTensorView ||
                       t.kind == TypeKind::kPartitionView;
  if (!kind_ok || r.value.cls != ValueClass::kView) {
    ctx.Error(term, StrCat("syncall's workspace is a global pointer, tensor view or partition "
                           "view of i32, got ", Describe(r.value)));
    return false;
  }
  if (t.dtype != DType::kI32) {
    ctx.Error(term, StrCat("syncall's workspace holds i32, not ", DTypeName(t.dtype)));
    return false;
  }
  int64_t elements = 1;
  for (int64_t d : t.shape) elements = d == kDynamic || elements < 0 ? -1 : elements * std::min<int64_t>(d, 1 << 20);
  if (!t.shape.empty() && elements >= 0 && elements < 16) {
    ctx.Error(term, StrCat("syncall's workspace needs at least 16 i32 (64 bytes), this one "
                           "holds ", elements));
    return false;
  }
  *reg = r.value.reg;
  return true;
}

// One keyed argument of syncall (mode = #pto.sync_all_mode<soft>, core_type = ...), written
// bare after its operands or in a dictionary: the code of its value.
bool SyncAllArgument(Context& ctx, const Statement& stmt, const std::map<std::string, Attribute>& attrs,
                     const char* key, const char* immediate, uint32_t* code) {
  ItemSpan value;
  SourceRange range = stmt.head.range;
  auto it = attrs.find(key);
  if (it != attrs.end()) {
    value = it->second.value, range = it->second.range;
  } else {
    ItemSpan items = stmt.items;
    for (size_t i = 0; i < items.size(); ++i) {
      if (!items[i].Is(ItemKind::kKey) || items[i].text != key) continue;
      size_t end = i + 1;
      while (end < items.size() && !items[end].IsPunct(",") && !items[end].Is(ItemKind::kKey)) ++end;
      value = items.subspan(i + 1, end - i - 1);
      range = items[i].range;
    }
  }
  const Item* word = AttributeWord(value);
  const SyncEnum kind = SyncAttrKind(Opcode::kSyncAll, immediate);
  if (!word || !ParseSyncEnum(kind, word->text, code)) {
    std::string names;
    for (uint32_t c = 0; c < SyncEnumCount(kind); ++c) names += StrCat(c ? " " : "", SyncEnumName(kind, c));
    if (word && !value.empty()) {
      ctx.Error(range, StrCat("syncall's ", key, " is one of: ", names, "; got '", word->text,
                              "'"));
    } else {
      ctx.Error(range, StrCat("syncall needs ", key, " (one of: ", names, ")"));
    }
    return false;
  }
  return true;
}

// pto.syncall([%workspace[, %used_cores] : T[, i32]]) mode = #pto.sync_all_mode<hard | soft>,
//     core_type = #pto.sync_core_type<aiv_only | aic_only | mix>
bool LowerSyncAll(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  std::map<std::string, Attribute> attrs;
  for (const Item& item : stmt.items) {
    if (item.Is(ItemKind::kAttrDict)) ReadAttributes(item, &attrs);
  }
  uint32_t mode = 0, core_type = 0;
  if (!CheckAttributeNames(ctx, attrs, info.mnemonic, [](std::string_view name) {
        return name == "mode" || name == "core_type" || name == "operandSegmentSizes";
      }) ||
      !SyncAllArgument(ctx, stmt, attrs, "mode", "sync_mode", &mode) ||
      !SyncAllArgument(ctx, stmt, attrs, "core_type", "core_type", &core_type)) {
    return false;
  }
  std::vector<ItemSpan> operands;
  if (!stmt.items.empty() && stmt.items[0].IsGroup('(')) {
    ItemSpan inside = BeforeColon(stmt.items[0].children());
    if (!inside.empty() && !SplitList(ctx, inside, "an operand", &operands)) return false;
  }
  const bool soft = mode == 1;
  if (!soft && !operands.empty()) {
    ctx.Error(stmt.head, "a hard syncall takes no workspace and no used_cores");
    return false;
  }
  if (soft && (operands.empty() || operands.size() > 2)) {
    ctx.Error(stmt.head, "a soft syncall takes its workspace and, optionally, used_cores");
    return false;
  }
  uint32_t workspace = kNoOperand, used = kNoOperand;
  if (soft && !SyncAllWorkspace(fb, operands[0], &workspace)) return false;
  if (operands.size() == 2) {
    Resolved r;
    if (!Resolve(fb, operands[1], DType::kI32, &r)) return false;
    if (r.value.cls != ValueClass::kScalar || r.value.type.dtype != DType::kI32) {
      ctx.Error(operands[1], StrCat("syncall's used_cores is an i32, got ", Describe(r.value)));
      return false;
    }
    used = r.value.reg;
  }
  fb.Emit(info.opcode, {workspace, used, mode, core_type}, stmt.head.range);
  return true;
}

// An integer scalar value (an event id, a mode) in \a *reg; \a what names it in the error.
bool IntegerValue(FunctionBuilder& fb, const Atom& atom, DType want, const char* what,
                  uint32_t* reg) {
  Resolved r;
  if (!Resolve(fb, ItemSpan(atom.item, 1), want, &r)) return false;
  if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype)) {
    fb.ctx().Error(*atom.item, StrCat("the ", what, " must be an integer, got ", Describe(r.value)));
    return false;
  }
  *reg = r.value.reg;
  return true;
}

// tsync %e0, %e1: waits for events, which (every instruction having finished before the next
// starts) have all happened; it checks its operands and emits nothing. PTOAS v0.60's
// tsync ins(%a, %b : T, U) waits for the work on tiles and views: done too.
bool CheckTsyncOperands(FunctionBuilder& fb, const std::vector<Atom>& atoms, bool data_form) {
  bool ok = true;
  for (const Atom& atom : atoms) {
    Resolved r;
    if (!atom.is_value) {
      fb.ctx().Error(*atom.item, "tsync takes events (%e0, %e1, ...) or one #pto.op<...>, not both");
      return false;
    }
    if (!Resolve(fb, ItemSpan(atom.item, 1), DType::kInvalid, &r)) {
      ok = false;
    } else if (data_form ? r.value.cls != ValueClass::kTile && r.value.cls != ValueClass::kView
                         : r.value.cls != ValueClass::kEvent) {
      fb.ctx().Error(*atom.item,
                     StrCat(data_form ? "tsync ins(...) waits for tiles and views" :
                                        "tsync waits for events (!pto.event parameters)",
                            ", but %", atom.item->text, " is ", Describe(r.value)));
      ok = false;
    }
  }
  return ok;
}

// VPTO writes get_buf/rls_buf's mode as a third argument ("PIPE_V", %id, %mode): like the
// mode attribute it orders nothing more in ptorun, where each instruction finishes before the
// next starts. Checked and dropped.
bool DropBufferMode(FunctionBuilder& fb, std::vector<Atom>* atoms) {
  const Atom& mode = atoms->back();
  if (mode.is_value) {
    uint32_t reg;
    if (!IntegerValue(fb, mode, DType::kI64, "mode", &reg)) return false;
  } else if (!mode.is_number) {
    fb.ctx().Error(*mode.item, "the mode must be an integer (0 or 1)");
    return false;
  }
  atoms->pop_back();
  return true;
}

// The code of enumerator \a atom for immediate \a spec of \a info (a pipe, an event, ...).
bool SyncEnumCode(Context& ctx, const OpInfo& info, const OperandSpec& spec, const Atom& atom,
                  uint32_t* code) {
  const SyncEnum kind = SyncAttrKind(info.opcode, spec.attr);
  if (atom.is_number && atom.number >= 0 && atom.number < SyncEnumCount(kind)) {
    *code = static_cast<uint32_t>(atom.number);
    return true;
  }
  if (ParseSyncEnum(kind, atom.name, code)) return true;
  if (kind == SyncEnum::kTileOp) {  // too many names to list
    ctx.Error(*atom.item, StrCat("unknown instruction '", atom.name, "' for ", info.mnemonic,
                                 " (a tile instruction's ISA name, such as TADD)"));
    return false;
  }
  std::string names;
  for (uint32_t c = 0; c < SyncEnumCount(kind); ++c) names += StrCat(c ? " " : "", SyncEnumName(kind, c));
  ctx.Error(*atom.item, StrCat("unknown ", spec.attr, " '", atom.name, "' (one of: ", names, ")"));
  return false;
}

// The "id" immediate: a number in its range, or (set_flag_dyn's forms) a value that goes to the
// register operand \a value_slot.
bool SyncId(FunctionBuilder& fb, const OpInfo& info, const Atom& atom, int value_slot,
            std::vector<uint32_t>* operands, uint32_t* out) {
  if (atom.is_value && value_slot >= 0) {
    *out = 0;
    return IntegerValue(fb, atom, DType::kIndex, "id", &(*operands)[value_slot]);
  }
  const ImmediateRange range = RangeOfImmediate(info, "id");
  if (!atom.is_number || atom.number < range.min || atom.number > range.max) {
    fb.ctx().Error(*atom.item, StrCat("expected an id from ", range.min, " to ", range.max,
                                      ", got '", atom.name, "'"));
    return false;
  }
  *out = static_cast<uint32_t>(atom.number);
  return true;
}

// The immediates, one argument each, in their slots of \a operands.
bool SyncImmediates(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt,
                    const std::vector<Atom>& atoms, const std::vector<int>& imm_slots,
                    int value_slot, std::vector<uint32_t>* operands) {
  if (atoms.size() != imm_slots.size()) {
    std::string expected;
    for (int slot : imm_slots) expected += StrCat(expected.empty() ? "" : ", ", info.operands[slot].attr);
    fb.ctx().Error(stmt.head, StrCat(info.mnemonic, " takes ", imm_slots.size(), " argument",
                                     imm_slots.size() == 1 ? "" : "s", " (", expected, "), got ",
                                     atoms.size()));
    return false;
  }
  for (size_t k = 0; k < atoms.size(); ++k) {
    const OperandSpec& spec = info.operands[imm_slots[k]];
    uint32_t& out = (*operands)[imm_slots[k]];
    const bool ok = spec.attr == "id" ? SyncId(fb, info, atoms[k], value_slot, operands, &out)
                                      : SyncEnumCode(fb.ctx(), info, spec, atoms[k], &out);
    if (!ok) return false;
  }
  return true;
}

// pto.dcci %ptr "SCOPE"[, "DST"] : !pto.ptr<T, gm | ub>: the row by the pointer's memory.
bool LowerDcci(FunctionBuilder& fb, const Statement& stmt, const std::vector<Atom>& atoms) {
  Context& ctx = fb.ctx();
  if ((atoms.size() != 2 && atoms.size() != 3) || !atoms[0].is_value) {
    ctx.Error(stmt.head,
              "expected 'pto.dcci %ptr \"CACHE_SCOPE\"[, \"CACHE_DST\"] : !pto.ptr<T, gm|ub>'");
    return false;
  }
  Resolved r;
  if (!Resolve(fb, ItemSpan(atoms[0].item, 1), DType::kInvalid, &r)) return false;
  const Type& t = r.value.type;
  const bool gm = r.value.cls == ValueClass::kView && t.kind == TypeKind::kPointer;
  const bool ub = r.value.cls == ValueClass::kScalar && t.IsLocalPointer() && t.mem == Memory::kVec;
  if (!gm && !ub) {
    ctx.Error(*atoms[0].item, StrCat("dcci takes a GM or UB pointer, not ", Describe(r.value)));
    return false;
  }
  const OpInfo& info = GetOpInfo(gm ? Opcode::kDcci : Opcode::kDcciUb);
  std::vector<uint32_t> operands = {r.value.reg, 0, 0};
  if (!SyncEnumCode(ctx, info, info.operands[1], atoms[1], &operands[1])) return false;
  if (atoms.size() == 3) {
    if (!SyncEnumCode(ctx, info, info.operands[2], atoms[2], &operands[2])) return false;
    if (operands[2] == 0) {
      ctx.Error(*atoms[2].item, "unknown cache_dst '' (one of: CACHELINE_ALL CACHELINE_UB "
                                "CACHELINE_OUT CACHELINE_ATOMIC)");
      return false;
    }
  }
  fb.Emit(info.opcode, operands, stmt.head.range);
  return true;
}

}  // namespace

bool LowerSyncOp(FunctionBuilder& fb, const OpInfo& info_in, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!stmt.results.empty()) {
    ctx.Error(stmt.results[0], StrCat(info_in.mnemonic, " has no results"));
    return false;
  }
  if (info_in.opcode == Opcode::kSyncAll) return LowerSyncAll(fb, info_in, stmt);
  std::vector<Atom> atoms;
  std::map<std::string, Attribute> attrs;
  CollectAtoms(stmt.items, &atoms, &attrs);
  Opcode opcode = info_in.opcode;
  if (!CheckAttributeNames(ctx, attrs, info_in.mnemonic, [&](std::string_view name) {
        return SyncAttributeKnown(info_in.opcode, name);
      }) ||
      !FftsMode(ctx, attrs, &opcode)) {
    return false;
  }
  if (opcode == Opcode::kDcci || opcode == Opcode::kDcciUb) return LowerDcci(fb, stmt, atoms);
  const OpInfo& info = GetOpInfo(opcode);
  std::vector<int> imm_slots;
  int value_slot = -1;
  for (int i = 0; i < info.num_operands(); ++i) {
    if (info.operands[i].kind == OperandKind::kImm) {
      imm_slots.push_back(i);
    } else {
      value_slot = i;
    }
  }
  // A required register operand (the event id of set_flag_dyn, the buffer id of get_buf_dyn) is
  // the last argument, but for a buffer token's mode.
  std::vector<uint32_t> operands(info.num_operands(), kNoOperand);
  const bool required = value_slot >= 0 && !info.operands[value_slot].optional;
  const bool buffer = opcode == Opcode::kGetBuf || opcode == Opcode::kRlsBuf ||
                      opcode == Opcode::kGetBufDyn || opcode == Opcode::kRlsBufDyn;
  if (buffer && atoms.size() == imm_slots.size() + required + 1 && !DropBufferMode(fb, &atoms)) {
    return false;
  }
  if (required && !atoms.empty() && atoms.back().is_value) {
    const char* what = buffer ? "buffer id" : "event id";
    if (!IntegerValue(fb, atoms.back(), DType::kIndex, what, &operands[value_slot])) return false;
    atoms.pop_back();
  }
  const bool data_form = info.opcode == Opcode::kTSyncOp && !atoms.empty() &&
                         atoms[0].name == "ins" && !atoms[0].is_value;
  if (data_form) atoms.erase(atoms.begin());
  if (info.opcode == Opcode::kTSyncOp && !atoms.empty() && atoms[0].is_value) {
    return CheckTsyncOperands(fb, atoms, data_form);
  }
  if (!SyncImmediates(fb, info, stmt, atoms, imm_slots, value_slot, &operands)) return false;
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
