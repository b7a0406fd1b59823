// The fixpipe stores' clauses (mte_l0c_gm, mte_l0c_ub, mte_l0c_l1; micro-isa 16): dst_mode,
// unit_flag, pre_quant, pre_relu with clip, the layout, loop3, sat/nosat and GM atomics.
#include "pto/asm/lowering/cube_lowering_impl.h"

namespace pto::assembler::cube_lowering {

bool CubeLowering::Fixpipe() {
  const Opcode op = info_.opcode;
  const bool gm = op == Opcode::kMteL0cGm, ub = op == Opcode::kMteL0cUb;
  const Memory dst_mem = ub ? Memory::kVec : Memory::kMat;
  Value src, dst;
  if (!Positional(gm ? 8 : 6) || !Pointer(0, false, Memory::kAcc, &src) ||
      !Pointer(1, gm, dst_mem, &dst) || !Ints(2, gm ? 6 : 4)) {
    return false;
  }
  if (src.type.dtype != DType::kF32 && src.type.dtype != DType::kI32) {
    ctx_.Error(positional_[0], StrCat("the accumulator holds f32 or i32, not ",
                                      DTypeName(src.type.dtype)));
    return false;
  }
  uint32_t flags = 0, quant = 0;
  DType quant_type = DType::kInvalid, relu_type = DType::kInvalid;
  if ((ub && !FixpipeDstMode(&flags)) || !FixpipeUnitFlag(&flags) ||
      !FixpipePreQuant(&quant, &quant_type) || !FixpipePreRelu(&flags, &relu_type) ||
      !FixpipeLayout(&flags) || !GroupInts("loop3", 3, false) || !FixpipeSat(&flags) ||
      !FixpipeAtomic(gm, dst.type.dtype, &flags)) {
    return false;
  }
  // @types: src, dst, quant payload, relu payload.
  types_ = (types_ & 0xffffu) | (static_cast<uint32_t>(quant_type) << 16) |
           (static_cast<uint32_t>(relu_type) << 24);
  operands_.push_back(types_);
  operands_.push_back(flags);
  operands_.push_back(quant);
  return true;
}

// dst_mode(%subblock | split_m | split_n), which mte_l0c_ub needs.
bool CubeLowering::FixpipeDstMode(uint32_t* flags) {
  Clause* mode = TakeRequired("dst_mode", "%subblock | split_m | split_n");
  std::vector<ItemSpan> terms;
  if (!mode) return false;
  if (!GroupTerms(*mode, 1, 1, &terms)) return false;
  if (terms[0].size() == 1 && (terms[0][0].IsWord("split_m") || terms[0][0].IsWord("split_n"))) {
    *flags |= static_cast<uint32_t>(terms[0][0].IsWord("split_m") ? DstMode::kSplitM
                                                                   : DstMode::kSplitN)
              << kDstModeShift;
    PushNone();
    return true;
  }
  Value v;
  if (!IntTerm(terms[0], &v)) return false;
  Push(v);
  return true;
}

bool CubeLowering::FixpipeUnitFlag(uint32_t* flags) {
  if (Clause* u = Take("unit_flag")) {
    uint32_t i;
    if (!OneWord(*u, {"check_only", "check_and_clear"}, &i)) return false;
    *flags |= (i + 1) << kFixUnitShift;
  }
  return true;
}

// pre_quant(%payload, mode = M): a scalar or an fb pointer.
bool CubeLowering::FixpipePreQuant(uint32_t* quant, DType* quant_type) {
  Clause* q = Take("pre_quant");
  if (!q) {
    PushNone();
    return true;
  }
  std::vector<ItemSpan> terms;
  if (!GroupTerms(*q, 2, 2, &terms)) return false;
  const ItemSpan mode = terms[1];
  if (mode.size() != 2 || !mode[0].Is(ItemKind::kKey) || mode[0].text != "mode" ||
      !mode[1].Is(ItemKind::kWord)) {
    ctx_.Error(terms[1], "expected 'mode = <quant mode>' after the pre_quant payload");
    return false;
  }
  for (uint32_t i = 0; i < kQuantModeCount; ++i) {
    if (kQuantModes[i] == mode[1].text) *quant = i + 1;
  }
  if (!*quant) {
    ctx_.Error(mode[1], StrCat("unknown pre_quant mode '", mode[1].text, "'"));
    return false;
  }
  const bool vec = mode[1].text.ends_with("_vec");
  Value p;
  if (vec ? !PointerTerm(terms[0], false, Memory::kScaling, &p) : !ScalarTerm(terms[0], &p)) {
    return false;
  }
  if (!vec && !IsFloat(p.type.dtype)) {
    ctx_.Error(terms[0], StrCat("a scalar pre_quant payload is f16, bf16 or f32, not ",
                                Describe(p)));
    return false;
  }
  *quant_type = p.type.dtype;
  Push(p);
  return true;
}

// pre_relu([%payload, ]mode = M[, clip = %clip]): pushes the payload, then the clip.
bool CubeLowering::FixpipePreRelu(uint32_t* flags, DType* relu_type) {
  Clause* r = Take("pre_relu");
  if (!r) {
    PushNone();
    PushNone();
    return true;
  }
  uint32_t relu = 0;
  ItemSpan payload_term;
  bool has_payload = false, has_clip = false;
  Value clip;
  if (!FixpipeReluTerms(*r, &relu, &payload_term, &has_payload, &clip, &has_clip)) return false;
  Value payload;
  if (relu == 4 && !PointerTerm(payload_term, false, Memory::kScaling, &payload)) return false;
  if (relu == 3) {
    if (!ScalarTerm(payload_term, &payload)) return false;
    if (!IsFloat(payload.type.dtype)) {
      ctx_.Error(payload_term, StrCat("a scalar_relu payload is f16, bf16 or f32, not ",
                                      Describe(payload)));
      return false;
    }
  }
  if (has_payload) {
    *relu_type = payload.type.dtype;
    Push(payload);
  } else {
    PushNone();
  }
  *flags |= relu << kReluShift;
  if (has_clip) {
    Push(clip);
  } else {
    PushNone();
  }
  return true;
}

// pre_relu's terms: its mode (1 no_relu .. 4 vector_relu), the payload the scalar and vector
// modes take first, and a clip.
bool CubeLowering::FixpipeReluTerms(const Clause& clause, uint32_t* relu, ItemSpan* payload,
                                    bool* has_payload, Value* clip, bool* has_clip) {
  std::vector<ItemSpan> terms;
  if (!GroupTerms(clause, 1, 3, &terms)) return false;
  for (ItemSpan t : terms) {
    if (t.size() == 2 && t[0].Is(ItemKind::kKey) && t[0].text == "mode") {
      const std::string_view m = t[1].text;
      *relu = m == "no_relu" ? 1 : m == "normal_relu" ? 2 : m == "scalar_relu" ? 3 :
              m == "vector_relu" ? 4 : 0;
      if (!*relu) {
        ctx_.Error(t[1], "pre_relu's mode is no_relu, normal_relu, scalar_relu or vector_relu");
        return false;
      }
    } else if (t.size() == 2 && t[0].Is(ItemKind::kKey) && t[0].text == "clip") {
      if (!ScalarTerm(t.subspan(1), clip)) return false;
      *has_clip = true;
    } else if (!*has_payload && *relu == 0) {
      *payload = t;
      *has_payload = true;
    } else {
      ctx_.Error(t, "expected pre_relu([%payload, ]mode = ...[, clip = %clip])");
      return false;
    }
  }
  if (!*relu) {
    ctx_.Error(*clause.group, "pre_relu(...) needs its mode = ...");
    return false;
  }
  const bool needs = *relu == 3 || *relu == 4;
  if (needs != *has_payload) {
    ctx_.Error(*clause.group, needs ? "scalar_relu and vector_relu take a payload first"
                                    : "no_relu and normal_relu take no payload");
    return false;
  }
  return true;
}

// One of nz2nd, nz2dn(%n), nz2nz(%n).
bool CubeLowering::FixpipeLayout(uint32_t* flags) {
  uint32_t layout = 0;
  if (Flag("nz2nd")) layout = 1;
  Clause* with_count = nullptr;
  uint32_t counted = 0;
  if (Clause* c = Take("nz2dn")) {
    with_count = c, counted = 2;
  } else if (Clause* z = Take("nz2nz")) {
    with_count = z, counted = 3;
  }
  if (with_count) {
    std::vector<ItemSpan> terms;
    Value v;
    if (layout || !GroupTerms(*with_count, 1, 1, &terms) || !IntTerm(terms[0], &v)) {
      if (layout) ctx_.Error(*with_count->word, "one layout clause at most");
      return false;
    }
    layout = counted;
    Push(v);
  } else {
    PushNone();
  }
  *flags |= layout << kLayoutShift;
  return true;
}

// sat, sat(preserve_nan) or nosat.
bool CubeLowering::FixpipeSat(uint32_t* flags) {
  uint32_t sat = 0;
  if (Clause* s = Take("sat")) {
    uint32_t i;
    if (s->group && !OneWord(*s, {"preserve_nan"}, &i)) return false;
    sat = s->group ? 2 : 1;
  }
  if (Flag("nosat")) {
    if (sat) {
      ctx_.Error(stmt_.head, "sat and nosat exclude each other");
      return false;
    }
    sat = 3;
  }
  *flags |= sat << kSatShift;
  return true;
}

// atomic(type = T, op = add|max|min), mte_l0c_gm's only: T of the destination's width.
bool CubeLowering::FixpipeAtomic(bool gm, DType dst_type, uint32_t* flags) {
  Clause* a = Take("atomic");
  if (!a) return true;
  std::vector<ItemSpan> terms;
  if (!gm) {
    ctx_.Error(*a->word, "atomic(...) is for mte_l0c_gm only");
    return false;
  }
  if (!GroupTerms(*a, 2, 2, &terms)) return false;
  DType type = DType::kInvalid;
  uint32_t aop = 0;
  for (ItemSpan t : terms) {
    if (t.size() == 2 && t[0].Is(ItemKind::kKey) && t[0].text == "type") {
      const std::string_view w = t[1].text;
      type = w == "s32" ? DType::kI32 : w == "s16" ? DType::kI16 : w == "s8" ? DType::kI8
                                                                  : ParseDType(w);
    } else if (t.size() == 2 && t[0].Is(ItemKind::kKey) && t[0].text == "op") {
      aop = t[1].IsWord("add") ? 1 : t[1].IsWord("max") ? 2 : t[1].IsWord("min") ? 3 : 0;
    }
  }
  const bool type_ok = type == DType::kF32 || type == DType::kF16 || type == DType::kBF16 ||
                       type == DType::kI32 || type == DType::kI16 || type == DType::kI8;
  if (!type_ok || !aop) {
    ctx_.Error(*a->group, "expected atomic(type = f32|f16|bf16|s32|s16|s8, op = add|max|min)");
    return false;
  }
  if (DTypeSize(type) != DTypeSize(dst_type)) {
    ctx_.Error(*a->group, StrCat("the atomic type ", DTypeName(type), " is not the destination's ",
                                 DTypeName(dst_type)));
    return false;
  }
  *flags |= aop << kAtomicOpShift;
  *flags |= static_cast<uint32_t>(type) << kAtomicTypeShift;
  return true;
}

}  // namespace pto::assembler::cube_lowering
