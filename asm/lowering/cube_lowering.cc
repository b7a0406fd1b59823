#include "pto/asm/lowering/cube_lowering.h"

#include "pto/asm/lowering/cube_lowering_impl.h"
#include "pto/asm/lowering/op_overload.h"

namespace pto::assembler {

namespace cube_lowering {

bool CubeLowering::Read() {
  const size_t results = info_.family == Family::kCtrl ? info_.num_outputs : 0;
  if (!ExpectResults(ctx_, stmt_, results)) return false;
  ItemSpan items = BeforeColon(stmt_.items);
  while (!items.empty() && items.back().Is(ItemKind::kAttrDict)) {
    ReadAttributes(items.back(), &attrs_);
    items = items.subspan(0, items.size() - 1);
  }
  std::vector<ItemSpan> parts;
  if (!items.empty() && !SplitList(ctx_, items, "an operand", &parts)) return false;
  for (ItemSpan part : parts) {
    for (size_t j = 0; j < part.size(); ++j) {
      const Item& it = part[j];
      if (it.Is(ItemKind::kWord)) {
        Clause c{&it};
        if (j + 1 < part.size() && part[j + 1].IsGroup('(')) c.group = &part[++j];
        clauses_.push_back(c);
      } else if (!clauses_.empty()) {
        ctx_.Error(it, StrCat(info_.mnemonic, " takes its operands before its clauses, got '",
                              Spell(part.subspan(j, 1)), "' after '", clauses_.back().word->text,
                              "'"));
        return false;
      } else {
        positional_.push_back(part.subspan(j, 1));
      }
    }
  }
  return CheckAttributeNames(ctx_, attrs_, stmt_.head.text, [&](std::string_view name) {
    return (name == "transpose" &&
            (info_.opcode == Opcode::kMteL1L0a || info_.opcode == Opcode::kMteL1L0b)) ||
           (name == "fill_word_bits" && info_.opcode == Opcode::kCreateCbufMatrix);
  });
}

bool CubeLowering::Positional(size_t count) {
  if (positional_.size() == count) return true;
  ctx_.Error(positional_.size() > count ? SpanRange(positional_[count]) : stmt_.head.range,
             StrCat(info_.mnemonic, " takes ", count, " operands before its clauses, got ",
                    positional_.size()));
  return false;
}

bool CubeLowering::PointerTerm(ItemSpan term, bool gm, Memory mem, Value* out) {
  Resolved r;
  if (!Resolve(fb_, term, DType::kI64, &r)) return false;
  const Value& v = r.value;
  const bool ok = gm ? v.cls == ValueClass::kView && v.type.kind == TypeKind::kPointer
                     : v.cls == ValueClass::kScalar && v.type.IsLocalPointer() && v.type.mem == mem;
  if (!ok) {
    ctx_.Error(term, StrCat(info_.mnemonic, " needs a !pto.ptr<T, ",
                            gm ? "gm" : MemoryPointerWord(mem), "> here, got ", Describe(v)));
    return false;
  }
  *out = v;
  pointers_.push_back(v);
  PushType(v.type.dtype);
  return true;
}

bool CubeLowering::Pointer(size_t pos, bool gm, Memory mem, Value* out) {
  if (!PointerTerm(positional_[pos], gm, mem, out)) return false;
  Push(*out);
  return true;
}

bool CubeLowering::IntTerm(ItemSpan term, Value* out) {
  Resolved r;
  if (!Resolve(fb_, term, DType::kI64, &r)) return false;
  if (r.value.cls != ValueClass::kScalar || !IsInteger(r.value.type.dtype) ||
      r.value.type.IsLocalPointer()) {
    ctx_.Error(term, StrCat(info_.mnemonic, " expects an integer scalar here, got ",
                            Describe(r.value)));
    return false;
  }
  *out = r.value;
  return true;
}

bool CubeLowering::ScalarTerm(ItemSpan term, Value* out) {
  Resolved r;
  if (!Resolve(fb_, term, DType::kF32, &r)) return false;
  if (r.value.cls != ValueClass::kScalar) {
    ctx_.Error(term, StrCat(info_.mnemonic, " expects a scalar here, got ", Describe(r.value)));
    return false;
  }
  *out = r.value;
  return true;
}

bool CubeLowering::Ints(size_t from, size_t count) {
  for (size_t i = from; i < from + count; ++i) {
    Value v;
    if (!IntTerm(positional_[i], &v)) return false;
    Push(v);
  }
  return true;
}

Clause* CubeLowering::Take(std::string_view word) {
  for (Clause& c : clauses_) {
    if (!c.used && c.word->text == word) {
      c.used = true;
      return &c;
    }
  }
  return nullptr;
}

Clause* CubeLowering::TakeRequired(std::string_view word, std::string_view form) {
  Clause* c = Take(word);
  if (!c) ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs its ", word, "(", form, ")"));
  return c;
}

bool CubeLowering::GroupTerms(const Clause& c, size_t min, size_t max, std::vector<ItemSpan>* out) {
  if (!c.group) {
    ctx_.Error(*c.word, StrCat("'", c.word->text, "' takes its operands in parentheses"));
    return false;
  }
  out->clear();
  if (!c.group->children().empty() && !SplitList(ctx_, c.group->children(), "an operand", out)) {
    return false;
  }
  if (out->size() < min || out->size() > max) {
    ctx_.Error(*c.group, StrCat(c.word->text, "(...) takes ",
                                min == max ? StrCat(min) : StrCat(min, " to ", max),
                                " operands, got ", out->size()));
    return false;
  }
  return true;
}

// Pushes the n integers of clause word(...); absent optional clauses push n kNoOperand.
bool CubeLowering::GroupInts(std::string_view word, size_t n, bool required) {
  Clause* c = Take(word);
  if (!c) {
    if (required) {
      ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " needs its ", word, "(...)"));
      return false;
    }
    for (size_t i = 0; i < n; ++i) PushNone();
    return true;
  }
  std::vector<ItemSpan> terms;
  if (!GroupTerms(*c, n, n, &terms)) return false;
  for (ItemSpan t : terms) {
    Value v;
    if (!IntTerm(t, &v)) return false;
    Push(v);
  }
  return true;
}

bool CubeLowering::OneWord(const Clause& c, std::initializer_list<std::string_view> words,
                           uint32_t* index) {
  std::vector<ItemSpan> terms;
  if (!GroupTerms(c, 1, 1, &terms)) return false;
  uint32_t i = 0;
  for (std::string_view w : words) {
    if (terms[0].size() == 1 && terms[0][0].IsWord(w)) {
      *index = i;
      return true;
    }
    ++i;
  }
  std::string list;
  for (std::string_view w : words) list += StrCat(list.empty() ? "" : ", ", w);
  ctx_.Error(terms[0], StrCat(c.word->text, "(...) takes one of ", list));
  return false;
}

bool CubeLowering::Leftovers() {
  for (const Clause& c : clauses_) {
    if (!c.used) {
      ctx_.Error(*c.word, StrCat("'", c.word->text, "' is not a clause of ", info_.mnemonic,
                                 " (or is written twice)"));
      return false;
    }
  }
  return true;
}

// The !pto.ptr types written after ':' are the pointer operands', in order (the other entries
// of these signatures, clause names and i64s, carry nothing the operands do not).
bool CubeLowering::CheckPointerTypes() {
  const int colon = Find(stmt_.items, ":");
  if (colon < 0 && info_.num_operands() == 0) return true;  // set_atomic_*: nothing to type
  if (colon < 0) {
    ctx_.Error(stmt_.head, StrCat("'", stmt_.head.text, "' needs its types after ':'"));
    return false;
  }
  ItemSpan rest = ItemSpan(stmt_.items).subspan(colon + 1);
  size_t k = 0;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (!rest[i].Is(ItemKind::kBang) || rest[i].text != "pto.ptr") continue;
    Type t;
    size_t used = 0;
    if (!ParseType(ctx_, rest.subspan(i), &t, &used)) return false;
    if (k >= pointers_.size()) {
      ctx_.Error(rest[i], StrCat(info_.mnemonic, " has ", pointers_.size(),
                                 " pointer operands; this type is one too many"));
      return false;
    }
    if (std::string problem = WrittenTypeProblem(pointers_[k++], t); !problem.empty()) {
      ctx_.Error(rest[i], problem);
      return false;
    }
  }
  return true;
}

// Bursts of bytes or 32-byte blocks between two memories.
bool CubeLowering::Copy() {
  struct Row {
    Opcode op;
    bool src_gm;
    Memory src, dst;
    bool loops;
    bool same_type;
  };
  static constexpr Row kRows[] = {
      {Opcode::kMteGmL1, true, Memory::kMat, Memory::kMat, true, true},
      {Opcode::kMteL1Ub, false, Memory::kMat, Memory::kVec, true, true},
      {Opcode::kMteUbUb, false, Memory::kVec, Memory::kVec, false, true},
      {Opcode::kMteUbL1, false, Memory::kVec, Memory::kMat, false, true},
      {Opcode::kCopyGmToCbuf, true, Memory::kMat, Memory::kMat, false, true},
      {Opcode::kCopyUbufToCbuf, false, Memory::kVec, Memory::kMat, false, true},
      {Opcode::kCopyCbufToUbuf, false, Memory::kMat, Memory::kVec, false, true},
      {Opcode::kCopyUbufToUbuf, false, Memory::kVec, Memory::kVec, false, true},
      {Opcode::kMteL1Bt, false, Memory::kMat, Memory::kBias, false, false},
      {Opcode::kMteL1Fb, false, Memory::kMat, Memory::kScaling, false, false},
  };
  const Row* row = nullptr;
  for (const Row& r : kRows) {
    if (r.op == info_.opcode) row = &r;
  }
  Value src, dst;
  // The older forms are positional: copy_gm_to_cbuf's four integers after the pointers,
  // copy_ubuf_to_cbuf's, copy_cbuf_to_ubuf's and copy_ubuf_to_ubuf's five (sid first).
  const Opcode op = info_.opcode;
  const size_t ints = op == Opcode::kCopyGmToCbuf ? 4
                      : op == Opcode::kCopyUbufToCbuf || op == Opcode::kCopyCbufToUbuf ||
                              op == Opcode::kCopyUbufToUbuf
                          ? 5
                          : 1;
  const bool legacy = ints > 1;
  if (!Positional(2 + ints) || !Pointer(0, row->src_gm, row->src, &src) ||
      !Pointer(1, false, row->dst, &dst) || !Ints(2, ints)) {
    return false;
  }
  if (!legacy && !GroupInts("nburst", 3, true)) return false;
  if (row->loops) {
    while (Clause* c = Take("loop")) {
      std::vector<ItemSpan> terms;
      if (!GroupTerms(*c, 3, 3, &terms)) return false;
      for (ItemSpan t : terms) {
        Value v;
        if (!IntTerm(t, &v)) return false;
        Push(v);
      }
    }
  }
  if (row->same_type && DTypeSize(src.type.dtype) != DTypeSize(dst.type.dtype)) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " copies between pointers of one element size, "
                                  "got ", DTypeName(src.type.dtype), " and ",
                                  DTypeName(dst.type.dtype)));
    return false;
  }
  if (info_.opcode == Opcode::kMteL1Bt) {
    const DType s = src.type.dtype, d = dst.type.dtype;
    const bool ok = (s == d && (s == DType::kF32 || s == DType::kI32)) ||
                    (d == DType::kF32 && (s == DType::kF16 || s == DType::kBF16));
    if (!ok) {
      ctx_.Error(stmt_.head, StrCat("mte_l1_bt loads f32->f32, i32->i32, f16->f32 or bf16->f32, "
                                    "not ", DTypeName(s), "->", DTypeName(d)));
      return false;
    }
  }
  return true;
}

bool CubeLowering::Frac() {
  Value src, dst;
  if (!Positional(2) || !Pointer(0, true, Memory::kMat, &src) ||
      !Pointer(1, false, Memory::kMat, &dst)) {
    return false;
  }
  const bool nd = Flag("nd2nz"), dn = Flag("dn2nz");
  if (nd == dn) {
    ctx_.Error(stmt_.head, "mte_gm_l1_frac needs one of nd2nz and dn2nz");
    return false;
  }
  if (src.type.dtype != dst.type.dtype) {
    ctx_.Error(stmt_.head, StrCat("mte_gm_l1_frac copies between pointers of one element type, "
                                  "got ", DTypeName(src.type.dtype), " and ",
                                  DTypeName(dst.type.dtype)));
    return false;
  }
  if (!GroupInts("shape", 2, true)) return false;
  Clause* layout = TakeRequired("src_layout", "inner stride[, outer stride]");
  std::vector<ItemSpan> terms;
  if (!layout) return false;
  if (!GroupTerms(*layout, 1, 2, &terms)) return false;
  for (size_t i = 0; i < 2; ++i) {
    Value v;
    if (i >= terms.size()) {
      PushNone();
    } else if (!IntTerm(terms[i], &v)) {
      return false;
    } else {
      Push(v);
    }
  }
  if (!GroupInts("dst_group", 4, true) || !GroupInts("ctrl", 2, true)) return false;
  operands_.push_back(types_);
  operands_.push_back(dn ? kDn2Nz : 0);
  return true;
}

bool CubeLowering::Load() {
  const Opcode op = info_.opcode;
  const bool left = op == Opcode::kMteL1L0a || op == Opcode::kMteL1L0aMx ||
                    op == Opcode::kMteL1L0aMxAt || op == Opcode::kMteL1L0aMxFull ||
                    op == Opcode::kLoadCbufToCa;
  const bool at = op == Opcode::kMteL1L0a || op == Opcode::kMteL1L0b ||
                  op == Opcode::kMteL1L0aMxAt || op == Opcode::kMteL1L0bMxAt;
  // The rows' operands: src, dst, the integers, then immediates (@types, @flags).
  size_t ints = 0;
  for (const OperandSpec& spec : info_.operands) ints += spec.kind != OperandKind::kImm;
  ints -= 2;
  Value src, dst;
  if (!Positional(2 + ints) || !Pointer(0, false, Memory::kMat, &src) ||
      !Pointer(1, false, left ? Memory::kLeft : Memory::kRight, &dst) || !Ints(2, ints)) {
    return false;
  }
  // PTOAS v0.60: mte_l1_l0a/b's (and their MX forms') start row and column are non-negative.
  for (size_t i = 4; at && i < 6; ++i) {
    Value v;
    if (IntTerm(positional_[i], &v) && v.is_const && v.int_value < 0) {
      ctx_.Error(positional_[i], StrCat(info_.mnemonic, "'s start ", i == 4 ? "row" : "column",
                                        " must be non-negative, got ", v.int_value));
      return false;
    }
  }
  if (src.type.dtype != dst.type.dtype) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " loads between pointers of one element type, "
                                  "got ", DTypeName(src.type.dtype), " and ",
                                  DTypeName(dst.type.dtype)));
    return false;
  }
  operands_.push_back(types_);
  if (op == Opcode::kMteL1L0a || op == Opcode::kMteL1L0b) {
    uint32_t flags = 0;
    if (auto it = attrs_.find("transpose"); it != attrs_.end()) {
      const Item* word = AttributeWord(it->second.value);
      if (!word || !(word->IsWord("true") || word->IsWord("false"))) {
        ctx_.Error(it->second.range, "transpose is true or false");
        return false;
      }
      if (word->IsWord("true")) flags |= kTranspose;
    }
    operands_.push_back(flags);
  }
  return true;
}

// The element-type combinations of mad (a, b, c): micro-isa 16 names the families.
bool MadTypesOk(DType a, DType b, DType c, bool mx) {
  auto fp8 = [](DType t) {
    return t == DType::kF8E4M3 || t == DType::kF8E5M2 || t == DType::kHiF8;
  };
  if (mx) return c == DType::kF32 && (a == DType::kF8E4M3 || a == DType::kF8E5M2) &&
                 (b == DType::kF8E4M3 || b == DType::kF8E5M2);
  if (c == DType::kF32) {
    return (a == b && (a == DType::kF16 || a == DType::kBF16 || a == DType::kF32)) ||
           (fp8(a) && fp8(b) && (a == DType::kHiF8) == (b == DType::kHiF8));
  }
  return c == DType::kI32 && a == b && (a == DType::kI8 || a == DType::kU8);
}

bool CubeLowering::Mad() {
  const Opcode op = info_.opcode;
  const bool bias = op == Opcode::kMadBias || op == Opcode::kMadMxBias;
  const bool mx = op == Opcode::kMadMx || op == Opcode::kMadMxAcc || op == Opcode::kMadMxBias;
  Value a, b, c, bt;
  if (!Positional(bias ? 7 : 6) || !Pointer(0, false, Memory::kLeft, &a) ||
      !Pointer(1, false, Memory::kRight, &b) || !Pointer(2, false, Memory::kAcc, &c) ||
      (bias && !Pointer(3, false, Memory::kBias, &bt)) || !Ints(bias ? 4 : 3, 3)) {
    return false;
  }
  const DType ta = a.type.dtype, tb = b.type.dtype, tc = c.type.dtype;
  if (!MadTypesOk(ta, tb, tc, mx)) {
    ctx_.Error(stmt_.head, StrCat(info_.mnemonic, " does not multiply ", DTypeName(ta), " x ",
                                  DTypeName(tb), " into ", DTypeName(tc),
                                  mx ? " (MX: f8E4M3FN or f8E5M2 into f32)" :
                                       " (f16, bf16, f32 or fp8/hif8 into f32; i8 into i32)"));
    return false;
  }
  if (bias && bt.type.dtype != tc) {
    ctx_.Error(positional_[3], StrCat("the bias's element type must be the destination's, ",
                                      DTypeName(tc), ", not ", DTypeName(bt.type.dtype)));
    return false;
  }
  uint32_t flags = 0;
  if (Clause* u = Take("unit_flag")) {
    uint32_t i;
    if (!OneWord(*u, {"check_only", "check_and_set"}, &i)) return false;
    flags |= (i + 1) << kMadUnitShift;
  }
  if (Flag("disable_gemv")) flags |= kDisableGemv;
  const bool sat = Flag("sat"), nosat = Flag("nosat");
  if (sat && nosat) {
    ctx_.Error(stmt_.head, "sat and nosat exclude each other");
    return false;
  }
  if ((sat || nosat) && tc == DType::kI32) {
    ctx_.Error(stmt_.head, "sat and nosat are for floating mad forms, not integer ones");
    return false;
  }
  flags |= (sat ? 1u : nosat ? 2u : 0u) << kMadSatShift;
  if (Clause* t = Take("tf32_mode")) {
    uint32_t i;
    if (!OneWord(*t, {"round_even", "round_away"}, &i)) return false;
    if (mx || ta != DType::kF32) {
      ctx_.Error(*t->word, "tf32_mode(...) is for f32 x f32 -> f32 mad only");
      return false;
    }
    flags |= (i + 1) << kTf32Shift;
  }
  if (Flag("n_dir")) flags |= kNDir;
  operands_.push_back(types_);
  operands_.push_back(flags);
  return true;
}

// get_ctrl, set_ctrl, sbitset0/1: i64 scalars in and out.
bool CubeLowering::Ctrl() {
  const size_t ins = info_.num_operands() - info_.num_outputs;
  if (!Positional(ins)) return false;
  Value result;
  if (info_.num_outputs) {
    result.cls = ValueClass::kScalar;
    result.type = ScalarType(DType::kI64);
    result.def = stmt_.head.range;
    result.reg = fb_.NewScalar(DType::kI64);
    Push(result);
  }
  if (!Ints(0, ins)) return false;
  return !info_.num_outputs || DefineResults(fb_, stmt_, {result});
}

bool CubeLowering::Run() {
  if (!Read()) return false;
  bool ok = false;
  switch (info_.family) {
    case Family::kCubeCopy:
      ok = info_.opcode == Opcode::kCreateCbufMatrix ? Fill() : Copy();
      break;
    case Family::kCubeFrac: ok = Frac(); break;
    case Family::kCubeLoad: ok = Load(); break;
    case Family::kMad: ok = Mad(); break;
    case Family::kFixpipe: ok = Fixpipe(); break;
    case Family::kCtrl: ok = Ctrl(); break;
    default: break;
  }
  if (!ok || !Leftovers() || !CheckPointerTypes()) return false;
  if (info_.family == Family::kCubeCopy && info_.opcode != Opcode::kCreateCbufMatrix) {
    // @types sits before the loop triples: move it there.
    const size_t fixed = static_cast<size_t>(info_.num_operands()) - 1;
    operands_.insert(operands_.begin() + static_cast<long>(fixed), types_);
  }
  fb_.Emit(info_.opcode, operands_, stmt_.head.range);
  return true;
}

}  // namespace cube_lowering

bool LowerCubeOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  // mte_l1_l0a_mx / _l0b_mx: the form by the operands written.
  return cube_lowering::CubeLowering(fb, ChooseForm(info, stmt), stmt).Run();
}

}  // namespace pto::assembler
