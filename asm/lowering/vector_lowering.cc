#include "pto/asm/lowering/vector_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/op_overload.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

constexpr std::string_view kElemBytes = "elem_bytes";

// One operand as written: a value, a pointer with its element offset, or a string.
struct Written {
  ItemSpan term;
  bool is_string = false;
  bool indexed = false;  ///< %p[%o]
};

// Lowers one statement; members hold what the steps share.
class VectorOpLowering {
 public:
  VectorOpLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt,
                   bool needs_scope = true)
      : fb_(fb), ctx_(fb.ctx()), info_(info), stmt_(stmt), slots_(info.operands.size()),
        needs_scope_(needs_scope) {}

  bool Run();

 private:
  struct Slot {
    bool present = false;
    Value value;
    uint32_t code = kNoOperand;
    SourceRange range;
  };

  bool ReadOperands();
  bool FillInputs();
  bool FillImmediates();
  bool CheckTypes();
  bool MakeResults();
  bool CheckRules();
  bool Fill(int slot, ItemSpan term);
  bool SkipsOptional(int slot, ItemSpan term) const;
  bool SameAsBase(const Type& t) const;

  FunctionBuilder& fb_;
  Context& ctx_;
  const OpInfo& info_;
  const Statement& stmt_;
  std::vector<Slot> slots_;
  std::vector<Written> written_;
  std::map<std::string, Attribute> attrs_;
  Signature sig_;
  bool has_sig_ = false;
  bool needs_scope_;
};

bool VectorOpLowering::ReadOperands() {
  ItemSpan items = BeforeColon(stmt_.items);
  // A trailing attribute dictionary belongs to the operation, not to its last operand.
  while (!items.empty() && items.back().Is(ItemKind::kAttrDict)) {
    ReadAttributes(items.back(), &attrs_);
    items = items.subspan(0, items.size() - 1);
  }
  if (!items.empty()) {
    std::vector<ItemSpan> parts;
    if (!SplitList(ctx_, items, "an operand", &parts)) return false;
    for (ItemSpan part : parts) {
      Written w{part};
      w.is_string = part.size() == 1 && part[0].Is(ItemKind::kString);
      w.indexed = part.size() == 2 && part[0].Is(ItemKind::kValue) && part[1].IsGroup('[');
      if (!w.is_string && !w.indexed && !IsOneTerm(ctx_, part)) return false;
      written_.push_back(w);
    }
  }
  const int colon = Find(stmt_.items, ":");
  if (colon >= 0) {
    has_sig_ = true;
    if (!ParseSignature(ctx_, ItemSpan(stmt_.items).subspan(colon + 1), &sig_)) return false;
  }
  return CheckAttributeNames(ctx_, attrs_, stmt_.head.text, [&](std::string_view name) {
    for (const OperandSpec& spec : info_.operands) {
      if (spec.kind == OperandKind::kImm && spec.attr == name) return name != kElemBytes;
    }
    return false;
  });
}

bool VectorOpLowering::Fill(int slot, ItemSpan term) {
  const OperandSpec& spec = info_.operands[slot];
  Resolved r;
  const DType literal = spec.kind == OperandKind::kFloat ? DType::kF32 : DType::kI64;
  if (!Resolve(fb_, term, literal, &r)) return false;
  const RegClass cls = GetKindInfo(spec.kind).reg_class;
  bool fits = r.value.cls == ValueClassOf(cls) && KindAcceptsType(spec.kind, r.value.type.dtype);
  if (spec.kind == OperandKind::kInt && r.value.type.IsLocalPointer()) fits = true;
  if (!fits) {
    ctx_.Error(term, StrCat(info_.mnemonic, " expects ", GetKindInfo(spec.kind).noun, " here, got ",
                            Describe(r.value)));
    return false;
  }
  slots_[slot].present = true;
  slots_[slot].value = r.value;
  slots_[slot].range = SpanRange(term);
  if (r.value.type.IsLocalPointer()) {
    // The next @elem_bytes immediate says what the pointer's offsets count.
    for (int i = slot + 1; i < info_.num_operands(); ++i) {
      const OperandSpec& s = info_.operands[i];
      if (s.kind != OperandKind::kImm || s.attr != kElemBytes || slots_[i].present) continue;
      slots_[i].present = true;
      slots_[i].code = static_cast<uint32_t>(DTypeSize(r.value.type.dtype));
      slots_[i].range = SpanRange(term);
      break;
    }
  }
  return true;
}

// Whether \a t, a pointer result (an updated base), is the type of the first UB pointer
// operand.
bool VectorOpLowering::SameAsBase(const Type& t) const {
  for (int i = info_.num_outputs; i < info_.num_operands(); ++i) {
    const Type& base = slots_[i].value.type;
    if (slots_[i].present && base.IsLocalPointer()) {
      return base.dtype == t.dtype && base.mem == t.mem;
    }
  }
  return true;
}

// Whether \a term, a value of another register class than optional slot \a slot takes, skips
// it (vdup's vector or scalar source).
bool VectorOpLowering::SkipsOptional(int slot, ItemSpan term) const {
  if (!info_.operands[slot].optional || term.size() != 1 || !term[0].Is(ItemKind::kValue)) {
    return false;
  }
  const Value* v = fb_.Find(term[0].text, term[0].index);
  return v && v->cls != ValueClassOf(GetKindInfo(info_.operands[slot].kind).reg_class);
}

bool VectorOpLowering::FillInputs() {
  int next = info_.num_outputs;
  auto next_register = [&]() {
    while (next < info_.num_operands() && info_.operands[next].kind == OperandKind::kImm) ++next;
    return next < info_.num_operands() ? next++ : -1;
  };
  int next_imm = info_.num_outputs;
  auto next_immediate = [&]() {
    while (next_imm < info_.num_operands() &&
           (info_.operands[next_imm].kind != OperandKind::kImm || slots_[next_imm].present)) {
      ++next_imm;
    }
    return next_imm < info_.num_operands() ? next_imm++ : -1;
  };
  for (const Written& w : written_) {
    if (w.is_string) {
      const int slot = next_immediate();
      const AttrInfo* attr = slot < 0 ? nullptr : FindAttr(info_.operands[slot].attr);
      uint32_t code = 0;
      if (!attr) {
        ctx_.Error(w.term, StrCat(info_.mnemonic, " takes no string operand here"));
        return false;
      }
      if (!ParseAttrValue(*attr, w.term[0].text, &code)) {
        ctx_.Error(w.term, StrCat("unknown ", attr->name, " '", w.term[0].text, "' for ",
                                  info_.mnemonic));
        return false;
      }
      slots_[slot].present = true;
      slots_[slot].code = code;
      slots_[slot].range = SpanRange(w.term);
      continue;
    }
    int slot = next_register();
    while (slot >= 0 && !w.indexed && SkipsOptional(slot, w.term)) slot = next_register();
    const int second = w.indexed ? next_register() : -1;
    if (slot < 0 || (w.indexed && second < 0)) {
      ctx_.Error(w.term, StrCat(info_.mnemonic, " takes fewer operands"));
      return false;
    }
    if (w.indexed) {
      std::vector<ItemSpan> index;
      if (!Fill(slot, w.term.subspan(0, 1)) ||
          !SplitList(ctx_, w.term[1].children(), "an offset", &index)) {
        return false;
      }
      if (index.size() != 1) {
        ctx_.Error(w.term[1], "expected one element offset: %ptr[%offset]");
        return false;
      }
      if (!Fill(second, index[0])) return false;
      if ((info_.flags & kFlagConstOffset) && !slots_[second].value.is_const) {
        // pldi, psti, sprsti: the run-time forms end in 's' (plds, psts, sprsts).
        const std::string_view m = info_.mnemonic;
        ctx_.Error(index[0], StrCat(m, " takes a constant offset; its run-time form is ",
                                    m.substr(0, m.size() - 1), "s"));
        return false;
      }
    } else if (!Fill(slot, w.term)) {
      return false;
    }
  }
  for (int i = next_register(); i >= 0; i = next_register()) {
    if (!info_.operands[i].optional) {
      ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs more operands: ",
                                    GetKindInfo(info_.operands[i].kind).noun, " is missing"));
      return false;
    }
  }
  return true;
}

bool VectorOpLowering::FillImmediates() {
  bool ok = true;
  for (int i = info_.num_outputs; i < info_.num_operands(); ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (spec.kind != OperandKind::kImm || slots_[i].present) continue;
    if (spec.attr.starts_with("%dtype")) {  // %dtypeK: the element type of operand K's pointer
      const Slot& ptr = slots_[spec.attr[6] - '0'];
      slots_[i].code = ptr.present ? static_cast<uint32_t>(ptr.value.type.dtype) : 0;
      continue;
    }
    const AttrInfo* attr = FindAttr(spec.attr);
    auto it = attrs_.find(std::string(spec.attr));
    if (it == attrs_.end()) {
      if (attr && attr->required) {
        ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs its ", spec.attr));
        ok = false;
      }
      slots_[i].code = attr ? attr->default_code : 0;
      continue;
    }
    const Item* word = AttributeWord(it->second.value, true);
    uint32_t code = 0;
    if (!word && it->second.value.empty() && attr && attr->count == 2 &&
        std::string_view(attr->values[1]) == "true") {
      slots_[i].code = 1;  // a unit attribute ({reassoc}): present means true
      slots_[i].range = it->second.range;
      continue;
    }
    if (!word || (attr ? !ParseAttrValue(*attr, word->text, &code) : !word->Is(ItemKind::kInt))) {
      std::string known;
      for (uint32_t v = 0; attr && v < attr->count; ++v) known += StrCat(v ? " " : "", attr->values[v]);
      ctx_.Error(it->second.range,
                 attr ? StrCat("unknown ", spec.attr, " '", word ? word->text : "", "' for ",
                               info_.mnemonic, " (one of: ", known, ")")
                      : StrCat(spec.attr, " of ", info_.mnemonic, " must be an integer"));
      ok = false;
      continue;
    }
    if (!attr) code = static_cast<uint32_t>(word->number);
    slots_[i].code = code;
    slots_[i].range = it->second.range;
  }
  return ok;
}

// The types written after ':': one per written value operand, then, without '->', one per
// result. A pointer with its offset counts once, or twice when the offset's type is written
// after the pointer's ("!pto.ptr<T, ub>, index", as vldsx2 and plds spell it).
bool VectorOpLowering::CheckTypes() {
  if (!has_sig_) {
    // An op with no value operands and no results (mem_bar "VST_VLD") has no types to write.
    bool typed = info_.num_outputs > 0;
    for (const Written& w : written_) typed |= !w.is_string;
    if (!typed) return true;
    ctx_.Error(stmt_.head, StrCat("'", stmt_.head.text, "' needs its types after ':'"));
    return false;
  }
  std::vector<Value> values, with_offsets;
  std::vector<size_t> offset_at;  // where each offset sits in with_offsets
  for (int i = info_.num_outputs, w = 0; i < info_.num_operands() && w < (int)written_.size(); ++i) {
    if (info_.operands[i].kind == OperandKind::kImm || !slots_[i].present) continue;
    values.push_back(slots_[i].value);
    with_offsets.push_back(slots_[i].value);
    if (written_[w].indexed) {
      ++i;
      offset_at.push_back(with_offsets.size());
      with_offsets.push_back(slots_[i].value);
    }
    ++w;
    while (w < (int)written_.size() && written_[w].is_string) ++w;
  }
  std::vector<Type> inputs = sig_.inputs;
  std::vector<SourceRange> ranges = sig_.input_ranges;
  bool typed = !offset_at.empty() && inputs.size() >= with_offsets.size();
  for (size_t at : offset_at) {
    typed = typed && inputs[at].IsScalar() && IsInteger(inputs[at].dtype);
  }
  if (typed) values = with_offsets;
  // Trailing scalar operands may go without their types (vsunpack %v, %part : V -> W; a VMI
  // group store's stride).
  while ((sig_.has_arrow || info_.num_outputs == 0) && inputs.size() < values.size() &&
         values.back().cls == ValueClass::kScalar) {
    values.pop_back();
  }
  if (!sig_.has_arrow && inputs.size() > values.size()) {
    sig_.results.assign(inputs.begin() + values.size(), inputs.end());
    sig_.result_ranges.assign(ranges.begin() + values.size(), ranges.end());
    inputs.resize(values.size());
    ranges.resize(values.size());
  }
  const SourceRange where = SpanRange(ItemSpan(stmt_.items).subspan(Find(stmt_.items, ":")));
  return CheckWrittenTypes(ctx_, inputs, ranges, values, where, "operands");
}

bool VectorOpLowering::MakeResults() {
  std::vector<Value> results;
  size_t k = 0;
  for (int i = 0; i < info_.num_outputs; ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (spec.kind == OperandKind::kImm) continue;
    if (k >= sig_.results.size() && spec.optional) continue;  // post-update results
    if (k >= sig_.results.size()) {
      ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " has ", info_.num_outputs, " result",
                                    info_.num_outputs == 1 ? "" : "s", "; give the type of each"));
      return false;
    }
    const Type& t = sig_.results[k];
    const SourceRange range = sig_.result_ranges[k++];
    Value v;
    v.type = t;
    v.def = stmt_.head.range;
    const std::string_view name = k <= stmt_.results.size() ? stmt_.results[k - 1].text : "";
    switch (spec.kind) {
      case OperandKind::kVReg:
        if (t.kind == TypeKind::kVReg) v.cls = ValueClass::kVReg, v.reg = fb_.NewVReg(t.dtype, name);
        break;
      case OperandKind::kMask:
        if (t.kind == TypeKind::kMask) v.cls = ValueClass::kMask, v.reg = fb_.NewMask(t.granule, name);
        break;
      case OperandKind::kAlign:
        if (t.kind == TypeKind::kAlign) v.cls = ValueClass::kAlign, v.reg = fb_.NewAlign(name);
        break;
      case OperandKind::kLVec:
        if (t.kind == TypeKind::kLVec) v.cls = ValueClass::kLVec, v.reg = fb_.NewLVec(t, name);
        break;
      case OperandKind::kLMask:
        if (t.kind == TypeKind::kLMask) v.cls = ValueClass::kLMask, v.reg = fb_.NewLMask(t, name);
        break;
      default:
        if (t.IsScalar() || t.IsLocalPointer()) {
          v.cls = ValueClass::kScalar;
          v.reg = fb_.NewScalar(t.IsLocalPointer() ? kLocalPointerDType : t.dtype);
        }
        break;
    }
    if (t.IsLocalPointer() && !SameAsBase(t)) {  // an updated (post-update) pointer
      ctx_.Error(range, StrCat("the updated pointer of ", info_.mnemonic,
                               " has its base pointer's type, not '", t.text, "'"));
      return false;
    }
    if (v.cls == ValueClass::kNone) {
      ctx_.Error(range, StrCat("result ", k, " of ", info_.mnemonic, " is ",
                               GetKindInfo(spec.kind).noun, ", not '", t.text, "'"));
      return false;
    }
    slots_[i].present = true;
    slots_[i].value = v;
    slots_[i].range = range;
    results.push_back(v);
  }
  if (k != sig_.results.size()) {
    ctx_.Error(sig_.result_ranges[k], StrCat(info_.mnemonic, " has ", k, " result",
                                              k == 1 ? "" : "s"));
    return false;
  }
  return DefineResults(fb_, stmt_, results);
}

bool VectorOpLowering::CheckRules() {
  std::vector<OperandType> types(slots_.size());
  for (size_t i = 0; i < slots_.size(); ++i) {
    const Slot& s = slots_[i];
    OperandType& t = types[i];
    t.present = s.present || info_.operands[i].kind == OperandKind::kImm;
    if (info_.operands[i].kind == OperandKind::kImm) {
      t.known_value = true;
      t.value = s.code;
      continue;
    }
    if (!s.present) continue;
    t.dtype = s.value.type.IsLocalPointer() ? kLocalPointerDType : s.value.type.dtype;
    t.granule = s.value.type.granule;
    t.lanes = s.value.type.lanes;
    t.lvec_flags = s.value.type.lvec_flags;
    if (s.value.is_const) {
      t.known_value = true;
      t.value = s.value.ConstAsDouble();
    } else if (s.value.local_address >= 0) {
      t.known_value = true;
      t.value = static_cast<double>(s.value.local_address);
    }
  }
  bool ok = true;
  for (const RuleError& e : CheckOperandTypes(info_, ctx_.arch(), types)) {
    ctx_.Error(e.operand >= 0 && slots_[e.operand].range.end > 0 ? slots_[e.operand].range
                                                                 : stmt_.head.range,
               e.message);
    ok = false;
  }
  return ok;
}

bool VectorOpLowering::Run() {
  if (needs_scope_ && fb_.vector_scopes == 0) {
    ctx_.Error(stmt_.head, StrCat(stmt_.head.text, " runs on the vector unit: put it inside "
                                  "pto.vecscope { ... }"));
    return false;
  }
  if (!ReadOperands() || !FillInputs() || !FillImmediates() || !CheckTypes() || !MakeResults() ||
      !CheckRules()) {
    return false;
  }
  std::vector<uint32_t> operands;
  for (size_t i = 0; i < slots_.size(); ++i) {
    const Slot& s = slots_[i];
    if (info_.operands[i].kind == OperandKind::kImm) {
      operands.push_back(s.code);
    } else {
      operands.push_back(s.present ? s.value.reg : kNoOperand);
    }
  }
  fb_.Emit(info_.opcode, operands, stmt_.head.range);
  return true;
}

// Of the rows spelled like \a first, the last that has as many results as \a stmt names
// (LastFittingForm): a post-update form (its updated base a result more) is a row of its own
// beside the plain one.
const OpInfo& ChooseResultForm(const OpInfo& first, const Statement& stmt) {
  size_t named = 0;
  for (const Item& r : stmt.results) named += static_cast<size_t>(r.number);
  const OpInfo* chosen = LastFittingForm(first, [named](const OpInfo& form) {
    size_t least = 0, most = 0;
    for (int i = 0; i < form.num_outputs; ++i) {
      if (form.operands[i].kind == OperandKind::kImm) continue;
      ++most;
      if (!form.operands[i].optional) ++least;
    }
    return least <= named && named <= most;
  });
  return chosen ? *chosen : first;  // else the first's checks say what is wrong
}

}  // namespace

bool LowerVectorOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  return VectorOpLowering(fb, ChooseResultForm(info, stmt), stmt).Run();
}

bool LowerVectorUbOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  return VectorOpLowering(fb, info, stmt, false).Run();
}

bool LowerVecScope(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  const bool strict = stmt.head.text == "pto.strict_vecscope";
  ItemSpan items = stmt.items;
  std::vector<Value> args;
  if (strict) {
    if (items.empty() || !items[0].IsGroup('(')) {
      ctx.Error(stmt.head, "expected 'pto.strict_vecscope(%a, ...) { ^bb0(%x: T, ...): ... } : (T, ...) -> ()'");
      return false;
    }
    if (!ValueList(fb, items[0].children(), &args)) return false;
    items = items.subspan(1);
  }
  const Item* region = nullptr;
  for (const Item& item : items) {
    if (item.Is(ItemKind::kRegion)) region = &item;
  }
  if (!region || !items[0].Is(ItemKind::kRegion)) {
    ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, " { ... }'"));
    return false;
  }
  if (fb.vector_scopes > 0) {
    ctx.Error(stmt.head, "vector scopes do not nest: this one is inside another");
    return false;
  }
  for (Value& v : args) v.def = region->range;  // the block arguments are the scope's own
  const SourceRange outer = fb.strict_scope;
  if (strict) fb.strict_scope = region->range;
  ++fb.vector_scopes;
  RegionExit exit;
  exit.no_terminator = true;
  fb.Emit(Opcode::kVecScopeBegin, {}, stmt.head.range);
  bool ok = body.LowerRegion(*region, &exit, args);
  fb.Emit(Opcode::kVecScopeEnd, {}, region->range);
  --fb.vector_scopes;
  fb.strict_scope = outer;
  return ok;
}

bool LowerCastPtr(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  Resolved src;
  Signature sig;
  if (!ReadCast(fb, stmt, DType::kI64, "pto.castptr %a : i64 -> !pto.ptr<T, ub>", &src, &sig)) {
    return false;
  }
  const Type& to = sig.results[0];
  Value result;
  result.type = to;
  result.def = stmt.head.range;
  const bool from_int = src.value.cls == ValueClass::kScalar && IsInteger(src.value.type.dtype);
  if (to.IsLocalPointer() && (from_int || src.value.type.IsLocalPointer())) {
    result.cls = ValueClass::kScalar;
    result.reg = fb.NewScalar(kLocalPointerDType);
    if (src.value.is_const) result.local_address = src.value.int_value;
    if (src.value.type.IsLocalPointer()) result.local_address = src.value.local_address;
    // An address of another integer type (PTOAS's passes write ui64) keeps its bits as i64.
    const bool same = src.value.type.IsLocalPointer() || src.value.type.dtype == kLocalPointerDType;
    const bool bits = !same && src.value.type.dtype != DType::kIndex &&
                      DTypeSize(src.value.type.dtype) == DTypeSize(kLocalPointerDType);
    const DType from = src.value.type.dtype;
    fb.Emit(same                 ? Opcode::kMove
            : bits               ? Opcode::kBitcast
            : from == DType::kIndex ? Opcode::kIndexCastUI
                                 : Opcode::kExtUI,
            {result.reg, src.value.reg}, stmt.head.range);
  } else if (to.IsScalar() && to.dtype == kLocalPointerDType && src.value.type.IsLocalPointer()) {
    // An on-chip pointer's byte address.
    result.cls = ValueClass::kScalar;
    result.reg = fb.NewScalar(to.dtype);
    fb.Emit(Opcode::kMove, {result.reg, src.value.reg}, stmt.head.range);
  } else if (to.IsScalar() && to.dtype == DType::kI64 && src.value.cls == ValueClass::kView &&
             src.value.type.kind == TypeKind::kPointer) {
    // A GM pointer's address (micro-isa 17 passes them to SIMT entries as i64).
    result.cls = ValueClass::kScalar;
    result.reg = fb.NewScalar(DType::kI64);
    fb.Emit(Opcode::kGmAddress, {result.reg, src.value.reg}, stmt.head.range);
  } else if (to.kind == TypeKind::kPointer && !to.local && from_int &&
             src.value.type.dtype == DType::kI64) {
    result.cls = ValueClass::kView;
    result.reg = fb.NewView(to.dtype, stmt.results[0].text);
    fb.Emit(Opcode::kGmPointer, {result.reg, src.value.reg}, stmt.head.range);
  } else if (to.kind == TypeKind::kPointer && !to.local && src.value.cls == ValueClass::kView &&
             src.value.type.kind == TypeKind::kPointer) {
    result.cls = ValueClass::kView;
    result.reg = fb.NewView(to.dtype, stmt.results[0].text);
    fb.Emit(Opcode::kRetypeView, {result.reg, src.value.reg}, stmt.head.range);
  } else {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " converts between an i64 address and a "
                                "pointer, or retypes a pointer; not ", Describe(src.value),
                                " to '", to.text, "'"));
    return false;
  }
  return fb.Define(stmt.results[0], result);
}

}  // namespace pto::assembler
