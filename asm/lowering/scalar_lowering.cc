#include "pto/asm/lowering/scalar_lowering.h"

#include "pto/asm/lowering/carried_values.h"
#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/scalar_rules.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

class ScalarLowering {
 public:
  ScalarLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt)
      : fb_(fb), ctx_(fb.ctx()), info_(info), stmt_(stmt) {}

  bool Run();

 private:
  bool SplitTypes(ItemSpan sig);
  bool ReadPredicate(ItemSpan* operands);
  bool ResolveOperand(ItemSpan term, DType expected, Value* out);
  bool OperandTerms(ItemSpan operands, std::vector<ItemSpan>* terms);
  bool Encode(const std::vector<ItemSpan>& terms, std::vector<uint32_t>* encoded);
  bool Emit(std::vector<uint32_t> encoded);
  bool EmitPacked(ItemSpan operands);
  bool IsCompare() const {
    return info_.family == Family::kCompareInt || info_.family == Family::kCompareFloat;
  }

  FunctionBuilder& fb_;
  Context& ctx_;
  const OpInfo& info_;
  const Statement& stmt_;
  DType operand_type_ = DType::kInvalid;  ///< The type after ':' (the source type of a cast).
  DType result_type_ = DType::kInvalid;
  uint32_t predicate_ = 0;
  Type local_result_;  ///< A cast's on-chip pointer result type (else kInvalid).
  Type type_;          ///< The type after ':' as written (a packed vector<2xT> keeps its pair).
};

// "T" or "S to D" (casts) or "i1, T" (select with its condition type written).
bool ScalarLowering::SplitTypes(ItemSpan sig) {
  size_t to = sig.size();
  for (size_t i = 0; i < sig.size(); ++i) {
    if (sig[i].IsWord("to")) to = i;
  }
  std::vector<ItemSpan> sources = Split(sig.subspan(0, to), ",");
  Type t;
  if (sources.empty() || !ParseWholeType(ctx_, sources.back(), &t)) return false;
  // An on-chip pointer (a 1-D local memref, !pto.ptr<T, ub>) is its byte address: PTOAS's
  // lowered code casts one to the other (builtin.unrealized_conversion_cast).
  const bool cast = info_.family == Family::kCast;
  if (cast && t.IsLocalPointer()) t = ScalarType(kLocalPointerDType);
  if (!t.IsScalar()) {
    ctx_.Error(sources.back(), StrCat(info_.mnemonic, " works on scalars, not '", t.text, "'"));
    return false;
  }
  operand_type_ = result_type_ = t.dtype;
  type_ = t;
  if (info_.family == Family::kCast) {
    Type d;
    if (to == sig.size()) {
      ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs ': SOURCE to RESULT'"));
      return false;
    }
    if (!ParseWholeType(ctx_, sig.subspan(to + 1), &d)) return false;
    if (d.IsLocalPointer()) {
      local_result_ = d;
      d = ScalarType(kLocalPointerDType);
    }
    if (!d.IsScalar()) {
      ctx_.Error(sig.subspan(to + 1), StrCat("cannot convert to '", d.text, "'"));
      return false;
    }
    result_type_ = d.dtype;
  }
  if (info_.family == Family::kCompareInt || info_.family == Family::kCompareFloat) {
    result_type_ = DType::kI1;
  }
  return true;
}

// arith.cmpi slt, %a, %b: the predicate is the first operand (a word, or an attribute).
bool ScalarLowering::ReadPredicate(ItemSpan* operands) {
  bool is_int = info_.family == Family::kCompareInt;
  int count = is_int ? kIntPredicateCount : kFloatPredicateCount;
  if (operands->empty() || !(*operands)[0].Is(ItemKind::kWord)) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs a predicate first, such as ",
                                  is_int ? "'slt'" : "'olt'"));
    return false;
  }
  const Item& word = (*operands)[0];
  for (int p = 0; p < count; ++p) {
    if (word.text == (is_int ? IntPredicateName(p) : FloatPredicateName(p))) {
      predicate_ = static_cast<uint32_t>(p);
      *operands = operands->subspan(operands->size() > 1 && (*operands)[1].IsPunct(",") ? 2 : 1);
      return true;
    }
  }
  std::string names;
  for (int p = 0; p < count; ++p) {
    names += StrCat(p ? " " : "", is_int ? IntPredicateName(p) : FloatPredicateName(p));
  }
  ctx_.Error(word, StrCat("unknown predicate '", word.text, "' (one of: ", names, ")"));
  return false;
}

bool ScalarLowering::ResolveOperand(ItemSpan term, DType expected, Value* out) {
  Resolved r;
  if (!Resolve(fb_, term, expected, &r)) return false;
  if (r.value.cls != ValueClass::kScalar) {
    ctx_.Error(term, StrCat(info_.mnemonic, " works on scalars, but ", Spell(term), " is ",
                            Describe(r.value)));
    return false;
  }
  const DType have = r.value.type.IsLocalPointer() ? kLocalPointerDType : r.value.type.dtype;
  if (expected != DType::kInvalid && have != expected) {
    ctx_.Error(term, StrCat(Spell(term), " is ", DTypeName(r.value.type.dtype), " but ",
                            info_.mnemonic, " here works on ", DTypeName(expected)));
    return false;
  }
  *out = r.value;
  return true;
}

// %r = arith.select %c, %a, %b : !pto.tile_buf<...>: %r is bound where %a is when %c holds,
// else where %b is (PTOAS lets select choose between two tiles or views). The result is a
// handle: nothing is copied, as scf.if's tile results are not.
bool LowerHandleSelect(FunctionBuilder& fb, const Statement& stmt, ItemSpan operands,
                       const Type& type) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, operands, "an operand", &parts)) return false;
  if (parts.size() != 3) {
    ctx.Error(stmt.head, StrCat("arith.select takes 3 operands, got ", parts.size()));
    return false;
  }
  Resolved cond, a, b;
  if (!Resolve(fb, parts[0], DType::kI1, &cond) || !Resolve(fb, parts[1], type.dtype, &a) ||
      !Resolve(fb, parts[2], type.dtype, &b)) {
    return false;
  }
  if (cond.value.cls != ValueClass::kScalar || cond.value.type.dtype != DType::kI1) {
    ctx.Error(parts[0], StrCat("the condition of arith.select is an i1, not ",
                               Describe(cond.value)));
    return false;
  }
  for (size_t i = 1; i < 3; ++i) {
    const Value& v = i == 1 ? a.value : b.value;
    std::string problem = WrittenTypeProblem(v, type);
    if (problem.empty() && v.cls != ValueClass::kTile && v.cls != ValueClass::kView) {
      problem = StrCat("arith.select chooses between scalars, tiles or views, not ", Describe(v));
    }
    if (!problem.empty()) {
      ctx.Error(parts[i], problem);
      return false;
    }
  }
  Value result;
  if (!NewValueOfType(fb, type, stmt.head.range, &result)) return false;
  fb.EmitMove(result, b.value, stmt.head.range);
  const uint32_t branch = fb.Emit(Opcode::kBranchIfNot, {cond.value.reg, 0}, stmt.head.range);
  fb.EmitMove(result, a.value, stmt.head.range);
  fb.Patch(branch, 1, fb.Here());
  return fb.Define(stmt.results[0], result);
}

// The operand terms, without the attribute dictionaries and the modifiers fastmath<fast> and
// overflow<nsw> after them: they change nothing the VM computes.
bool ScalarLowering::OperandTerms(ItemSpan operands, std::vector<ItemSpan>* terms) {
  std::vector<ItemSpan> parts;
  std::map<std::string, Attribute> attrs;
  if (!SplitList(ctx_, operands, "an operand", &parts)) return false;
  auto skip_dicts = [&](ItemSpan* rest) {
    while (!rest->empty() && (*rest)[0].Is(ItemKind::kAttrDict)) {
      ReadAttributes((*rest)[0], &attrs);
      *rest = rest->subspan(1);
    }
  };
  for (ItemSpan part : parts) {
    size_t n = part[0].Is(ItemKind::kAttrDict) ? 0 : TermLength(part);
    ItemSpan rest = part.subspan(n);
    skip_dicts(&rest);
    if (rest.size() >= 2 && (rest[0].IsWord("fastmath") || rest[0].IsWord("overflow")) &&
        rest[1].IsGroup('<') && Attached(rest[0], rest[1])) {
      rest = rest.subspan(2);
    }
    skip_dicts(&rest);
    if (!rest.empty()) {
      ctx_.Error(rest, StrCat("unexpected '", Spell(rest), "' in the operands of ",
                              info_.mnemonic));
      return false;
    }
    if (n > 0) terms->push_back(part.subspan(0, n));
  }
  // The dictionary spellings of the modifiers are all arith's operations take.
  return CheckAttributeNames(ctx_, attrs, info_.mnemonic, [](std::string_view name) {
    return name == "fastmath" || name == "overflowFlags";
  });
}

// The registers of the result (slot 0, filled by Emit), the operands and a comparison's
// predicate.
bool ScalarLowering::Encode(const std::vector<ItemSpan>& terms, std::vector<uint32_t>* encoded) {
  const int inputs = info_.num_operands() - info_.num_outputs - (IsCompare() ? 1 : 0);
  if (static_cast<int>(terms.size()) != inputs) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " takes ", inputs, " operand",
                                  inputs == 1 ? "" : "s", ", got ", terms.size()));
    return false;
  }
  encoded->assign(1, 0);
  bool ok = true;
  for (size_t i = 0; i < terms.size(); ++i) {
    DType expected = operand_type_;
    if (info_.family == Family::kSelect && i == 0) expected = DType::kI1;
    Value v;
    ok &= ResolveOperand(terms[i], expected, &v);
    encoded->push_back(v.reg);
  }
  if (ok && IsCompare()) encoded->push_back(predicate_);
  return ok;
}

// The result's register, the family's rules on the registers' types, then the instruction.
bool ScalarLowering::Emit(std::vector<uint32_t> encoded) {
  Value result = fb_.NewScalarValue(result_type_);
  if (local_result_.IsLocalPointer()) result.type = local_result_;  // an address, typed
  encoded[0] = result.reg;
  std::vector<OperandType> types(encoded.size());
  for (size_t i = 0; i < encoded.size(); ++i) {
    if (info_.operands[i].kind != OperandKind::kImm) {
      types[i].dtype = fb_.function().scalar_regs[encoded[i]];
    }
  }
  bool ok = true;
  for (const RuleError& e : CheckOperandTypes(info_, ctx_.arch(), types)) {
    ctx_.Error(stmt_.head, e.message);
    ok = false;
  }
  if (!ok || !fb_.Define(stmt_.results[0], result)) return false;
  fb_.Emit(info_.opcode, encoded, stmt_.head.range);
  return true;
}

// arith's add, sub and mul of two packed vector<2xT> (SIMT pairs): %packed_binary, element by
// element, on float pairs by the float forms and on integer pairs by the integer ones.
bool ScalarLowering::EmitPacked(ItemSpan operands) {
  static constexpr Opcode kOps[] = {Opcode::kAddF, Opcode::kSubF, Opcode::kMulF,
                                    Opcode::kAddI, Opcode::kSubI, Opcode::kMulI};
  int op = -1;
  for (int i = 0; i < 6; ++i) op = kOps[i] == info_.opcode ? i : op;
  if (op < 0 || (op < 3) != !IsInteger(type_.packed)) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " does not work on '", type_.text, "' (pairs: "
                                  "addf, subf, mulf of floats; addi, subi, muli of integers)"));
    return false;
  }
  std::vector<ItemSpan> terms;
  if (!OperandTerms(operands, &terms)) return false;
  if (terms.size() != 2) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " takes 2 operands, got ", terms.size()));
    return false;
  }
  std::vector<uint32_t> encoded(1, 0);
  for (ItemSpan term : terms) {
    Value v;
    if (!ResolveOperand(term, operand_type_, &v)) return false;
    if (v.type.packed != type_.packed) {
      ctx_.Error(term, StrCat(Spell(term), " is '", v.type.text, "', not '", type_.text, "'"));
      return false;
    }
    encoded.push_back(v.reg);
  }
  Value result = fb_.NewScalarValue(type_.dtype);
  result.type = type_;
  encoded[0] = result.reg;
  if (!fb_.Define(stmt_.results[0], result)) return false;
  encoded.push_back(static_cast<uint32_t>(type_.packed));
  encoded.push_back(static_cast<uint32_t>(op % 3));
  fb_.Emit(Opcode::kPackedBinary, encoded, stmt_.head.range);
  return true;
}

bool ScalarLowering::Run() {
  if (stmt_.results.size() != 1) {
    ctx_.Error(stmt_.head, StrCat("write '%result = ", info_.mnemonic, " ...'"));
    return false;
  }
  ItemSpan items = stmt_.items;
  int colon = Find(items, ":");
  if (colon < 0) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs its type: '... : T'"));
    return false;
  }
  if (info_.family == Family::kSelect) {
    Type t;
    ItemSpan sig = items.subspan(colon + 1);
    if (!ParseWholeType(ctx_, Split(sig, ",").back(), &t)) return false;
    if (t.kind == TypeKind::kTile || t.kind == TypeKind::kMemref ||
        t.kind == TypeKind::kTensorView || t.kind == TypeKind::kPartitionView) {
      return LowerHandleSelect(fb_, stmt_, items.subspan(0, colon), t);
    }
  }
  if (!SplitTypes(items.subspan(colon + 1))) return false;
  ItemSpan operands = items.subspan(0, colon);
  const bool binary = info_.family == Family::kIntBinary || info_.family == Family::kFloatBinary;
  if (type_.packed != DType::kInvalid && binary) return EmitPacked(operands);
  if (IsCompare() && !ReadPredicate(&operands)) return false;
  std::vector<ItemSpan> terms;
  std::vector<uint32_t> encoded;
  return OperandTerms(operands, &terms) && Encode(terms, &encoded) && Emit(std::move(encoded));
}

}  // namespace

bool LowerScalarOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  return ScalarLowering(fb, info, stmt).Run();
}

}  // namespace pto::assembler
