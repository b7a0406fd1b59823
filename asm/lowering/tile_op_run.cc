// TileOpLowering::Run and its steps: the statement's form made the DPS one, its operands
// collected and put in schema order, resolved, checked against the attribute and operand
// rules, and the instruction emitted.
#include <algorithm>

#include "pto/asm/lowering/op_overload.h"
#include "pto/asm/lowering/tile_op_attributes.h"
#include "pto/asm/lowering/tile_op_lowering_impl.h"
#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"

namespace pto::assembler::tile_op {

bool TileOpLowering::Run() {
  Operands inputs, outs;
  if (!NormaliseForm() || !CollectOperands(&inputs, &outs) || !ReorderInputs(&inputs, &outs) ||
      !Assign(inputs, outs) || !ResolveOperands()) {
    return false;
  }
  std::vector<uint32_t> encoded(info_.num_operands());
  std::vector<OperandType> types(info_.num_operands());
  const bool attributes_ok = CheckAttributes();  // both report, then the run stops
  if (!OperandTypes(&encoded, &types) || !attributes_ok) return false;
  Emit(&encoded);
  return true;
}

// Reads the statement's form and makes it the ins(...) outs(...) one.
bool TileOpLowering::NormaliseForm() {
  if (!ReadOpForm(ctx_, stmt_, &form_)) return false;
  slots_.resize(info_.num_operands());
  int required_ins = 0, dps_outs = 0;
  for (const OperandSpec& spec : info_.operands) {
    if (spec.kind == OperandKind::kImm && !spec.attr.empty()) continue;
    (spec.output ? dps_outs : required_ins) += spec.output || !spec.optional;
  }
  if (IsQuantisedRow(info_)) --required_ins;  // the fp tile is an optional segment there
  if (!GenericToDps(ctx_, stmt_, required_ins, dps_outs, &form_)) return false;
  if (WritesNoTmp(stmt_) && info_.opcode != Opcode::kTMrgSortLists) {
    ctx_.Error(stmt_.head, StrCat("'no_tmp' marks tmrgsort's lists without a tmp tile; ",
                                  info_.mnemonic, " takes none here"));
    return false;
  }
  if (TmpLastAmongIns(info_, stmt_) && !form_.ins.empty() && !form_.outs.empty()) {
    form_.outs.insert(form_.outs.begin() + 1, form_.ins.back());  // outs(%dst, %tmp, %executed)
    form_.ins.pop_back();
  }
  return true;
}

// Inputs and outputs by spelling: the DPS form's outs, or the SSA form's results and written
// views.
bool TileOpLowering::CollectOperands(Operands* inputs, Operands* outs) {
  for (const Operand& op : form_.ins) inputs->push_back(&op);
  if (!form_.dps) return SplitResultsAndViews(inputs, outs);
  for (const Operand& op : form_.outs) outs->push_back(&op);
  if (!stmt_.results.empty()) {
    ctx_.Error(stmt_.results[0], StrCat("the ins(...) outs(...) form of ", info_.mnemonic,
                                        " writes its outs; it has no results"));
    return false;
  }
  return true;
}

// The SSA form: its results are the outputs; views written by the op (tstore's destination)
// come last among the operands, except in the ISA's synchronous mscatter (%src, %mem, %idx):
// one written view is the operand that names a view.
bool TileOpLowering::SplitResultsAndViews(Operands* inputs, Operands* outs) {
  int tile_outputs = 0, optional_outputs = 0, view_outputs = 0;
  for (const OperandSpec& spec : info_.operands) {
    if (spec.is_array_output() ||
        (spec.output && spec.kind != OperandKind::kView && spec.kind != OperandKind::kImm)) {
      ++tile_outputs;  // results of the SSA spelling (tiles, scalars, arrays)
      optional_outputs = spec.optional ? optional_outputs + 1 : 0;  // trailing ones only
    } else if (spec.output && spec.kind == OperandKind::kView) {
      ++view_outputs;
    }
  }
  const int results = static_cast<int>(stmt_.results.size());
  if (results > tile_outputs || results < tile_outputs - optional_outputs) {
    if (tile_outputs == 0) {
      ctx_.Error(stmt_.results[0], StrCat(info_.mnemonic, " has no results"));
    } else {
      ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " produces ", tile_outputs, " result",
                                    tile_outputs == 1 ? "" : "s", "; write '%dst = ",
                                    info_.mnemonic, " ...'"));
    }
    return false;
  }
  if (static_cast<int>(inputs->size()) < view_outputs) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs its destination operand"));
    return false;
  }
  if (view_outputs == 1) {
    auto names_view = [&](const Operand* op) {
      const Item& head = op->term[0];
      const Value* v = head.Is(ItemKind::kValue) ? fb_.Find(head.text, head.index) : nullptr;
      return v && v->cls == ValueClass::kView;
    };
    auto view = std::find_if(inputs->begin(), inputs->end(), names_view);
    if (view != inputs->end()) std::rotate(view, view + 1, inputs->end());
  }
  outs->assign(inputs->end() - view_outputs, inputs->end());
  inputs->resize(inputs->size() - view_outputs);
  // An SSA signature with one type per operand types each operand.
  const Signature& sig = form_.signature;
  std::vector<Operand*> all;
  for (Operand& op : form_.ins) all.push_back(&op);
  if (form_.has_signature && sig.inputs.size() == all.size()) {
    for (size_t i = 0; i < all.size(); ++i) {
      all[i]->has_type = sig.inputs[i].kind != TypeKind::kOpaque;
      all[i]->type = sig.inputs[i];
    }
  }
  return true;
}

// The spellings whose inputs come in another order than the schema's: the fp tile, the
// scalar-first tdivs, textract/tinsert's indices, tquant's scratch tile.
bool TileOpLowering::ReorderInputs(Operands* inputs, Operands* outs) {
  // The fp tile of the quantised forms (`fp %fp : T`) is their second input.
  if (form_.has_fp) {
    if (inputs->empty() || !IsQuantisedRow(info_)) {
      ctx_.Error(form_.fp.range(), StrCat(info_.mnemonic, " takes no fp operand"));
      return false;
    }
    inputs->insert(inputs->begin() + 1, &form_.fp);
  }
  // tdivs %k, %t: the scalar-first form.
  if ((info_.flags & kFlagScalarFirst) && inputs->size() == 2) {
    const Item& head = (*inputs)[0]->term[0];
    bool literal = head.Is(ItemKind::kInt) || head.Is(ItemKind::kFloat);
    const Value* v = head.Is(ItemKind::kValue) ? fb_.Find(head.text, head.index) : nullptr;
    if (literal || (v && v->cls == ValueClass::kScalar)) {
      std::swap((*inputs)[0], (*inputs)[1]);
      scalar_first_ = true;
    }
  }
  // textract %src[%r, %c] / tinsert %src[%r, %c]: the indices are the position operands.
  if ((info_.family == Family::kExtract || info_.family == Family::kInsert) &&
      inputs->size() == 1 && (*inputs)[0]->term.size() == 2 &&
      (*inputs)[0]->term[1].IsGroup('[')) {
    const Operand* indexed = (*inputs)[0];
    Operand& src = split_indices_.emplace_back(*indexed);
    src.term = indexed->term.first(1);
    (*inputs)[0] = &src;
    for (ItemSpan index : Split(indexed->term[1].children(), ",")) {
      Operand& op = split_indices_.emplace_back();
      op.term = index;
      inputs->push_back(&op);
    }
  }
  if (info_.opcode == Opcode::kTQuant && outs->size() == 2 && !inputs->empty() &&
      !DropQuantScratch(fb_, *(*inputs)[0], outs)) {
    return false;
  }
  return true;
}

// Resolves every written operand, tiles first so that literal scalars can take the tile's
// element type; makes the SSA form's results; lowers indexed global operands (tload/tstore).
bool TileOpLowering::ResolveOperands() {
  bool ok = true;
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < info_.num_operands(); ++i) {
      if (info_.operands[i].is_array_output()) {
        if (slots_[i].written && pass == 0) ok &= ResolveArrayOutput(i);
        continue;
      }
      bool tile = info_.operands[i].kind == OperandKind::kTile;
      if (slots_[i].written && tile == (pass == 0)) ok &= ResolveSlot(i);
    }
  }
  if (!ok) return false;
  if (!form_.dps && !MakeResults()) return false;
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (!slots_[i].present || slots_[i].resolved.indices.empty()) continue;
    // The first tile operand gives the window's shape (tstore.fp's second tile is its fp).
    int tile_slot = -1;
    for (int j = 0; j < info_.num_operands() && tile_slot < 0; ++j) {
      if (info_.operands[j].kind == OperandKind::kTile && slots_[j].present) tile_slot = j;
    }
    if (tile_slot < 0 || !LowerIndexedView(i, tile_slot)) return false;
  }
  return true;
}

// The attribute names the instruction takes (its immediates' and the carried ones), and a
// note on TileLang's highPrecision hint.
bool TileOpLowering::CheckAttributes() {
  const bool ok = CheckAttributeNames(ctx_, form_.attrs, info_.mnemonic, [&](std::string_view name) {
    if (IsCarriedAttribute(name)) return true;
    for (const OperandSpec& spec : info_.operands) {
      if (NamesImmediate(spec, name)) return true;
    }
    return false;
  });
  auto hint = form_.attrs.find("highPrecision");
  if (hint != form_.attrs.end() && !hint->second.value.empty() &&
      hint->second.value[0].IsWord("true")) {
    ctx_.Warning(hint->second.range, "highPrecision is a hint PTOAS does not read; "
                                     "{precisionType = ...} selects the high-precision sequence");
  }
  return ok;
}

// Immediates first (some rules depend on an attribute's value: tcmp's cmpMode), then every
// operand's type, checked by the operand rules.
bool TileOpLowering::OperandTypes(std::vector<uint32_t>* encoded, std::vector<OperandType>* types) {
  bool ok = true;
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind != OperandKind::kImm || info_.operands[i].is_array_output()) {
      continue;
    }
    const bool known = Immediate(info_.operands[i], &(*encoded)[i]);
    ok &= known;
    (*types)[i].known_value = known;
    (*types)[i].value = (*encoded)[i];
  }
  for (int i = 0; i < info_.num_operands(); ++i) {
    const Slot& s = slots_[i];
    OperandType& t = (*types)[i];
    if (info_.operands[i].is_array_output()) t.present = false;
    if (info_.operands[i].kind == OperandKind::kImm) continue;
    t.present = s.present;
    if (!s.present) continue;
    const Value& v = s.resolved.value;
    if (v.cls == ValueClass::kTile) {
      t.tile = &v.type.tile;
      const size_t at = v.type.text.find("f8E4M3");
      t.ieee_e4m3 = at != std::string::npos && v.type.text.compare(at, 8, "f8E4M3FN") != 0;
    }
    // A view written with indices (%v[%i, %j]) is a window of the tile's shape, not the type's.
    if (v.cls == ValueClass::kView && v.type.kind == TypeKind::kPartitionView &&
        s.resolved.indices.empty()) {
      t.view_elements = StaticElementCount(v.type.shape);
    }
    if (v.cls == ValueClass::kView && s.resolved.indices.empty() &&
        (v.type.kind == TypeKind::kPartitionView || v.type.kind == TypeKind::kTensorView)) {
      t.view_shape = &v.type.shape;
      t.partition_view = v.type.kind == TypeKind::kPartitionView;
    }
    t.dtype = v.type.dtype;
    t.known_value = v.is_const;
    t.value = v.ConstAsDouble();
  }
  for (const RuleError& e : CheckOperandTypes(info_, ctx_.arch(), *types)) {
    ctx_.Error(RuleErrorRange(e.operand), e.message);
    ok = false;
  }
  if (ctx_.address_mode() == AddressMode::kManual) ok &= CheckUnplannedTmp(*types);
  return ok;
}

// The instruction with its operands' registers (treshape's result derived from its source).
void TileOpLowering::Emit(std::vector<uint32_t>* encoded) {
  for (int i = 0; i < info_.num_operands(); ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (spec.is_array_output()) {
      (*encoded)[i] = slots_[i].resolved.value.reg;
    } else if (spec.kind != OperandKind::kImm) {
      (*encoded)[i] = slots_[i].present ? slots_[i].resolved.value.reg : kNoOperand;
    }
  }
  fb_.Emit(info_.opcode, *encoded, stmt_.head.range);
  if (info_.family == Family::kReshape && slots_[0].present && slots_[1].present) {
    const uint64_t whole = 0;  // treshape's result is its source's bytes
    fb_.DeriveTile((*encoded)[0], (*encoded)[1], &whole, slots_[0].resolved.value.type.tile.Bytes());
  }
}

}  // namespace pto::assembler::tile_op
