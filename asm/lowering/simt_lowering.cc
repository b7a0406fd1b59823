#include "pto/asm/lowering/simt_lowering.h"

#include "pto/asm/lowering/function_lowering.h"
#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/float_format.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

constexpr uint32_t kSigned = 1, kUnsigned = 2;  // @sign codes (interp/register/simt_*.cc)

// The clauses written after the operands: signed/unsigned, sat/nosat, round(x), l1cache(x),
// l2cache(x).
struct Clauses {
  uint32_t sign = 0;
  int sat = -1;
  int round = -1;
  SourceRange sign_range, round_range;
};

constexpr const char* kLoadL2[] = {"nmfv",  "nmlv",  "nmprs",  "nmpref", "nakeep",
                                   "nadrop", "idsfv", "idslv",  "idsprs", "idspref",
                                   "exfv",  "exlv",  "exprs",  "expref"};
constexpr const char* kStoreL2[] = {"nmfv",  "nmlv",  "nmprs",  "nmred",  "naci",  "napw",
                                    "napi",  "nared", "wbhfv",  "wbhlv",  "wbhprs", "wbhred",
                                    "wtsfv", "wtslv", "wtsprs", "wtsred"};

template <size_t N>
bool OneOf(std::string_view word, const char* const (&list)[N]) {
  for (const char* w : list) {
    if (word == w) return true;
  }
  return false;
}

// The word inside "name(word)", or empty.
std::string_view Inner(const Item& group) {
  ItemSpan c = group.children();
  return c.size() == 1 && c[0].Is(ItemKind::kWord) ? c[0].text : std::string_view();
}

}  // namespace

bool PeelSimtClauses(Context& ctx, std::string_view op, bool load, ItemSpan* part,
                     uint32_t* sign, int* sat, int* round) {
  Clauses c;
  ItemSpan p = *part;
  for (;;) {
    if (p.empty()) break;
    const Item& last = p.back();
    if (last.IsWord("signed") || last.IsWord("unsigned")) {
      c.sign = last.IsWord("signed") ? kSigned : kUnsigned;
      p = p.subspan(0, p.size() - 1);
      continue;
    }
    if (last.IsWord("sat") || last.IsWord("nosat")) {
      c.sat = last.IsWord("sat");
      p = p.subspan(0, p.size() - 1);
      continue;
    }
    if (p.size() >= 2 && last.IsGroup('(') && p[p.size() - 2].Is(ItemKind::kWord)) {
      const std::string_view name = p[p.size() - 2].text;
      const std::string_view word = Inner(last);
      if (name == "l1cache") {
        if (word != "cache" && word != "uncache") {
          ctx.Error(last, StrCat("l1cache takes cache or uncache, not '", Spell(last.children()), "'"));
          return false;
        }
      } else if (name == "l2cache") {
        if (load ? !OneOf(word, kLoadL2) : !OneOf(word, kStoreL2)) {
          ctx.Error(last, StrCat("'", Spell(last.children()), "' is not an l2cache token of ", op,
                                 " (micro-isa 17: the ", load ? "load" : "store and atomic",
                                 " L2 cache table)"));
          return false;
        }
      } else if (name == "round") {
        static constexpr std::pair<const char*, RoundMode> kModes[] = {
            {"r", RoundMode::kRint},  {"a", RoundMode::kRound}, {"f", RoundMode::kFloor},
            {"c", RoundMode::kCeil},  {"z", RoundMode::kTrunc}, {"o", RoundMode::kOdd}};
        c.round = -1;
        for (const auto& [spelling, mode] : kModes) {
          if (word == spelling) c.round = static_cast<int>(mode);
        }
        if (word == "h") {
          ctx.Error(last, "round(h), the cast-ceil mode of some conversions, is not modelled by "
                          "ptorun");
          return false;
        }
        if (c.round < 0) {
          ctx.Error(last, StrCat("unknown rounding '", Spell(last.children()),
                                 "' (expected r, a, f, c, z or o)"));
          return false;
        }
      } else {
        break;
      }
      p = p.subspan(0, p.size() - 2);
      continue;
    }
    break;
  }
  *part = p;
  if (sign) *sign = c.sign ? c.sign : *sign;
  if (sat && c.sat >= 0) *sat = c.sat;
  if (round && c.round >= 0) *round = c.round;
  return true;
}

namespace {

// Which SIMT instructions must, and which must not, run in a pto.simt_entry function.
bool NeedsEntry(const OpInfo& info) {
  return info.family == Family::kSimtQuery || info.family == Family::kSimtCollective ||
         (info.family == Family::kSimtState && info.opcode != Opcode::kStoreVfsimtInfo);
}

// The register type of a value of type \a t: a UB pointer is its address.
DType RegisterType(const Type& t) { return t.IsLocalPointer() ? kLocalPointerDType : t.dtype; }

// Lowers one statement from the operand schema; members hold what the steps share.
class SimtOpLowering {
 public:
  SimtOpLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt)
      : fb_(fb), ctx_(fb.ctx()), info_(info), stmt_(stmt), operands_(info.operands.size(), kNoOperand) {}

  bool Run();

 private:
  bool ReadOperands();
  bool CheckOperands();
  bool MakeResult();
  bool FillImmediates();
  bool CheckValueTypes(const Value* value, bool is_float);
  bool AttrInt(const char* name, int64_t* out);
  bool Immediate(std::string_view name, const Value* value, uint32_t* code);
  bool KeepSlot(uint32_t* code);
  bool CheckConvert();
  int NextInput(int from) const {
    while (from < info_.num_operands() && info_.operands[from].kind == OperandKind::kImm) ++from;
    return from;
  }

  FunctionBuilder& fb_;
  Context& ctx_;
  const OpInfo& info_;
  const Statement& stmt_;
  std::vector<uint32_t> operands_;
  std::vector<Value> values_;           ///< The written operands (a %p[%i] counts once).
  std::vector<ItemSpan> terms_;
  std::map<std::string, Attribute> attrs_;
  Signature sig_;
  Value result_;
  bool has_result_ = false;
  uint32_t sign_ = 0;
  int sat_ = -1, round_ = -1;
};

bool SimtOpLowering::ReadOperands() {
  ItemSpan items = BeforeColon(stmt_.items);
  while (!items.empty() && items.back().Is(ItemKind::kAttrDict)) {
    ReadAttributes(items.back(), &attrs_);
    items = items.subspan(0, items.size() - 1);
  }
  if (!CheckAttributeNames(ctx_, attrs_, stmt_.head.text, [&](std::string_view name) {
        return (name == "width" && info_.family == Family::kSimtCollective) ||
               (name == "slot" && (info_.opcode == Opcode::kKeep || info_.opcode == Opcode::kResume));
      })) {
    return false;
  }
  std::vector<ItemSpan> parts;
  if (!items.empty() && !SplitList(ctx_, items, "an operand", &parts)) return false;
  if (!parts.empty() &&
      !PeelSimtClauses(ctx_, stmt_.head.text, false, &parts.back(), &sign_, &sat_, &round_)) {
    return false;
  }
  int slot = NextInput(info_.num_outputs);
  for (ItemSpan part : parts) {
    if (part.empty() || !IsOneTerm(ctx_, part)) {
      if (part.empty()) ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " has an empty operand"));
      return false;
    }
    if (slot >= info_.num_operands()) {
      ctx_.Error(part, StrCat(info_.mnemonic, " takes fewer operands"));
      return false;
    }
    const OperandSpec& spec = info_.operands[slot];
    Resolved r;
    if (!Resolve(fb_, part, spec.kind == OperandKind::kInt ? DType::kI32 : DType::kInvalid, &r)) {
      return false;
    }
    const Value& v = r.value;
    if (spec.kind == OperandKind::kView && spec.optional) {  // an atomic's GM or UB pointer
      if (v.cls == ValueClass::kView && v.type.kind == TypeKind::kPointer) {
        operands_[slot] = v.reg;
      } else if (v.cls == ValueClass::kScalar && v.type.IsLocalPointer() &&
                 v.type.mem == Memory::kVec) {
        operands_[slot + 1] = v.reg;
      } else {
        ctx_.Error(part, StrCat(info_.mnemonic, " needs a !pto.ptr<T, gm> or !pto.ptr<T, ub>, got ",
                                Describe(v)));
        return false;
      }
      slot = NextInput(slot + 2);
    } else {
      const bool fits = v.cls == ValueClass::kScalar &&
                        (spec.kind != OperandKind::kInt || IsInteger(RegisterType(v.type)));
      if (!fits) {
        ctx_.Error(part, StrCat(info_.mnemonic, " expects ", GetKindInfo(spec.kind).noun,
                                " here, got ", Describe(v)));
        return false;
      }
      operands_[slot] = v.reg;
      slot = NextInput(slot + 1);
    }
    values_.push_back(v);
    terms_.push_back(part);
  }
  if (slot < info_.num_operands()) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs more operands: ",
                                  GetKindInfo(info_.operands[slot].kind).noun, " is missing"));
    return false;
  }
  const int colon = Find(stmt_.items, ":");
  if (colon < 0) {
    if (info_.num_outputs == 0 && values_.empty()) return true;
    ctx_.Error(stmt_.head, StrCat("'", stmt_.head.text, "' needs its types after ':'"));
    return false;
  }
  return ParseSignature(ctx_, ItemSpan(stmt_.items).subspan(colon + 1), &sig_);
}

// The written types: one per operand, the last one standing for the rest (atomic_cas writes
// "!pto.ptr<T>, T" for its three), then the result's after '->' (or alone, with no operands).
bool SimtOpLowering::CheckOperands() {
  std::vector<Type> inputs = sig_.inputs;
  std::vector<SourceRange> ranges = sig_.input_ranges;
  const bool result = info_.num_outputs > 0;
  if (result && !sig_.has_arrow) {
    if (!values_.empty() || inputs.size() != 1) {
      ctx_.Error(stmt_.head, StrCat("'", stmt_.head.text, "' needs its result type after '->'"));
      return false;
    }
    sig_.results = inputs;
    sig_.result_ranges = ranges;
    inputs.clear();
  }
  if (result && sig_.results.size() != 1) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " has one result; give its type"));
    return false;
  }
  if (!values_.empty() && inputs.empty()) {
    ctx_.Error(stmt_.head, StrCat("'", stmt_.head.text, "' needs the types of its operands"));
    return false;
  }
  if (inputs.size() > values_.size()) {
    ctx_.Error(ranges[values_.size()], StrCat(info_.mnemonic, " has ", values_.size(), " operand",
                                              values_.size() == 1 ? "" : "s"));
    return false;
  }
  for (size_t k = 0; k < values_.size(); ++k) {
    const size_t t = std::min(k, inputs.size() - 1);
    const Value& v = values_[k];
    std::string problem = WrittenTypeProblem(v, inputs[t]);
    if (problem.empty() && v.type.packed != inputs[t].packed) {
      problem = StrCat("operand is '", v.type.text, "' but its type is written as '",
                       inputs[t].text, "'");
    }
    if (!problem.empty()) {
      ctx_.Error(ranges[t], problem);
      return false;
    }
  }
  return true;
}

bool SimtOpLowering::MakeResult() {
  if (info_.num_outputs == 0) return true;
  const Type& t = sig_.results[0];
  if (!t.IsScalar()) {
    ctx_.Error(sig_.result_ranges[0], StrCat("the result of ", info_.mnemonic,
                                             " is a scalar, not '", t.text, "'"));
    return false;
  }
  if (info_.operands[0].kind == OperandKind::kInt && !IsInteger(t.dtype)) {
    ctx_.Error(sig_.result_ranges[0], StrCat("the result of ", info_.mnemonic,
                                             " is an integer, not '", t.text, "'"));
    return false;
  }
  result_ = fb_.NewScalarValue(t.dtype);
  result_.type = t;
  operands_[0] = result_.reg;
  has_result_ = true;
  return true;
}

// "16 : i32": the number of attribute \a name before its type; false (reported when it is
// there) if it is missing or not an integer.
bool SimtOpLowering::AttrInt(const char* name, int64_t* out) {
  auto it = attrs_.find(name);
  if (it == attrs_.end()) return false;
  const Item* word = it->second.value.empty() ? nullptr : &it->second.value[0];
  if (!word || !word->Is(ItemKind::kInt)) {
    ctx_.Error(it->second.range, StrCat("bad value for ", name, " of ", info_.mnemonic));
    return false;
  }
  *out = word->number;
  return true;
}

// The types of the value the op computes on (\a value, a float or packed floats when
// \a is_float), its result and, for atomics, its pointer.
bool SimtOpLowering::CheckValueTypes(const Value* value, bool is_float) {
  const Opcode op = info_.opcode;
  const Family fam = info_.family;
  const bool same_type_result = fam == Family::kSimtAtomic || op == Opcode::kReduxAdd ||
                                op == Opcode::kReduxMax || op == Opcode::kReduxMin ||
                                (fam == Family::kSimtMath && op != Opcode::kConvert &&
                                 op != Opcode::kMulI32ToI64) ||
                                (fam == Family::kSimtCollective && info_.num_operands() > 3);
  if (same_type_result && value && has_result_ &&
      (value->type.dtype != result_.type.dtype || value->type.packed != result_.type.packed)) {
    ctx_.Error(sig_.result_ranges[0], StrCat("the result of ", info_.mnemonic, " has the type of "
                                             "its operand, '", value->type.text, "'"));
    return false;
  }
  if (fam == Family::kSimtAtomic) {
    const Value& ptr = values_[0];
    if (ptr.type.dtype != value->type.dtype || ptr.type.packed != value->type.packed) {
      ctx_.Error(terms_[1], StrCat("the pointer holds '", ptr.type.text, "' elements but the "
                                   "value is '", value->type.text, "'"));
      return false;
    }
    if (ptr.type.IsLocalPointer() && IntBits(value->type.dtype) == 64 && !is_float) {
      ctx_.Error(terms_[0], "UB atomics do not take i64 (micro-isa 17)");
      return false;
    }
  }
  if (is_float && sign_ && op != Opcode::kConvert) {
    ctx_.Error(stmt_.head, StrCat("floating-point ", info_.mnemonic, " takes no signed or unsigned"));
    return false;
  }
  if (!is_float && !sign_ &&
      (op == Opcode::kReduxMax || op == Opcode::kReduxMin || op == Opcode::kMulHi ||
       op == Opcode::kMulI32ToI64)) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " on integers needs 'signed' or 'unsigned'"));
    return false;
  }
  if (fam == Family::kSimtMath && op != Opcode::kConvert && op != Opcode::kMulHi &&
      op != Opcode::kMulI32ToI64 && op != Opcode::kPrmt && !is_float) {
    ctx_.Error(terms_[0], StrCat(info_.mnemonic, " takes f16, bf16, f32 or packed vector<2xT>, "
                                 "not '", value->type.text, "'"));
    return false;
  }
  return true;
}

// keep/resume's {slot = N : i64}: a 32-bit word, or two for a 64-bit value.
bool SimtOpLowering::KeepSlot(uint32_t* code) {
  int64_t k = -1;
  if (!attrs_.count("slot")) {
    ctx_.Error(stmt_.head.range, StrCat(info_.mnemonic, " needs its {slot = N : i64}"));
    return false;
  }
  if (!AttrInt("slot", &k)) return false;
  const Type& t = info_.opcode == Opcode::kKeep ? values_[0].type : result_.type;
  const bool wide = !IsFloat(t.dtype) && IntBits(t.dtype) > 32;
  if (k < 0 || k > 122 || (wide && (k % 2 != 0 || k + 1 > 122))) {
    ctx_.Error(attrs_.at("slot").range,
               wide ? StrCat("a 64-bit value takes slots N and N + 1: N is even, 0 to 120, not ", k)
                    : StrCat("slot is 0 to 122, not ", k));
    return false;
  }
  if (t.packed != DType::kInvalid || t.IsLocalPointer() || t.dtype == DType::kF64) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " keeps integers of up to 64 bits, f16, "
                                  "bf16 and f32, not '", t.text, "'"));
    return false;
  }
  *code = static_cast<uint32_t>(k);
  return true;
}

// The code of immediate \a name (the operand schema's @name).
bool SimtOpLowering::Immediate(std::string_view name, const Value* value, uint32_t* code) {
  const SourceRange head = stmt_.head.range;
  *code = 0;
  if (name == "sign") {
    *code = sign_;
  } else if (name == "elem") {
    *code = static_cast<uint32_t>(value ? value->type.packed : DType::kInvalid);
  } else if (name == "width") {
    int64_t w = 32;
    if (attrs_.count("width") && !AttrInt("width", &w)) return false;
    if (w != 16 && w != 32) {
      ctx_.Error(attrs_.at("width").range, StrCat("width is 16 or 32, not ", w));
      return false;
    }
    *code = static_cast<uint32_t>(w);
  } else if (name == "keep_slot") {
    return KeepSlot(code);
  } else if (name == "round") {
    if (round_ < 0) {
      ctx_.Error(head, "pto.convert needs its rounding: round(r), round(z), ...");
      return false;
    }
    *code = static_cast<uint32_t>(round_);
  } else if (name == "sat") {
    if (sat_ < 0) {
      ctx_.Error(head, "pto.convert needs sat or nosat");
      return false;
    }
    *code = static_cast<uint32_t>(sat_);
  } else if (name == "from" || name == "to") {
    const Type& t = name == "from" ? values_[0].type : result_.type;
    *code = static_cast<uint32_t>(t.packed != DType::kInvalid ? t.packed : t.dtype);
  }
  return true;
}

// pto.convert: a sign for an integer side, a scalar to a scalar or a pair to a pair.
bool SimtOpLowering::CheckConvert() {
  const SourceRange head = stmt_.head.range;
  const Type& from = values_[0].type;
  const Type& to = result_.type;
  const bool int_side = (from.packed == DType::kInvalid && !IsFloat(from.dtype)) ||
                        (to.packed == DType::kInvalid && !IsFloat(to.dtype));
  if (int_side && !sign_) {
    ctx_.Error(head, "pto.convert to or from an integer needs 'signed' or 'unsigned'");
    return false;
  }
  if ((from.packed == DType::kInvalid) != (to.packed == DType::kInvalid)) {
    ctx_.Error(head, StrCat("pto.convert converts a scalar to a scalar or a pair to a pair, not '",
                            from.text, "' to '", to.text, "'"));
    return false;
  }
  return true;
}

bool SimtOpLowering::FillImmediates() {
  // The value the op computes on, and whether it is a float (or packed floats).
  const int data = info_.family == Family::kSimtAtomic ? 1 : 0;
  const Value* value = data < static_cast<int>(values_.size()) ? &values_[data] : nullptr;
  const bool is_float = value && (IsFloat(value->type.dtype) || value->type.packed != DType::kInvalid);
  // Pairs of integers are moved by ldg/stg and computed on by arith (%packed_binary) only.
  const Type* sides[] = {value ? &value->type : nullptr, has_result_ ? &result_.type : nullptr};
  for (const Type* t : sides) {
    if (t && t->packed != DType::kInvalid && IsInteger(t->packed)) {
      ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " does not take the integer pair '", t->text,
                                    "' (ldg, stg and arith's add, sub and mul do)"));
      return false;
    }
  }
  if (!CheckValueTypes(value, is_float)) return false;
  for (int i = info_.num_outputs; i < info_.num_operands(); ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (spec.kind != OperandKind::kImm) continue;
    uint32_t code;
    if (!Immediate(spec.attr, value, &code)) return false;
    operands_[i] = code;
  }
  return info_.opcode != Opcode::kConvert || CheckConvert();
}

bool SimtOpLowering::Run() {
  const bool in_entry = fb_.function().simt_entry;
  if (NeedsEntry(info_) && !in_entry) {
    ctx_.Error(stmt_.head, StrCat(stmt_.head.text, " runs in a SIMT workitem: use it in a "
                                  "function marked pto.simt_entry"));
    return false;
  }
  if (info_.opcode == Opcode::kStoreVfsimtInfo && in_entry) {
    ctx_.Error(stmt_.head, "pto.store_vfsimt_info configures a launch: it belongs in the caller, "
                           "not in a pto.simt_entry function");
    return false;
  }
  if (!ReadOperands() || !CheckOperands() || !MakeResult() || !FillImmediates()) return false;
  if (has_result_ && !DefineResults(fb_, stmt_, {result_})) return false;
  if (!has_result_ && !ExpectResults(ctx_, stmt_, 0)) return false;
  fb_.Emit(info_.opcode, operands_, stmt_.head.range);
  return true;
}

}  // namespace

bool LowerSimtOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  return SimtOpLowering(fb, info, stmt).Run();
}

// pto.simt_launch @body<<<%x, %y, %z>>>(%args) : (T...) -> (): the launch size, then the call.
bool LowerSimtLaunch(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  ItemSpan items = stmt.items;
  if (fb.function().simt_entry) {
    ctx.Error(stmt.head, "pto.simt_launch belongs in the caller, not in a pto.simt_entry function");
    return false;
  }
  // <<<x, y, z>>> lexes as three nested angle groups.
  const Item* dims = items.size() >= 3 && items[0].Is(ItemKind::kSymbol) && items[1].IsGroup('<')
                         ? &items[1] : nullptr;
  for (int depth = 0; dims && depth < 2; ++depth) {
    ItemSpan c = dims->children();
    dims = c.size() == 1 && c[0].IsGroup('<') ? &c[0] : nullptr;
  }
  if (!dims || !items[2].IsGroup('(')) {
    ctx.Error(stmt.head, "expected 'pto.simt_launch @body<<<%dim_x, %dim_y, %dim_z>>>(%args...) "
                         ": (types) -> ()'");
    return false;
  }
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, dims->children(), "a launch dimension", &parts)) return false;
  if (parts.size() != 3) {
    ctx.Error(*dims, StrCat("a launch has three dimensions, x, y and z; got ", parts.size()));
    return false;
  }
  Value xyz[3];
  for (int k = 0; k < 3; ++k) {
    Resolved r;
    if (!Resolve(fb, parts[k], DType::kI32, &r)) return false;
    if (r.value.cls != ValueClass::kScalar || r.value.type.dtype != DType::kI32) {
      ctx.Error(parts[k], StrCat("a launch dimension is an i32, not ", Describe(r.value)));
      return false;
    }
    xyz[k] = r.value;
  }
  const int64_t callee = ctx.FunctionIndex(items[0].text);
  if (callee >= 0 && !fb.program().functions[callee].simt_entry) {
    ctx.Error(items[0], StrCat("@", items[0].text, " is not marked pto.simt_entry; "
                               "pto.simt_launch runs a SIMT entry"));
    return false;
  }
  fb.Emit(Opcode::kStoreVfsimtInfo, {xyz[2].reg, xyz[1].reg, xyz[0].reg}, stmt.head.range);
  std::vector<Item> call_items(items.begin(), items.end());
  call_items.erase(call_items.begin() + 1);
  Statement call = stmt;
  call.items = call_items;
  return LowerCall(fb, call);
}

}  // namespace pto::assembler
