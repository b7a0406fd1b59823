// The set-up of a cube <-> vector pipe: the frontend aic_/aiv_initialize_pipe and PTOAS's
// internal initialize_l2g2l_pipe (A2/A3's GM FIFO) and initialize_l2l_pipe (A5's), with
// PTOAS v0.60's rules on one set-up; the rules across statements and functions are in
// asm/pipe_contract.cc.
#include "pto/asm/lowering/operands.h"
#include "pto/asm/lowering/pipe_lowering.h"
#include "pto/asm/lowering/pipe_lowering_impl.h"
#include "pto/common/isa/fixpipe_epilogue.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// One set-up as written, before it is checked and emitted.
struct PipeSetup {
  PipeInitFact fact;
  uint32_t local_slot_num = 0;
  bool has_c2v = false, has_v2c = false, has_gm_buffer = false;
  Value c2v, v2c, gm_slots;
  Type gm_slots_type;
};

// The name of table entry \a names[code], or null if \a word names none.
template <size_t N>
bool CodeOf(const std::string_view (&names)[N], std::string_view word, uint32_t* code) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == word) {
      *code = static_cast<uint32_t>(i);
      return true;
    }
  }
  return false;
}

template <size_t N>
std::string NameList(const std::string_view (&names)[N]) {
  std::string out;
  for (std::string_view n : names) out += StrCat(out.empty() ? "" : ", ", n);
  return out;
}

// One field of #pto.acc_push_epilogue<...>: "layout = nz2nd".
bool EpilogueField(Context& ctx, ItemSpan part, FixpipeEpilogue* e) {
  if (part.size() != 2 || !part[0].Is(ItemKind::kKey) || !part[1].Is(ItemKind::kWord)) {
    ctx.Error(part, "expected 'layout = ...', 'quant = ...' or 'relu = ...'");
    return false;
  }
  std::string_view key = part[0].text, word = part[1].text;
  if (key == "layout" && CodeOf(fixpipe::kLayouts, word, &e->layout)) return true;
  if (key == "relu" && CodeOf(fixpipe::kRelus, word, &e->relu)) return true;
  if (key == "quant" && fixpipe::FindQuant(word)) {
    e->quant = static_cast<uint32_t>(fixpipe::QuantCode(word));
    return true;
  }
  if (key == "layout") {
    ctx.Error(part[1], StrCat("unknown acc_push_epilogue layout '", word, "' (one of: ",
                              NameList(fixpipe::kLayouts), ")"));
  } else if (key == "relu") {
    ctx.Error(part[1], StrCat("acc_push_epilogue's relu is no_relu or normal_relu, got '", word,
                              "'"));
  } else if (key == "quant") {
    std::string names;
    for (const fixpipe::EpilogueQuant& q : fixpipe::kEpilogueQuants) {
      names += StrCat(names.empty() ? "" : ", ", q.name);
    }
    ctx.Error(part[1], StrCat("acc_push_epilogue's quant '", word, "' is not one PTOAS "
                              "publishes (one of: ", names, ")"));
  } else {
    ctx.Error(part[0], StrCat("acc_push_epilogue has no field '", key, "'"));
  }
  return false;
}

// acc_push_epilogue = #pto.acc_push_epilogue<layout = L, quant = Q, relu = R>.
bool ParseEpilogue(Context& ctx, ItemSpan value, SourceRange range, FixpipeEpilogue* e) {
  const Item* group = nullptr;
  for (const Item& item : value) {
    if (item.IsGroup('<')) group = &item;
  }
  if (!group) {
    ctx.Error(range, "expected #pto.acc_push_epilogue<layout = ..., quant = ..., relu = ...>");
    return false;
  }
  bool seen[3] = {false, false, false};
  for (ItemSpan part : Split(group->children(), ",")) {
    if (!EpilogueField(ctx, part, e)) return false;
    seen[part[0].text == "layout" ? 0 : part[0].text == "quant" ? 1 : 2] = true;
  }
  if (!seen[0] || !seen[1] || !seen[2]) {
    ctx.Error(*group, "acc_push_epilogue needs its layout, quant and relu");
    return false;
  }
  return true;
}

// The static bytes of a view type, or 0 when a size is dynamic.
uint64_t StaticViewBytes(const Type& t) {
  uint64_t n = DTypeSize(t.dtype);
  for (int64_t d : t.shape) {
    if (d == kDynamic) return 0;
    n *= static_cast<uint64_t>(d);
  }
  return n;
}

// The rules of PTOAS's frontend verifier on the consumer buffers and the GM slots.
bool CheckBuffers(Context& ctx, const Statement& stmt, const PipeSetup& s) {
  const uint32_t dir = s.fact.dir_mask;
  auto fail = [&](std::string message) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " ", message));
    return false;
  };
  if (s.fact.gm_slot_tensor) {
    if (s.has_gm_buffer) return fail("takes gm_slot_tensor or gm_slot_buffer, not both");
    if ((s.has_c2v || s.has_v2c) && (dir != 1 || !s.has_c2v || s.has_v2c)) {
      return fail("with gm_slot_tensor and a consumer buffer (a GM-backed tile pipe) supports "
                  "only dir_mask = 1 with c2v_consumer_buf");
    }
    const uint64_t bytes = StaticViewBytes(s.gm_slots_type);
    if (bytes && bytes != s.fact.slot_size && 2 * bytes != s.fact.slot_size) {
      return fail(StrCat("has slot_size ", s.fact.slot_size, " but its gm_slot_tensor (one slot) "
                         "holds ", bytes, " bytes; slot_size is that or twice that (split "
                         "entries)"));
    }
    if (!s.has_c2v && !s.has_v2c) {
      return s.local_slot_num == 0 ||
             fail("of GM slots only (gm_slot_tensor) takes no local_slot_num");
    }
  }
  if (!s.has_c2v && !s.has_v2c) {
    return fail("needs a consumer buffer (c2v_consumer_buf or v2c_consumer_buf), or "
                "gm_slot_tensor for GM FIFO entries");
  }
  if ((dir & 1) && !s.has_c2v) return fail(StrCat("needs c2v_consumer_buf when dir_mask is ", dir));
  if ((dir & 2) && !s.has_v2c) return fail(StrCat("needs v2c_consumer_buf when dir_mask is ", dir));
  return true;
}

// The rules on slots and the fixpipe epilogue.
bool CheckSetup(FunctionBuilder& fb, const Statement& stmt, const PipeSetup& s,
                SourceRange epilogue_range) {
  Context& ctx = fb.ctx();
  const uint32_t dir = s.fact.dir_mask;
  const uint32_t slots = s.fact.slot_num ? s.fact.slot_num : (dir == 3 ? 4 : 8);
  if (s.local_slot_num && ctx.arch() == Arch::kA5) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, ": local_slot_num is for A2/A3's GM FIFO; "
                                "A5's pipes take none"));
    return false;
  }
  if (s.local_slot_num > slots) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, ": local_slot_num ", s.local_slot_num,
                                " exceeds the pipe's ", slots, " slots (dir_mask = ", dir, ")"));
    return false;
  }
  if (!CheckBuffers(ctx, stmt, s)) return false;
  if (!s.fact.epilogue) return true;
  auto fail = [&](std::string message) {
    ctx.Error(epilogue_range, StrCat("a pipe with acc_push_epilogue ", message));
    return false;
  };
  if (dir != 1) return fail("goes from the cube to the vector cores only: dir_mask = 1");
  if (!s.fact.nosplit.value_or(false)) return fail("needs nosplit = true");
  if (s.fact.c2v.kind != PipeBufferSource::Kind::kReserve &&
      s.fact.c2v.kind != PipeBufferSource::Kind::kImport) {
    return fail("needs its c2v_consumer_buf from pto.reserve_buffer or "
                "pto.import_reserved_buffer (the two functions of the pipe are paired by it)");
  }
  const fixpipe::EpilogueQuant* q = fixpipe::QuantOfCode(s.fact.epilogue->quant);
  if (q && q->a5_only && ctx.arch() != Arch::kA5) {
    return fail(StrCat("of quant ", q->name, " needs an A5 target"));
  }
  return true;
}

// Emits the set-up (the consumer buffers, then the epilogue and the GM slots when given) and
// records it among the function's pipe facts. Returns the fact's index.
size_t EmitSetup(FunctionBuilder& fb, const Statement& stmt, PipeSetup& s) {
  for (Value* v : {&s.c2v, &s.v2c}) {
    if (v->cls != ValueClass::kScalar) *v = fb.ConstantValue(DType::kI32, 0, 0);
  }
  const Opcode op = s.fact.cube ? Opcode::kInitPipeAic : Opcode::kInitPipeAiv;
  fb.Emit(op, {s.c2v.reg, s.v2c.reg, s.fact.id, s.fact.dir_mask, s.fact.slot_size,
               s.fact.slot_num, s.local_slot_num},
          stmt.head.range);
  if (s.fact.epilogue && s.fact.cube) {  // the producer's fixpipe; the consumer only receives
    const FixpipeEpilogue& e = *s.fact.epilogue;
    fb.Emit(Opcode::kPipeEpilogue, {s.fact.id, e.layout, e.quant, e.relu}, stmt.head.range);
  }
  if (s.fact.gm_slot_tensor) fb.Emit(Opcode::kPipeGmSlots, {s.gm_slots.reg, s.fact.id}, stmt.head.range);
  s.fact.def = stmt.head.range;
  s.fact.gm_slot_buffer = s.has_gm_buffer;
  s.fact.local_slot_num = s.local_slot_num;
  fb.pipe_facts().inits.push_back(s.fact);
  return fb.pipe_facts().inits.size() - 1;
}

// The attributes both kinds of set-up share: dir_mask, slot_size, slot_num, nosplit and
// acc_push_epilogue.
bool ReadCommonAttrs(Context& ctx, PipeAttrs& attrs, PipeSetup* s, SourceRange* epilogue_range) {
  if (!attrs.Immediate("dir_mask", -1, &s->fact.dir_mask) ||
      !attrs.Immediate("slot_size", -1, &s->fact.slot_size) ||
      !attrs.Immediate("slot_num", 0, &s->fact.slot_num) || !attrs.Bool("nosplit", &s->fact.nosplit)) {
    return false;
  }
  *epilogue_range = attrs.Range("acc_push_epilogue");
  s->fact.epilogue_range = *epilogue_range;
  if (!attrs.Has("acc_push_epilogue")) return true;
  FixpipeEpilogue e;
  if (!ParseEpilogue(ctx, attrs.Raw("acc_push_epilogue"), *epilogue_range, &e)) return false;
  s->fact.epilogue = e;
  return true;
}

// A consumer buffer operand: an integer, and where it comes from.
bool BufferOperand(FunctionBuilder& fb, ItemSpan term, Value* v, PipeBufferSource* source) {
  if (!IntOperand(fb, term, v)) return false;
  *source = BufferSourceOf(fb, v->reg);
  return true;
}

// gm_slot_tensor = %v : !pto.tensor_view<...>: the descriptor of one GM FIFO slot.
bool SlotTensorOperand(FunctionBuilder& fb, ItemSpan term, PipeSetup* s) {
  Resolved r;
  if (!Resolve(fb, term, DType::kInvalid, &r)) return false;
  if (r.value.cls != ValueClass::kView || r.value.type.kind != TypeKind::kTensorView) {
    fb.ctx().Error(term, StrCat("gm_slot_tensor is a !pto.tensor_view (one slot of the GM "
                                "FIFO), got ", Describe(r.value)));
    return false;
  }
  s->fact.gm_slot_tensor = true;
  s->fact.slot_dtype = r.value.type.dtype;
  s->fact.slot_shape = r.value.type.shape;
  s->gm_slots = r.value;
  s->gm_slots_type = r.value.type;
  return true;
}

// The keyed operands of the frontend set-up: c2v_consumer_buf, v2c_consumer_buf,
// gm_slot_buffer (A2/A3's GM ring, which tiles need not travel through here) and gm_slot_tensor.
bool ReadFrontendOperands(FunctionBuilder& fb, const Statement& stmt, PipeSetup* s) {
  Context& ctx = fb.ctx();
  const ItemSpan operands = PipeOperands(stmt);
  int positional = 0;
  for (ItemSpan part : OperandTerms(operands)) {
    std::string_view key = positional == 0 ? "c2v_consumer_buf" : "v2c_consumer_buf";
    if (!part.empty() && part[0].Is(ItemKind::kKey)) {
      key = part[0].text;
      part = part.subspan(1);
    } else if (positional++ > 1) {
      ctx.Error(part, "a pipe has two consumer buffers");
      return false;
    }
    if (key == "c2v_consumer_buf") {
      if (!BufferOperand(fb, part, &s->c2v, &s->fact.c2v)) return false;
      s->has_c2v = true;
    } else if (key == "v2c_consumer_buf") {
      if (!BufferOperand(fb, part, &s->v2c, &s->fact.v2c)) return false;
      s->has_v2c = true;
    } else if (key == "gm_slot_buffer") {
      Resolved r;
      if (!Resolve(fb, part, DType::kInvalid, &r)) return false;
      s->has_gm_buffer = true;
    } else if (key == "gm_slot_tensor") {
      if (!SlotTensorOperand(fb, part, s)) return false;
    } else {
      ctx.Error(part.empty() ? stmt.head.range : SpanRange(part),
                StrCat("unknown pipe operand '", key, "' (c2v_consumer_buf, v2c_consumer_buf, "
                       "gm_slot_buffer or gm_slot_tensor)"));
      return false;
    }
  }
  return true;
}

}  // namespace

// pto.aic_initialize_pipe {id = K, dir_mask = M, slot_size = N[, slot_num = S,
//     local_slot_num = L, nosplit = B, acc_push_epilogue = #pto.acc_push_epilogue<...>]}
//     (c2v_consumer_buf = %a : i32, v2c_consumer_buf = %b : i32
//      [, gm_slot_buffer = %p : T][, gm_slot_tensor = %v : !pto.tensor_view<...>])
bool LowerFrontendInit(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  PipeSetup s;
  s.fact.cube = info.opcode == Opcode::kInitPipeAic;
  PipeAttrs attrs(ctx, stmt);
  SourceRange epilogue_range;
  if (!attrs.Only({"id", "dir_mask", "slot_size", "slot_num", "local_slot_num", "nosplit",
                   "acc_push_epilogue"}) ||
      !RequireSide(fb, stmt, s.fact.cube) || !attrs.Immediate("id", 0, &s.fact.id) ||
      !ReadCommonAttrs(ctx, attrs, &s, &epilogue_range) ||
      !attrs.Immediate("local_slot_num", 0, &s.local_slot_num) ||
      !ReadFrontendOperands(fb, stmt, &s) || !CheckSetup(fb, stmt, s, epilogue_range)) {
    return false;
  }
  EmitSetup(fb, stmt, s);
  return true;
}

namespace {

// The attributes of an internal set-up, and its flag_base (0 if not written), checked.
bool InternalPipeAttrs(Context& ctx, bool gm_fifo, PipeAttrs& attrs, PipeSetup* s,
                       SourceRange* epilogue_range, uint32_t* flag_base) {
  if (!attrs.Only({"dir_mask", "slot_size", "slot_num", "local_slot_num", "flag_base", "nosplit",
                   "acc_push_epilogue", "operandSegmentSizes"}) ||
      !ReadCommonAttrs(ctx, attrs, s, epilogue_range) ||
      !attrs.Immediate("local_slot_num", 0, &s->local_slot_num) ||
      !attrs.Int("flag_base", 0, 15, 0, flag_base)) {
    return false;
  }
  if (!gm_fifo && s->local_slot_num) {
    ctx.Error(attrs.Range("local_slot_num"), "initialize_l2l_pipe takes no local_slot_num");
    return false;
  }
  if (*flag_base + (s->fact.dir_mask == 3 ? 4 : 2) > 16) {
    ctx.Error(attrs.Range("flag_base"), StrCat("flag_base ", *flag_base, " with dir_mask ",
                                               s->fact.dir_mask, " reaches past the 16 "
                                               "hardware flag ids"));
    return false;
  }
  return true;
}

// The operands: (initialize_l2g2l_pipe) the GM FIFO first, a slot tensor or a buffer; then the
// local consumer buffers, the one of the pipe's direction, then (dir_mask 3) the V2C one.
bool InternalPipeOperands(FunctionBuilder& fb, const Statement& stmt, bool gm_fifo, PipeSetup* s) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> terms = OperandTerms(PipeOperands(stmt));
  size_t next = 0;
  if (gm_fifo) {
    if (terms.empty()) {
      ctx.Error(stmt.head, "initialize_l2g2l_pipe needs its GM FIFO operand first");
      return false;
    }
    Resolved r;
    if (!Resolve(fb, terms[0], DType::kInvalid, &r)) return false;
    if (r.value.cls == ValueClass::kView && r.value.type.kind == TypeKind::kTensorView) {
      if (!SlotTensorOperand(fb, terms[0], s)) return false;
    } else {
      s->has_gm_buffer = true;
    }
    next = 1;
  }
  for (; next < terms.size(); ++next) {
    const bool first = next == (gm_fifo ? 1u : 0u);
    const bool c2v = first && s->fact.dir_mask != 2;
    if (!first && s->fact.dir_mask != 3) {
      ctx.Error(terms[next], "a one-way pipe has one local consumer buffer");
      return false;
    }
    if (!BufferOperand(fb, terms[next], c2v ? &s->c2v : &s->v2c, c2v ? &s->fact.c2v : &s->fact.v2c)) {
      return false;
    }
    (c2v ? s->has_c2v : s->has_v2c) = true;
  }
  return true;
}

}  // namespace

// %pipe = pto.initialize_l2g2l_pipe {dir_mask = M, slot_size = N, slot_num = S
//     [, local_slot_num = L, flag_base = F, nosplit = B]}(%gm : T[, %local : i32
//     [, %peer_local : i32]]) -> !pto.pipe
// %pipe = pto.initialize_l2l_pipe {dir_mask = M, slot_size = N, slot_num = S[, flag_base = F,
//     nosplit = B]}(%local : i32[, %peer_local : i32]) -> !pto.pipe
// The pipe's id (which pairs it with its peer at run time) is its flag_base, else its rank
// among the function's internal set-ups.
bool LowerInternalPipeInit(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  const bool gm_fifo = stmt.head.text == "pto.initialize_l2g2l_pipe";
  PipeSetup s;
  s.fact.internal = true;
  PipeAttrs attrs(ctx, stmt);
  SourceRange epilogue_range;
  uint32_t flag_base = 0;
  if (!InternalPipeAttrs(ctx, gm_fifo, attrs, &s, &epilogue_range, &flag_base)) return false;
  const KernelKind kind = StatementKind(fb);
  if (kind == KernelKind::kAny) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " must be inside a cube or vector kernel "
                                "function or section (its side decides the pipe's ends)"));
    return false;
  }
  s.fact.cube = kind == KernelKind::kCube;
  int internal = 0;
  for (const PipeInitFact& f : fb.pipe_facts().inits) internal += f.internal;
  s.fact.id = attrs.Has("flag_base") ? flag_base : static_cast<uint32_t>(internal);
  if (!InternalPipeOperands(fb, stmt, gm_fifo, &s)) return false;
  // Without a flag_base, the pipe's flags come from pairing it with its peer by its buffers.
  for (const PipeBufferSource* b : {&s.fact.c2v, &s.fact.v2c}) {
    if (!attrs.Has("flag_base") && b->kind == PipeBufferSource::Kind::kOther) {
      ctx.Error(stmt.head, StrCat(stmt.head.text, " without flag_base takes its local buffers "
                                  "from pto.reserve_buffer or pto.import_reserved_buffer (they "
                                  "pair it with its peer)"));
      return false;
    }
  }
  if (!CheckSetup(fb, stmt, s, epilogue_range)) return false;
  Value pipe;
  pipe.cls = ValueClass::kHandle;
  pipe.type.kind = TypeKind::kHandle;
  pipe.type.handle = HandleKind::kPipe;
  pipe.type.text = "!pto.pipe";
  pipe.reg = static_cast<uint32_t>(EmitSetup(fb, stmt, s));
  return fb.Define(stmt.results[0], pipe);
}

}  // namespace pto::assembler
