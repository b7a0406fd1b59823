#include "pto/asm/lowering/tile_op_lowering.h"
#include "pto/asm/lowering/tile_op_lowering_impl.h"

#include <algorithm>
#include <cstdint>
#include <deque>

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/op_overload.h"
#include "pto/asm/lowering/tile_op_attributes.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/immediates.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace tile_op {

// The element count of a static shape; 0 when a dimension is dynamic or the count overflows.
int64_t StaticElementCount(const std::vector<int64_t>& shape) {
  int64_t n = shape.empty() ? 0 : 1;
  for (int64_t d : shape) {
    if (d <= 0 || __builtin_mul_overflow(n, d, &n)) return 0;
  }
  return n;
}

// True if value \a v can be an operand of kind \a kind: a register of the kind's class holding
// an element type the kind accepts.
bool ClassMatches(OperandKind kind, const Value& v) {
  const RegClass cls = GetKindInfo(kind).reg_class;
  return cls != RegClass::kNone && v.cls == ValueClassOf(cls) &&
         KindAcceptsType(kind, v.type.dtype);
}

bool IsQuantisedRow(const OpInfo& info) { return (info.flags & kFlagFpTile) != 0; }

// PTOAS v0.60's tquant outs(%dst, %tmp): a vec f32 scratch tile the NPU's sequence may use
// (on a2a3 of the source's shape). The result does not depend on it and ptorun leaves it
// unchanged (docs/semantics.md); it is checked and dropped from \a outs.
bool DropQuantScratch(FunctionBuilder& fb, const Operand& src, std::vector<const Operand*>* outs) {
  Resolved tmp, a;
  if (!Resolve(fb, outs->back()->term, DType::kInvalid, &tmp)) return false;
  const TileType& t = tmp.value.type.tile;
  std::string problem;
  if (tmp.value.cls != ValueClass::kTile || t.mem != Memory::kVec || t.dtype != DType::kF32) {
    problem = StrCat("tquant's tmp must be a vec f32 tile, got ", Describe(tmp.value));
  } else if (fb.ctx().arch() == Arch::kA2A3 &&
             Resolve(fb, src.term, DType::kInvalid, &a) && a.value.cls == ValueClass::kTile &&
             (a.value.type.tile.rows != t.rows || a.value.type.tile.cols != t.cols)) {
    problem = StrCat("tquant's tmp on a2a3 has the source's shape, ", a.value.type.tile.rows,
                     "x", a.value.type.tile.cols, ", got ", t.rows, "x", t.cols);
  }
  if (!problem.empty()) {
    fb.ctx().Error(outs->back()->range(), problem);
    return false;
  }
  outs->pop_back();
  return true;
}

// "the second input", "the output": operands as the user sees them, whatever the spelling.
std::string TileOpLowering::OperandRole(int index) const {
  static const char* const kOrdinals[] = {"first", "second", "third", "fourth", "fifth"};
  const OperandSpec& spec = info_.operands[index];
  int n = 0, total = 0;
  for (int i = 0; i < info_.num_operands(); ++i) {
    const OperandSpec& other = info_.operands[i];
    if (other.output != spec.output ||
        (other.kind == OperandKind::kImm && !other.is_array_output())) {
      continue;
    }
    if (i < index) ++n;
    ++total;
  }
  const char* what = spec.output ? "output" : "input";
  if (total == 1) return StrCat("the ", what);
  return n < 5 ? StrCat("the ", kOrdinals[n], " ", what) : StrCat(what, " ", n + 1);
}

DType TileOpLowering::PrimaryDType() const {
  for (size_t i = 0; i < slots_.size(); ++i) {
    const Slot& s = slots_[i];
    if (info_.family == Family::kSelectScalar && i == 1) continue;  // tsels: not the mask's type
    if (s.present && s.resolved.value.cls == ValueClass::kTile) {
      return s.resolved.value.type.tile.dtype;
    }
  }
  return DType::kInvalid;
}

// Places the written operands into schema slots. Inputs fill the input specs in order (the
// trailing optional ones may be missing); outputs fill the output specs.
bool TileOpLowering::Assign(const std::vector<const Operand*>& inputs,
                            const std::vector<const Operand*>& outs) {
  std::vector<int> in_slots, out_slots;
  int required = 0;
  for (int i = 0; i < info_.num_operands(); ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (spec.is_array_output() && form_.dps) out_slots.push_back(i);
    if (spec.kind == OperandKind::kImm) continue;
    if (spec.output) {
      // SSA spellings create their tile and scalar outputs as results (MakeResults).
      if (form_.dps || spec.kind == OperandKind::kView) out_slots.push_back(i);
    } else {
      in_slots.push_back(i);
      if (!spec.optional) ++required;
    }
  }
  if (static_cast<int>(inputs.size()) < required || inputs.size() > in_slots.size()) {
    std::string expected = required == static_cast<int>(in_slots.size())
                               ? std::to_string(required)
                               : StrCat(required, " to ", in_slots.size());
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " takes ", expected, " input operand",
                                  in_slots.size() == 1 ? "" : "s", ", got ", inputs.size()));
    return false;
  }
  // Trailing optional outputs may be left out (tquant.mx's deprecated fifth).
  size_t required_outs = out_slots.size();
  while (required_outs > 0 && info_.operands[out_slots[required_outs - 1]].optional) {
    --required_outs;
  }
  if (outs.size() < required_outs || outs.size() > out_slots.size()) {
    const std::string expected = required_outs == out_slots.size()
                                     ? std::to_string(required_outs)
                                     : StrCat(required_outs, " or ", out_slots.size());
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " takes ", expected, " output",
                                  out_slots.size() == 1 ? "" : "s", ", got ", outs.size()));
    return false;
  }
  // An optional slot whose kind the next operand cannot fill stays empty: the collectives'
  // optional pong tile before their peer views, tsels's tmp tile before its scalar.
  size_t slot = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    while (slot < in_slots.size() && SkipsOptional(in_slots[slot], *inputs[i])) ++slot;
    if (slot == in_slots.size()) {
      ctx_.Error(inputs[i]->range(), StrCat("too many operands for ", info_.mnemonic));
      return false;
    }
    slots_[in_slots[slot++]].written = inputs[i];
  }
  for (size_t i = 0; i < outs.size(); ++i) slots_[out_slots[i]].written = outs[i];
  return true;
}

bool TileOpLowering::SkipsOptional(int slot, const Operand& input) const {
  const OperandSpec& spec = info_.operands[slot];
  if (!spec.optional || input.term.size() != 1) return false;
  const Item& term = input.term[0];
  if (term.Is(ItemKind::kInt) || term.Is(ItemKind::kFloat)) {  // a literal is a scalar
    return spec.kind == OperandKind::kTile || spec.kind == OperandKind::kView;
  }
  if (!term.Is(ItemKind::kValue)) return false;
  const Value* v = fb_.Find(term.text, term.index);
  return v && !ClassMatches(spec.kind, *v);
}

bool TileOpLowering::CheckWrittenType(int index) {
  const Slot& slot = slots_[index];
  if (!slot.written || !slot.written->has_type) return true;
  std::string problem = WrittenTypeProblem(slot.resolved.value, slot.written->type);
  if (problem.empty()) return true;
  ctx_.Error(slot.written->range(), problem);
  return false;
}

bool TileOpLowering::ResolveSlot(int index) {
  Slot& slot = slots_[index];
  const OperandSpec& spec = info_.operands[index];
  DType literal = DType::kInvalid;
  if (spec.kind == OperandKind::kScalar || spec.kind == OperandKind::kInt ||
      spec.kind == OperandKind::kFloat) {
    literal = PrimaryDType();
    if (slot.written->has_type && slot.written->type.IsScalar()) literal = slot.written->type.dtype;
  }
  if (!Resolve(fb_, slot.written->term, literal, &slot.resolved)) return false;
  slot.present = true;
  const Value& v = slot.resolved.value;
  if (!ClassMatches(spec.kind, v)) {
    ctx_.Error(slot.written->range(), StrCat(OperandRole(index), " of ", info_.mnemonic,
                                             " must be ", GetKindInfo(spec.kind).noun, ", but ",
                                             Spell(slot.written->term), " is ", Describe(v)));
    return false;
  }
  if (!slot.resolved.indices.empty() && spec.kind != OperandKind::kView) {
    ctx_.Error(slot.written->range(), "only global tensor operands can be indexed");
    return false;
  }
  return CheckWrittenType(index);
}

Type TileOpLowering::ResultType(size_t k) {
  if (k < form_.result_types.size()) return form_.result_types[k];
  if (!form_.signature.has_arrow) {
    for (const Type& t : form_.signature.inputs) {
      if (t.IsTile()) return t;
    }
  }
  for (const Slot& s : slots_) {
    if (s.present && s.resolved.value.cls == ValueClass::kTile) return s.resolved.value.type;
  }
  return Type();
}

// A scalar output: a new register of the instruction's tile element type (tgetval's element),
// or of the written result type (ttest's flag: i1 unless written). A scalar read from a tile has
// the tile's type.
bool TileOpLowering::MakeScalarResult(int slot, size_t k) {
  const Item& name = stmt_.results[k];
  const DType element = PrimaryDType();
  DType type = element != DType::kInvalid ? element : DType::kI1;
  if (k < form_.result_types.size() && form_.result_types[k].IsScalar()) {
    const DType written = form_.result_types[k].dtype;
    if (element != DType::kInvalid && written != element) {
      SourceRange where = k < form_.result_ranges.size() ? form_.result_ranges[k] : name.range;
      ctx_.Error(where,
                 StrCat("the tile holds ", DTypeName(element), ", not ", DTypeName(written)));
      return false;
    }
    type = written;
  }
  const Value v = fb_.NewScalarValue(type);
  if (!fb_.Define(name, v)) return false;
  slots_[slot].present = true;
  slots_[slot].resolved.value = v;
  slots_[slot].resolved.value.def = name.range;
  slots_[slot].resolved.range = stmt_.head.range;
  return true;
}

// SSA and synchronous spellings create their destination tiles as new values.
bool TileOpLowering::MakeResults() {
  size_t k = 0;
  for (int i = 0; i < info_.num_operands(); ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (spec.is_array_output()) {
      if (!MakeArrayResult(i, stmt_.results[k++])) return false;
      continue;
    }
    if (!spec.output || spec.kind == OperandKind::kView) continue;
    if (k == stmt_.results.size()) break;  // trailing optional outputs left out
    const Item& name = stmt_.results[k];
    if (spec.kind != OperandKind::kTile) {
      if (!MakeScalarResult(i, k++)) return false;
      continue;
    }
    Type type = ResultType(k);
    ++k;
    if (!type.IsTile()) {
      ctx_.Error(name, StrCat("cannot tell the tile type of %", name.text,
                              "; write it in the signature: ': ... -> !pto.tile<...>'"));
      return false;
    }
    Value v;
    v.type = type;
    v.cls = ValueClass::kTile;
    v.reg = fb_.NewTile(type.tile, name.text, name.range);
    // treshape's result shares its source's storage; it gets no placement of its own.
    if (info_.family == Family::kReshape) fb_.binding(v.reg).runtime_address = true;
    if (!fb_.Define(name, v)) return false;
    slots_[i].present = true;
    slots_[i].resolved.value = v;
    slots_[i].resolved.value.def = name.range;
    slots_[i].resolved.range = stmt_.head.range;  // rule errors on results point at the op
  }
  return true;
}

// The local array an instruction writes (tmrgsort's vector<4xi16> counts) as a new value.
bool TileOpLowering::MakeArrayResult(int index, const Item& name) {
  Value v;
  v.cls = ValueClass::kLocalArray;
  v.type.kind = TypeKind::kLocalArray;
  v.type.dtype = DType::kI16;
  v.type.shape = {kArrayOutputLength};
  v.type.text = "vector<4xi16>";
  v.reg = fb_.NewLocalArray();
  if (!fb_.Define(name, v)) return false;
  slots_[index].present = true;
  slots_[index].resolved.value = v;
  slots_[index].resolved.range = stmt_.head.range;
  return true;
}

// The outs(...) operand for a written local array: a vector<4xi16> (or local array) value.
bool TileOpLowering::ResolveArrayOutput(int index) {
  Slot& slot = slots_[index];
  if (!Resolve(fb_, slot.written->term, DType::kInvalid, &slot.resolved)) return false;
  const Value& v = slot.resolved.value;
  if (v.cls != ValueClass::kLocalArray || v.type.dtype != DType::kI16 ||
      v.type.shape.size() != 1 || v.type.shape[0] < kArrayOutputLength) {
    ctx_.Error(slot.written->range(), StrCat(OperandRole(index), " of ", info_.mnemonic,
                                             " must be a vector<4xi16> (a local array of 4 "
                                             "i16), but ", Spell(slot.written->term), " is ",
                                             Describe(v)));
    return false;
  }
  slot.present = true;
  return true;
}

// tload %sv[%r, %c] / tstore %t, %sv[%r, %c]: a window of the tile's valid shape at (r, c).
bool TileOpLowering::LowerIndexedView(int view_slot, int tile_slot) {
  Resolved& view = slots_[view_slot].resolved;
  const Value& tile = slots_[tile_slot].resolved.value;
  const TileType& t = tile.type.tile;
  size_t rank = view.indices.size();
  if (rank != 2 || (!view.value.type.shape.empty() && view.value.type.shape.size() != 2)) {
    ctx_.Error(view.range, "an indexed global operand needs two indices: %view[%row, %col]");
    return false;
  }
  if (t.valid_rows == kDynamic || t.valid_cols == kDynamic) {
    ctx_.Error(view.range, "an indexed global operand needs a tile with a static valid shape");
    return false;
  }
  std::vector<uint32_t> operands(12, kNoOperand);
  uint32_t temp = fb_.NewView(view.value.type.dtype, "");
  operands[0] = temp;
  operands[1] = view.value.reg;
  operands[2] = view.indices[0].reg;
  operands[3] = view.indices[1].reg;
  operands[7] = fb_.IntConstant(DType::kIndex, t.valid_rows);
  operands[8] = fb_.IntConstant(DType::kIndex, t.valid_cols);
  fb_.Emit(Opcode::kPartitionView, operands, view.range);
  view.value.reg = temp;
  view.indices.clear();
  return true;
}

bool TileOpLowering::Immediate(const OperandSpec& spec, uint32_t* code) {
  if (spec.attr == "%order") {
    *code = scalar_first_ ? 1 : 0;
    return true;
  }
  const AttrInfo* info = FindAttr(spec.attr);
  *code = info ? info->default_code : 0;
  auto names_this = [&](const std::string& written) { return NamesImmediate(spec, written); };
  auto it = form_.attrs.begin();
  if (!info) {  // a plain number: {root = 1 : i32}
    it = form_.attrs.find(std::string(spec.attr));
    if (it == form_.attrs.end()) return true;
    const ItemSpan value = it->second.value;
    const ImmediateRange range = RangeOfImmediate(info_, spec.attr);
    int64_t number = value.empty() || !value[0].Is(ItemKind::kInt) ? -1 : value[0].number;
    // An immediate of all 32 bits holds an i32 as written: a negative one as its bits.
    if (range.min == 0 && range.max == 0xffffffffu && number < 0 && number >= INT32_MIN) {
      number += int64_t{1} << 32;
    }
    if (number >= range.min && number <= range.max) {
      *code = static_cast<uint32_t>(number);
      return true;
    }
    ctx_.Error(it->second.range, StrCat(spec.attr, " must be a number from ", range.min, " to ",
                                        range.max));
    return false;
  }
  while (it != form_.attrs.end() && !names_this(it->first)) ++it;
  if (it != form_.attrs.end()) {
    // Two spellings of one attribute ({satmode = ..., sat_mode = ...}) would be one silently
    // dropped.
    auto other = std::next(it);
    while (other != form_.attrs.end() && !names_this(other->first)) ++other;
    if (other != form_.attrs.end()) {
      ctx_.Error(other->second.range, StrCat(info_.mnemonic, " sets ", spec.attr, " twice, as '",
                                             it->first, "' and as '", other->first, "'"));
      return false;
    }
  }
  if (info->required && it == form_.attrs.end()) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs the attribute {", spec.attr,
                                  " = ...} (one of: ", ValueNames(*info), ")"));
    return false;
  }
  if (it == form_.attrs.end()) return true;
  const Item* word = AttributeWord(it->second.value, info->quoted);
  if (it->second.value.empty() && info->count == 2 && info->values[1] == std::string("true")) {
    *code = 1;  // a unit attribute: {isBinary}
    return true;
  }
  if (word && ParseAttrValue(*info, word->text, code)) return SpellingsAgree(spec, it, *code);
  ctx_.Error(it->second.range, StrCat("unknown ", spec.attr, " value '", Spell(it->second.value),
                                      "' (one of: ", ValueNames(*info), ")"));
  return false;
}

// Two spellings of one attribute (thistogram's byte and its older isMSB) must set one value.
bool TileOpLowering::SpellingsAgree(const OperandSpec& spec, AttrIterator first, uint32_t code) {
  const AttrInfo& info = *FindAttr(spec.attr);
  for (auto other = std::next(first); other != form_.attrs.end(); ++other) {
    if (!NamesImmediate(spec, other->first)) continue;
    const Item* word = AttributeWord(other->second.value, info.quoted);
    uint32_t value;
    if (!word || !ParseAttrValue(info, word->text, &value) || value != code) {
      ctx_.Error(other->second.range, StrCat("'", other->first, "' conflicts with '",
                                             first->first, "'"));
      return false;
    }
  }
  return true;
}

// Where a broken rule points: its operand as written, the attribute that set an immediate,
// else the instruction.
SourceRange TileOpLowering::RuleErrorRange(int operand) const {
  if (operand < 0) return stmt_.head.range;
  if (slots_[operand].present) return slots_[operand].resolved.range;
  for (const auto& [name, attr] : form_.attrs) {
    if (NamesImmediate(info_.operands[operand], name)) return attr.range;
  }
  return stmt_.head.range;
}

// At --pto-level=level3 PTOAS v0.60 plans no tile, so a scratch tile the NPU's sequence uses
// must be written (PTOMaterializeImplicitTmp): the a2a3 tmp of the kFlagTmpA2A3 rows, tsort32's
// padding row for a width that is not whole 32-element blocks, tpow/tpows's of a float
// result, a2a3's tcvt narrowing without saturation (f32 to 16-bit, f16 to 8- or 16-bit), and
// tmrgsort's merge of lists.
bool TileOpLowering::CheckUnplannedTmp(const std::vector<OperandType>& types) {
  auto missing = [&](int i) {
    return info_.operands[i].kind == OperandKind::kTile && info_.operands[i].optional &&
           !types[i].present;
  };
  auto refuse = [&](std::string_view what) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs its tmp tile ", what,
                                  " at --pto-level=level3, where no tile is planned"));
    return false;
  };
  const bool a2a3 = ctx_.arch() == Arch::kA2A3;
  if ((info_.flags & kFlagTmpA2A3) && a2a3) {
    for (int i = 0; i < info_.num_operands(); ++i) {
      if (missing(i)) return refuse("on a2a3");
    }
  }
  const OperandType& src = types[1];
  switch (info_.opcode) {
    case Opcode::kTSort32:
      if (missing(3) && src.tile &&
          (src.tile->valid_cols == kDynamic || src.tile->valid_cols % 32 != 0)) {
        return refuse("for a dynamic or non-32-aligned width");
      }
      return true;
    case Opcode::kTMrgSortLists:  // the form of 2 to 4 lists (PTOAS's format2) without tmp
      return refuse("for merging lists");
    case Opcode::kTPow:
    case Opcode::kTPowS:
      return !missing(3) || !IsFloat(types[0].dtype) || refuse("for a float result");
    case Opcode::kTCvt: {
      const DType from = src.dtype, to = types[0].dtype;
      const bool narrowing =
          (from == DType::kF32 && IsInteger(to) && IntBits(to) == 16) ||
          (from == DType::kF16 && IsInteger(to) && (IntBits(to) == 16 || IntBits(to) == 8));
      const bool saturating = types[4].known_value && types[4].value == 0;  // sat_mode ON
      return !a2a3 || !missing(2) || !narrowing || saturating ||
             refuse("on a2a3 to narrow without saturation");
    }
    default:
      return true;
  }
}

}  // namespace tile_op

using tile_op::TileOpLowering;

bool LowerTileOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  const OpInfo* to_l1 = GatherToL1Form(ChooseForm(info, stmt), stmt, [&](const Item& value) {
    const Value* v = fb.Find(value.text, value.index);
    return v && v->cls == ValueClass::kView;
  });
  const OpInfo& form = to_l1 ? *to_l1 : ChooseForm(info, stmt);
  const Value* vec_tmp = nullptr;  // tmov's second input, when it is a vec tile
  const OpInfo* quantised = QuantisedForm(form, stmt, [&](const Item& value) {
    const Value* v = fb.Find(value.text, value.index);
    if (v && v->cls == ValueClass::kTile && v->type.tile.mem == Memory::kVec) vec_tmp = v;
    return v && v->cls == ValueClass::kTile && v->type.tile.mem == Memory::kScaling;
  });
  // tmov ins(%src, %tmp) with a UB tmp: PTOAS v0.60's X-to-ZZ move of MX exponents.
  if (vec_tmp && form.opcode == Opcode::kTMov) {
    return TileOpLowering(fb, GetOpInfo(Opcode::kTMovZz), stmt).Run();
  }
  return TileOpLowering(fb, quantised ? *quantised : form, stmt).Run();
}

}  // namespace pto::assembler
