#include "pto/asm/lowering/tile_op_lowering.h"

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

namespace {

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

// The rows of the fixpipe's per-channel quantisation (tmov.fp, tstore.fp, textract_fp, ...).
bool IsQuantisedRow(const OpInfo& info) {
  const std::string_view m = info.mnemonic;
  return m.size() > 3 && (m.substr(m.size() - 3) == ".fp" || m.substr(m.size() - 3) == "_fp");
}

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

// Lowers one statement; members hold what the steps share.
class TileOpLowering {
 public:
  TileOpLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt)
      : fb_(fb), ctx_(fb.ctx()), info_(info), stmt_(stmt) {}

  bool Run();

 private:
  // Operand slots in schema order.
  struct Slot {
    const Operand* written = nullptr;  ///< Null for an absent optional operand.
    Resolved resolved;
    bool present = false;
  };

  bool Assign(const std::vector<const Operand*>& inputs, const std::vector<const Operand*>& outs);
  bool ResolveSlot(int index);
  bool MakeResults();
  bool MakeScalarResult(int slot, size_t k);
  /// True if optional schema slot \a slot cannot hold \a input (another kind of value).
  bool SkipsOptional(int slot, const Operand& input) const;
  bool MakeArrayResult(int index, const Item& name);
  bool ResolveArrayOutput(int index);
  static constexpr int64_t kArrayOutputLength = 4;
  bool CheckWrittenType(int index);
  bool LowerIndexedView(int view_slot, int tile_slot);
  bool CheckUnplannedTmp(const std::vector<OperandType>& types);
  DType PrimaryDType() const;
  std::string OperandRole(int index) const;
  bool Immediate(const OperandSpec& spec, uint32_t* code);
  using AttrIterator = std::map<std::string, Attribute>::const_iterator;
  bool SpellingsAgree(const OperandSpec& spec, AttrIterator first, uint32_t code);
  SourceRange RuleErrorRange(int operand) const;
  Type ResultType(size_t k);

  FunctionBuilder& fb_;
  Context& ctx_;
  const OpInfo& info_;
  const Statement& stmt_;
  OpForm form_;
  std::vector<Slot> slots_;
  bool scalar_first_ = false;
  std::deque<Operand> split_indices_;  ///< Operands made from "%src[%r, %c]" indices.
};

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

bool TileOpLowering::Run() {
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

  // Collect inputs and outputs by spelling.
  std::vector<const Operand*> inputs, outs;
  for (const Operand& op : form_.ins) inputs.push_back(&op);
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
  if (form_.dps) {
    for (const Operand& op : form_.outs) outs.push_back(&op);
    if (!stmt_.results.empty()) {
      ctx_.Error(stmt_.results[0], StrCat("the ins(...) outs(...) form of ", info_.mnemonic,
                                          " writes its outs; it has no results"));
      return false;
    }
  } else {
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
    // Views written by the op (tstore's destination) come last in the operand list, except
    // in the ISA's synchronous mscatter (%src, %mem, %idx): one written view is the operand
    // that names a view.
    if (static_cast<int>(inputs.size()) < view_outputs) {
      ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs its destination operand"));
      return false;
    }
    if (view_outputs == 1) {
      auto names_view = [&](const Operand* op) {
        const Item& head = op->term[0];
        const Value* v = head.Is(ItemKind::kValue) ? fb_.Find(head.text, head.index) : nullptr;
        return v && v->cls == ValueClass::kView;
      };
      auto view = std::find_if(inputs.begin(), inputs.end(), names_view);
      if (view != inputs.end()) std::rotate(view, view + 1, inputs.end());
    }
    outs.assign(inputs.end() - view_outputs, inputs.end());
    inputs.resize(inputs.size() - view_outputs);
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
  }
  // The fp tile of the quantised forms (`fp %fp : T`) is their second input.
  if (form_.has_fp) {
    if (inputs.empty() || !IsQuantisedRow(info_)) {
      ctx_.Error(form_.fp.range(), StrCat(info_.mnemonic, " takes no fp operand"));
      return false;
    }
    inputs.insert(inputs.begin() + 1, &form_.fp);
  }
  // tdivs %k, %t: the scalar-first form.
  if ((info_.flags & kFlagScalarFirst) && inputs.size() == 2) {
    Resolved first;
    const Item& head = inputs[0]->term[0];
    bool literal = head.Is(ItemKind::kInt) || head.Is(ItemKind::kFloat);
    const Value* v = head.Is(ItemKind::kValue) ? fb_.Find(head.text, head.index) : nullptr;
    if (literal || (v && v->cls == ValueClass::kScalar)) {
      std::swap(inputs[0], inputs[1]);
      scalar_first_ = true;
    }
  }
  // textract %src[%r, %c] / tinsert %src[%r, %c]: the indices are the position operands.
  if ((info_.family == Family::kExtract || info_.family == Family::kInsert) &&
      inputs.size() == 1 && inputs[0]->term.size() == 2 && inputs[0]->term[1].IsGroup('[')) {
    const Operand* indexed = inputs[0];
    Operand& src = split_indices_.emplace_back(*indexed);
    src.term = indexed->term.first(1);
    inputs[0] = &src;
    for (ItemSpan index : Split(indexed->term[1].children(), ",")) {
      Operand& op = split_indices_.emplace_back();
      op.term = index;
      inputs.push_back(&op);
    }
  }
  if (info_.opcode == Opcode::kTQuant && outs.size() == 2 && !inputs.empty() &&
      !DropQuantScratch(fb_, *inputs[0], &outs)) {
    return false;
  }
  if (!Assign(inputs, outs)) return false;

  bool ok = true;
  // Resolve tiles first so literal scalars can take the tile's element type.
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

  // Indexed global operands of tload/tstore.
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (!slots_[i].present || slots_[i].resolved.indices.empty()) continue;
    // The first tile operand gives the window's shape (tstore.fp's second tile is its fp).
    int tile_slot = -1;
    for (int j = 0; j < info_.num_operands() && tile_slot < 0; ++j) {
      if (info_.operands[j].kind == OperandKind::kTile && slots_[j].present) tile_slot = j;
    }
    if (tile_slot < 0 || !LowerIndexedView(i, tile_slot)) return false;
  }

  // Immediates first: some rules depend on an attribute's value (tcmp's cmpMode).
  ok &= CheckAttributeNames(ctx_, form_.attrs, info_.mnemonic, [&](std::string_view name) {
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
  std::vector<uint32_t> encoded(info_.num_operands());
  std::vector<OperandType> types(info_.num_operands());
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind != OperandKind::kImm || info_.operands[i].is_array_output()) {
      continue;
    }
    const bool known = Immediate(info_.operands[i], &encoded[i]);
    ok &= known;
    types[i].known_value = known;
    types[i].value = encoded[i];
  }
  for (int i = 0; i < info_.num_operands(); ++i) {
    const Slot& s = slots_[i];
    OperandType& t = types[i];
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
  for (const RuleError& e : CheckOperandTypes(info_, ctx_.arch(), types)) {
    ctx_.Error(RuleErrorRange(e.operand), e.message);
    ok = false;
  }
  if (ctx_.address_mode() == AddressMode::kManual) ok &= CheckUnplannedTmp(types);
  if (!ok) return false;

  for (int i = 0; i < info_.num_operands(); ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (spec.is_array_output()) {
      encoded[i] = slots_[i].resolved.value.reg;
    } else if (spec.kind != OperandKind::kImm) {
      encoded[i] = slots_[i].present ? slots_[i].resolved.value.reg : kNoOperand;
    }
  }
  fb_.Emit(info_.opcode, encoded, stmt_.head.range);
  if (info_.family == Family::kReshape && slots_[0].present && slots_[1].present) {
    const uint64_t whole = 0;  // treshape's result is its source's bytes
    fb_.DeriveTile(encoded[0], encoded[1], &whole, slots_[0].resolved.value.type.tile.Bytes());
  }
  return true;
}

}  // namespace

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
