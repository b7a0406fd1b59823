#include "pto/asm/lowering/repeat_lowering.h"

#include <map>
#include <optional>

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/isa/repeat_operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// One operand slot of the instruction being built: its register and what the rules may know.
struct Slot {
  uint32_t reg = kNoOperand;
  DType dtype = DType::kInvalid;
  bool known = false;
  double value = 0;
  SourceRange range;
};

// Lowers one repeat-layer statement; members hold what the steps share.
class RepeatLowering {
 public:
  RepeatLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt)
      : fb_(fb), ctx_(fb.ctx()), info_(&info), stmt_(stmt) {}

  bool RunVector();
  bool RunDataMove();

 private:
  bool RunPositional();
  bool BitsScalar(const Operand& written, DType dtype, Slot* out);
  bool ReadForm();
  bool RequireDps();
  bool Pointer(const Operand& written, const char* role, Slot* out, bool* global);
  bool Scalar(const Operand& written, DType dtype, Slot* out);
  bool IntAttr(const std::string& name, std::optional<int64_t> fallback, Slot* out);
  bool IntTerm(ItemSpan term, const char* what, Slot* out);
  bool Mask(MaskForm* form, Slot* words);
  bool Finish(std::vector<Slot>& slots);

  FunctionBuilder& fb_;
  Context& ctx_;
  const OpInfo* info_;
  const Statement& stmt_;
  OpForm form_;
};

bool RepeatLowering::ReadForm() {
  return ExpectResults(ctx_, stmt_, 0) && ReadOpForm(ctx_, stmt_, &form_) && RequireDps();
}

bool RepeatLowering::RequireDps() {
  if (!form_.dps) {
    ctx_.Error(stmt_.head, StrCat("write ", info_->mnemonic, " as 'pto.", info_->mnemonic,
                                  " ins(...) outs(%dst : !pto.ptr<T, ub>) {...}'"));
    return false;
  }
  return true;
}

// A UB pointer, a vec tile (its storage start, as a UB pointer) or, where \a global is given,
// a GM pointer (a view register).
bool RepeatLowering::Pointer(const Operand& written, const char* role, Slot* out, bool* global) {
  Resolved r;
  if (!Resolve(fb_, written.term, DType::kI64, &r)) return false;
  const Value& v = r.value;
  if (written.has_type) {
    if (std::string problem = WrittenTypeProblem(v, written.type); !problem.empty()) {
      ctx_.Error(written.range(), problem);
      return false;
    }
  }
  out->range = written.range();
  if (global) *global = false;
  if (v.cls == ValueClass::kScalar && v.type.IsLocalPointer() && v.type.mem == Memory::kVec) {
    out->reg = v.reg;
    out->dtype = v.type.dtype;
    out->known = v.local_address >= 0;
    out->value = static_cast<double>(v.local_address);
    return true;
  }
  if (v.cls == ValueClass::kTile && v.type.tile.mem == Memory::kVec) {
    out->reg = fb_.NewScalar(kLocalPointerDType);
    out->dtype = v.type.tile.dtype;
    fb_.Emit(Opcode::kTileAddress, {out->reg, v.reg}, SpanRange(written.term));
    return true;
  }
  if (global && v.cls == ValueClass::kView && v.type.kind == TypeKind::kPointer) {
    *global = true;
    out->reg = v.reg;
    out->dtype = v.type.dtype;
    return true;
  }
  ctx_.Error(written.range(), StrCat(info_->mnemonic, " needs ", role, " here: a !pto.ptr<T, ub>",
                                     global ? ", a !pto.ptr<T, gm>" : "", " or a vec tile, got ",
                                     Describe(v)));
  return false;
}

// The scalar operand: an SSA value, or a literal made a constant of the element type.
bool RepeatLowering::Scalar(const Operand& written, DType dtype, Slot* out) {
  Resolved r;
  if (!Resolve(fb_, written.term, dtype, &r)) return false;
  if (r.value.cls != ValueClass::kScalar || r.value.type.IsLocalPointer()) {
    ctx_.Error(written.range(), StrCat(info_->mnemonic, " takes a ", DTypeName(dtype),
                                       " scalar here, got ", Describe(r.value)));
    return false;
  }
  if (written.has_type) {
    if (std::string problem = WrittenTypeProblem(r.value, written.type); !problem.empty()) {
      ctx_.Error(written.range(), problem);
      return false;
    }
  }
  out->reg = r.value.reg;
  out->dtype = r.value.type.dtype;
  out->range = written.range();
  // A constant of another type is converted as TIK converts its Python numbers: an integer to
  // any element type, a float to a float type (a float for integer lanes stays an error).
  const DType from = r.value.type.dtype;
  if (r.value.is_const && from != dtype && (IsInteger(from) || IsFloat(dtype))) {
    out->reg = IsFloat(dtype) ? fb_.FloatConstant(dtype, r.value.ConstAsDouble())
                              : fb_.IntConstant(dtype, r.value.int_value);
    out->dtype = dtype;
  }
  return true;
}

// An integer literal or an SSA integer: a register, its value when known.
bool RepeatLowering::IntTerm(ItemSpan term, const char* what, Slot* out) {
  out->range = SpanRange(term);
  if (term.size() == 1 && term[0].Is(ItemKind::kInt)) {
    out->reg = fb_.IntConstant(DType::kI64, term[0].number);
    out->dtype = DType::kI64;
    out->known = true;
    out->value = static_cast<double>(term[0].number);
    return true;
  }
  if (term.size() == 1 && term[0].Is(ItemKind::kValue)) {
    const Value* v = fb_.Find(term[0].text, term[0].index);
    if (v && v->cls == ValueClass::kScalar && IsInteger(v->type.dtype) &&
        !v->type.IsLocalPointer()) {
      out->reg = v->reg;
      out->dtype = v->type.dtype;
      out->known = v->is_const;
      out->value = static_cast<double>(v->int_value);
      return true;
    }
    if (!v) {
      ctx_.Error(term[0], StrCat("use of undefined value '%", term[0].text, "'"));
      return false;
    }
    ctx_.Error(term[0], StrCat(what, " must be an integer, got ", Describe(*v)));
    return false;
  }
  ctx_.Error(SpanRange(term), StrCat(what, " must be an integer literal or an SSA integer"));
  return false;
}

bool RepeatLowering::IntAttr(const std::string& name, std::optional<int64_t> fallback, Slot* out) {
  auto it = form_.attrs.find(name);
  if (it == form_.attrs.end() || it->second.value.empty()) {
    if (!fallback) {
      ctx_.Error(stmt_.head, StrCat(info_->mnemonic, " needs its ", name));
      return false;
    }
    out->reg = fb_.IntConstant(DType::kI64, *fallback);
    out->dtype = DType::kI64;
    out->known = true;
    out->value = static_cast<double>(*fallback);
    out->range = stmt_.head.range;
    return true;
  }
  return IntTerm(it->second.value, name.c_str(), out);
}

// mask = m | [hi, lo] | #pto.mask<hi = H, lo = L> | "state", with mask_mode = "normal" or
// "counter": the form and its words (words[1] absent unless the form has two).
bool RepeatLowering::Mask(MaskForm* form, Slot* words) {
  bool counter = false;
  if (auto mode = form_.attrs.find("mask_mode"); mode != form_.attrs.end()) {
    const Item* word = AttributeWord(mode->second.value, true);
    if (!word || (word->text != "normal" && word->text != "counter")) {
      ctx_.Error(mode->second.range, "mask_mode is \"normal\" or \"counter\"");
      return false;
    }
    counter = word->text == "counter";
  }
  auto it = form_.attrs.find("mask");
  if (it == form_.attrs.end() || it->second.value.empty()) {
    ctx_.Error(stmt_.head, StrCat(info_->mnemonic, " needs its mask: a lane count, [hi, lo], "
                                  "#pto.mask<hi = H, lo = L> or \"state\""));
    return false;
  }
  const ItemSpan value = it->second.value;
  const SourceRange where = it->second.range;
  if (value.size() == 1 && value[0].Is(ItemKind::kString)) {
    if (value[0].text != "state") {
      ctx_.Error(value[0], StrCat("unknown mask \"", value[0].text, "\" (\"state\" reads the mask "
                                  "that set_vector_mask set)"));
      return false;
    }
    if (counter) {
      ctx_.Error(where, "mask = \"state\" takes its mode from the state too: drop mask_mode");
      return false;
    }
    *form = MaskForm::kState;
    return true;
  }
  ItemSpan hi, lo;
  if (value.size() == 1 && value[0].IsGroup('[')) {  // TIK's list: high word first
    std::vector<ItemSpan> parts;
    if (!SplitList(ctx_, value[0].children(), "a mask word", &parts)) return false;
    if (parts.size() != 2) {
      ctx_.Error(value[0], StrCat("a bitwise mask list is [hi, lo], two words; got ", parts.size()));
      return false;
    }
    hi = parts[0], lo = parts[1];
  } else if (value.size() == 2 && value[0].Is(ItemKind::kHash) && value[0].text == "pto.mask" &&
             value[1].IsGroup('<')) {
    std::map<std::string_view, ItemSpan> named;
    for (ItemSpan entry : Split(value[1].children(), ",")) {
      if (entry.size() < 2 || !entry[0].Is(ItemKind::kKey) ||
          (entry[0].text != "hi" && entry[0].text != "lo") || named.count(entry[0].text)) {
        ctx_.Error(entry.empty() ? value[1].range : SpanRange(entry),
                   "#pto.mask takes its two words by name: #pto.mask<hi = H, lo = L>");
        return false;
      }
      named[entry[0].text] = entry.subspan(1);
    }
    if (named.size() != 2) {
      ctx_.Error(value[1], "#pto.mask needs both words: #pto.mask<hi = H, lo = L>");
      return false;
    }
    hi = named["hi"], lo = named["lo"];
  }
  if (!hi.empty()) {
    if (counter) {
      ctx_.Error(where, "counter mode counts elements: its mask is one integer, not two words");
      return false;
    }
    *form = MaskForm::kBits;
    return IntTerm(hi, "a mask word", &words[0]) && IntTerm(lo, "a mask word", &words[1]);
  }
  *form = counter ? MaskForm::kCounter : MaskForm::kContiguous;
  return IntTerm(value, "mask", &words[0]);
}

// Runs the family's rules on the slots (with their known values) and emits the instruction.
bool RepeatLowering::Finish(std::vector<Slot>& slots) {
  std::vector<OperandType> types(slots.size());
  std::vector<uint32_t> operands;
  for (size_t i = 0; i < slots.size(); ++i) {
    const bool imm = info_->operands[i].kind == OperandKind::kImm;
    types[i].present = imm || slots[i].reg != kNoOperand;
    types[i].dtype = slots[i].dtype;
    types[i].known_value = imm || slots[i].known;
    types[i].value = slots[i].value;
    operands.push_back(imm ? static_cast<uint32_t>(slots[i].value) : slots[i].reg);
  }
  bool ok = true;
  for (const RuleError& e : CheckOperandTypes(*info_, ctx_.arch(), types)) {
    const bool located = e.operand >= 0 && slots[e.operand].range.end > 0;
    ctx_.Error(located ? slots[e.operand].range : stmt_.head.range, e.message);
    ok = false;
  }
  if (ok) fb_.Emit(info_->opcode, operands, stmt_.head.range);
  return ok;
}

bool RepeatLowering::RunVector() {
  if (!ExpectResults(ctx_, stmt_, 0) || !ReadOpForm(ctx_, stmt_, &form_)) return false;
  if (!form_.dps && stmt_.head.text.starts_with("pto.ub.")) return RunPositional();
  if (!RequireDps()) return false;
  const RepeatOperands at = RepeatOperandsOf(info_->family);
  const size_t ins = static_cast<size_t>(at.pointers - 1 + (at.scalar >= 0 ? 1 : 0));
  if (form_.outs.size() != 1 || form_.ins.size() != ins) {
    ctx_.Error(stmt_.head, StrCat(info_->mnemonic, " takes ", ins, " input", ins == 1 ? "" : "s",
                                  " in ins(...) and its destination in outs(...); got ",
                                  form_.ins.size(), " and ", form_.outs.size()));
    return false;
  }
  std::vector<Slot> slots(info_->operands.size());
  // The pointers: dst from outs(...), the sources from ins(...) in order.
  for (int p = 0; p < at.pointers; ++p) {
    const Operand& written = p == 0 ? form_.outs[0] : form_.ins[p - 1];
    const std::string role = p == 0 ? "the destination" : StrCat("source ", p);
    if (!Pointer(written, role.c_str(), &slots[p], nullptr)) return false;
  }
  const DType dtype = slots[0].dtype;
  for (int p = 1; p < at.pointers; ++p) {
    if (slots[p].dtype != dtype) {
      ctx_.Error(slots[p].range, StrCat(info_->mnemonic, " works on one element type: the "
                                        "destination holds ", DTypeName(dtype), ", this ",
                                        DTypeName(slots[p].dtype)));
      return false;
    }
  }
  if (at.scalar >= 0 && !Scalar(form_.ins.back(), dtype, &slots[at.scalar])) return false;
  std::vector<std::string> names = {"repeat", "mask", "mask_mode"};
  for (int p = 0; p < at.pointers; ++p) {
    const std::string name = RepeatPointerName(at.pointers, p);
    names.push_back(name + "_blk_stride");
    names.push_back(name + "_rep_stride");
  }
  if (!CheckAttributeNames(ctx_, form_.attrs, info_->mnemonic, [&](std::string_view n) {
        for (const std::string& known : names) {
          if (known == n) return true;
        }
        return false;
      })) {
    return false;
  }
  MaskForm mask_form;
  if (!Mask(&mask_form, &slots[at.mask])) return false;
  const bool counter = mask_form == MaskForm::kCounter;
  // Counter mode infers the repeats from the count: a written repeat is ignored.
  if (!IntAttr("repeat", counter ? std::optional<int64_t>(1) : std::nullopt, &slots[at.repeat])) {
    return false;
  }
  for (int p = 0; p < at.pointers; ++p) {
    const std::string name = RepeatPointerName(at.pointers, p);
    if (!IntAttr(name + "_blk_stride", 1, &slots[at.blk + p]) ||
        !IntAttr(name + "_rep_stride", 8, &slots[at.rep + p])) {
      return false;
    }
  }
  slots[at.elem_type].value = static_cast<double>(dtype);
  slots[at.mask_form].value = static_cast<double>(mask_form);
  return Finish(slots);
}

// The scalar of a pto.ub.* op: an i64 holding the element's bits (a float's bit pattern, an
// integer sign-extended), as PTOAS's lowering makes it; brought to the element type.
bool RepeatLowering::BitsScalar(const Operand& written, DType dtype, Slot* out) {
  const std::string what = StrCat(stmt_.head.text, "'s scalar (an i64 of the element's bits)");
  if (!IntTerm(written.term, what.c_str(), out)) return false;
  if (out->dtype != DType::kI64) {
    ctx_.Error(out->range, StrCat(info_->mnemonic,
                                  " takes its scalar as an i64 of the element's "
                                  "bits, got ",
                                  DTypeName(out->dtype)));
    return false;
  }
  const bool is_float = IsFloat(dtype);
  // A float's bits come as the integer of its width; an integer truncates to its own type.
  const DType bits = !is_float ? dtype : DTypeSize(dtype) == 2 ? DType::kI16 : DType::kI32;
  const uint32_t low = fb_.NewScalar(bits);
  fb_.Emit(Opcode::kTruncI, {low, out->reg}, out->range);
  out->reg = low, out->dtype = bits, out->known = false;
  if (is_float) {
    out->reg = fb_.NewScalar(dtype), out->dtype = dtype;
    fb_.Emit(Opcode::kBitcast, {out->reg, low}, out->range);
  }
  return true;
}

// PTOAS v0.60's pto.ub.* spelling: every operand positional, in the row's order (the pointers,
// the scalar, repeat, the block strides, the repeat strides; vdup writes a source's strides too,
// which it has no source for), under the mask state.
bool RepeatLowering::RunPositional() {
  const RepeatOperands at = RepeatOperandsOf(info_->family);
  const bool dup = info_->family == Family::kRepeatDup;
  const int strides = dup ? 2 : at.pointers;
  const size_t want = static_cast<size_t>(at.pointers + (at.scalar >= 0 ? 1 : 0) + 1 + 2 * strides);
  if (form_.ins.size() != want || !form_.attrs.empty()) {
    ctx_.Error(stmt_.head,
               StrCat(stmt_.head.text, " takes ", want, " operands (",
                      dup                ? "dst, scalar"
                      : at.pointers == 3 ? "dst, src0, src1"
                      : at.scalar >= 0   ? "dst, src, scalar"
                                         : "dst, src",
                      ", repeat, block strides, repeat strides) and no attributes; got ",
                      form_.ins.size()));
    return false;
  }
  std::vector<Slot> slots(info_->operands.size());
  size_t next = 0;
  for (int p = 0; p < at.pointers; ++p) {
    const std::string role = p == 0 ? "the destination" : StrCat("source ", p);
    if (!Pointer(form_.ins[next++], role.c_str(), &slots[p], nullptr)) return false;
    if (slots[p].dtype != slots[0].dtype) {
      ctx_.Error(slots[p].range,
                 StrCat(stmt_.head.text,
                        " works on one element type: the "
                        "destination holds ",
                        DTypeName(slots[0].dtype), ", this ", DTypeName(slots[p].dtype)));
      return false;
    }
  }
  const DType dtype = slots[0].dtype;
  if (at.scalar >= 0 && !BitsScalar(form_.ins[next++], dtype, &slots[at.scalar])) return false;
  if (!IntTerm(form_.ins[next++].term, "repeat", &slots[at.repeat])) return false;
  for (int k = 0; k < 2 * strides; ++k) {
    const int p = k % strides;
    Slot s;
    if (!IntTerm(form_.ins[next++].term, k < strides ? "a block stride" : "a repeat stride", &s)) {
      return false;
    }
    if (p < at.pointers) slots[(k < strides ? at.blk : at.rep) + p] = s;
  }
  slots[at.elem_type].value = static_cast<double>(dtype);
  slots[at.mask_form].value = static_cast<double>(MaskForm::kState);
  return Finish(slots);
}

bool RepeatLowering::RunDataMove() {
  if (!ReadForm()) return false;
  if (form_.outs.size() != 1 || form_.ins.size() != 1) {
    ctx_.Error(stmt_.head, "data_move copies ins(%src : T) to outs(%dst : U)");
    return false;
  }
  Slot dst, src;
  bool dst_gm = false, src_gm = false;
  if (!Pointer(form_.outs[0], "the destination", &dst, &dst_gm) ||
      !Pointer(form_.ins[0], "the source", &src, &src_gm)) {
    return false;
  }
  if (dst_gm && src_gm) {
    ctx_.Error(stmt_.head, "data_move copies between GM and UB or within UB, not GM to GM");
    return false;
  }
  if (dst.dtype != src.dtype) {
    ctx_.Error(stmt_.head, StrCat("data_move copies between pointers of one element type, got ",
                                  DTypeName(src.dtype), " and ", DTypeName(dst.dtype)));
    return false;
  }
  const Opcode op = src_gm ? Opcode::kDataMoveGmUb : dst_gm ? Opcode::kDataMoveUbGm
                                                            : Opcode::kDataMoveUbUb;
  for (const OpInfo* row = info_; row; row = NextOverload(*row)) {
    if (row->opcode == op) info_ = row;
  }
  if (!CheckAttributeNames(ctx_, form_.attrs, "data_move", [](std::string_view n) {
        return n == "nburst" || n == "burst" || n == "src_stride" || n == "dst_stride";
      })) {
    return false;
  }
  std::vector<Slot> slots(info_->operands.size());
  slots[0] = dst;
  slots[1] = src;
  if (!IntAttr("nburst", std::nullopt, &slots[2]) || !IntAttr("burst", std::nullopt, &slots[3]) ||
      !IntAttr("src_stride", 0, &slots[4]) || !IntAttr("dst_stride", 0, &slots[5])) {
    return false;
  }
  slots[6].value = static_cast<double>(dst.dtype);
  return Finish(slots);
}

}  // namespace

bool LowerRepeatOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  return RepeatLowering(fb, info, stmt).RunVector();
}

bool LowerDataMove(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  return RepeatLowering(fb, info, stmt).RunDataMove();
}

}  // namespace pto::assembler
