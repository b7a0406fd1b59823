// PTOAS v0.60's asynchronous DMA operations and their handles: comm.build_async_session,
// comm.tput_async / tget_async, comm.wait_async_event / test_async_event, and the L2 prefetch
// (make_prefetch_async_context, get_prefetch_async_session, tprefetch_async); and set_ffts.
// ptorun completes a transfer when its instruction runs, so the session, context and event are
// handles known when assembled, and a wait or test is true (docs/semantics.md "Communication
// between blocks").
#include "pto/asm/lowering/async_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/asm/lowering/pipe_lowering_impl.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// Defines result 0 of \a stmt as a handle of kind \a kind, which its written type must be.
bool DefineHandle(FunctionBuilder& fb, const Statement& stmt, HandleKind kind) {
  Type type;
  if (!ArrowType(fb.ctx(), stmt, &type)) return false;
  if (type.kind != TypeKind::kHandle || type.handle != kind) {
    fb.ctx().Error(stmt.head, StrCat(stmt.head.text, " gives ",
                                     kind == HandleKind::kAsyncSession    ? "!pto.async_session"
                                     : kind == HandleKind::kAsyncEvent    ? "!pto.async_event"
                                                                          : "!pto.prefetch_async_context",
                                     ", not '", type.text, "'"));
    return false;
  }
  Value v;
  v.cls = ValueClass::kHandle;
  v.type = type;
  return fb.Define(stmt.results[0], v);
}

// The operands of \a stmt's first parenthesised list, without their types.
std::vector<ItemSpan> ListOperands(const Statement& stmt) {
  for (const Item& item : stmt.items) {
    if (item.IsGroup('(')) return OperandTerms(item.children());
  }
  return {};
}

bool Handle(FunctionBuilder& fb, ItemSpan term, HandleKind kind, const char* what) {
  Resolved r;
  if (!Resolve(fb, term, DType::kInvalid, &r)) return false;
  if (r.value.cls != ValueClass::kHandle || r.value.type.handle != kind) {
    fb.ctx().Error(term, StrCat("expected ", what, ", got ", Describe(r.value)));
    return false;
  }
  return true;
}

// A global pointer whose elements are bytes (an SDMA workspace).
bool ByteWorkspace(FunctionBuilder& fb, ItemSpan term) {
  Resolved r;
  if (!Resolve(fb, term, DType::kInvalid, &r)) return false;
  const Type& t = r.value.type;
  if (r.value.cls != ValueClass::kView || t.kind != TypeKind::kPointer ||
      (t.dtype != DType::kI8 && t.dtype != DType::kU8)) {
    fb.ctx().Error(term, StrCat("the workspace is a global !pto.ptr of 8-bit integers, got ",
                                Describe(r.value)));
    return false;
  }
  return true;
}

// A static, flat, contiguous global view of one logical dimension (every size but the last 1).
bool FlatView(FunctionBuilder& fb, const Statement& stmt, ItemSpan term, const char* role,
              Value* out) {
  Resolved r;
  if (!Resolve(fb, term, DType::kInvalid, &r)) return false;
  const Type& t = r.value.type;
  bool flat = r.value.cls == ValueClass::kView &&
              (t.kind == TypeKind::kTensorView || t.kind == TypeKind::kPartitionView) &&
              !t.shape.empty();
  for (size_t d = 0; flat && d < t.shape.size(); ++d) {
    flat = t.shape[d] != kDynamic && (d + 1 == t.shape.size() || t.shape[d] == 1);
  }
  if (!flat) {
    fb.ctx().Error(term, StrCat(stmt.head.text, "'s ", role, " is a static, flat global view of "
                                "one dimension (such as !pto.partition_tensor_view<128xf32>), "
                                "got ", Describe(r.value)));
    return false;
  }
  *out = r.value;
  return true;
}

// The attributes of build_async_session tune the SDMA engine (its sync id, queues, channel
// group): checked as PTOAS checks them; they change no value.
bool SessionAttributes(Context& ctx, const Statement& stmt) {
  PipeAttrs attrs(ctx, stmt);
  uint32_t v;
  return attrs.Only({"sync_id", "block_bytes", "comm_block_offset", "queue_num",
                     "channel_group_idx"}) &&
         attrs.Int("sync_id", 0, 7, 0, &v) && attrs.Int("block_bytes", 1, INT32_MAX, 1, &v) &&
         attrs.Int("comm_block_offset", 0, INT32_MAX, 0, &v) &&
         attrs.Int("queue_num", 1, INT32_MAX, 1, &v) &&
         attrs.Int("channel_group_idx", 0, UINT32_MAX, 0, &v);
}

}  // namespace

// %s = pto.comm.build_async_session(%scratch, %workspace : T, !pto.ptr<i8>) {...}
//          -> !pto.async_session
bool LowerBuildAsyncSession(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> terms = ListOperands(stmt);
  if (!ExpectResults(ctx, stmt, 1) || !SessionAttributes(ctx, stmt)) return false;
  if (terms.size() != 2) {
    ctx.Error(stmt.head, "expected 'pto.comm.build_async_session(%scratch, %workspace : T, "
                         "!pto.ptr<i8>) -> !pto.async_session'");
    return false;
  }
  Resolved scratch;
  if (!Resolve(fb, terms[0], DType::kInvalid, &scratch)) return false;
  if (scratch.value.cls != ValueClass::kTile || scratch.value.type.tile.mem != Memory::kVec ||
      scratch.value.type.tile.Bytes() < 8) {
    ctx.Error(terms[0], StrCat("the session's scratch is a vec tile of at least 8 bytes, got ",
                               Describe(scratch.value)));
    return false;
  }
  return ByteWorkspace(fb, terms[1]) && DefineHandle(fb, stmt, HandleKind::kAsyncSession);
}

// %e = pto.comm.tput_async(%dst, %src, %session : T, T, !pto.async_session) -> !pto.async_event
// (tget_async alike): dst = src, done when the instruction ends.
bool LowerAsyncTransfer(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> terms = ListOperands(stmt);
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, stmt.head.text)) {
    return false;
  }
  if (terms.size() != 3) {
    ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, "(%dst, %src, %session : T, T, "
                                "!pto.async_session) -> !pto.async_event'"));
    return false;
  }
  Value dst, src;
  if (!FlatView(fb, stmt, terms[0], "dst", &dst) || !FlatView(fb, stmt, terms[1], "src", &src) ||
      !Handle(fb, terms[2], HandleKind::kAsyncSession, "an async session")) {
    return false;
  }
  if (dst.type.dtype != src.type.dtype || dst.type.shape.back() != src.type.shape.back()) {
    ctx.Error(terms[1], StrCat(stmt.head.text, " copies between views of one element type and "
                               "size: ", dst.type.text, " and ", src.type.text));
    return false;
  }
  const bool put = stmt.head.text == "pto.comm.tput_async";
  fb.Emit(put ? Opcode::kTPutAsync : Opcode::kTGetAsync, {dst.reg, src.reg}, stmt.head.range);
  return DefineHandle(fb, stmt, HandleKind::kAsyncEvent);
}

// %done = pto.comm.wait_async_event(%e, %session : ...) -> i1 (test_async_event alike): true,
// the transfer having finished with its instruction.
bool LowerAsyncEventQuery(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> terms = ListOperands(stmt);
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, stmt.head.text)) {
    return false;
  }
  if (terms.size() != 2) {
    ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, "(%event, %session : "
                                "!pto.async_event, !pto.async_session) -> i1'"));
    return false;
  }
  if (!Handle(fb, terms[0], HandleKind::kAsyncEvent, "an async event") ||
      !Handle(fb, terms[1], HandleKind::kAsyncSession, "an async session")) {
    return false;
  }
  return fb.Define(stmt.results[0], fb.ConstantValue(DType::kI1, 1, 1));
}

// %ctx = pto.make_prefetch_async_context(%workspace : !pto.ptr<i8>) -> !pto.prefetch_async_context
bool LowerPrefetchContext(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> terms = ListOperands(stmt);
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, stmt.head.text)) {
    return false;
  }
  if (terms.size() != 1) {
    ctx.Error(stmt.head, "expected 'pto.make_prefetch_async_context(%workspace : !pto.ptr<i8>)'");
    return false;
  }
  return ByteWorkspace(fb, terms[0]) && DefineHandle(fb, stmt, HandleKind::kPrefetchContext);
}

// %s = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session
bool LowerPrefetchSession(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  ItemSpan term = BeforeColon(stmt.items);
  if (!ExpectResults(ctx, stmt, 1) || term.empty() ||
      !Handle(fb, term.first(TermLength(term)), HandleKind::kPrefetchContext,
              "a prefetch context")) {
    if (term.empty()) ctx.Error(stmt.head, "expected 'pto.get_prefetch_async_session %ctx : ...'");
    return false;
  }
  return DefineHandle(fb, stmt, HandleKind::kAsyncSession);
}

// %e = pto.tprefetch_async(%src, %ctx : T, !pto.prefetch_async_context) -> !pto.async_event: a
// prefetch of the view into L2, which changes no value.
bool LowerPrefetchAsync(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> terms = ListOperands(stmt);
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, stmt.head.text)) {
    return false;
  }
  if (terms.size() != 2) {
    ctx.Error(stmt.head, "expected 'pto.tprefetch_async(%src, %ctx : T, "
                         "!pto.prefetch_async_context) -> !pto.async_event'");
    return false;
  }
  Value src;
  return FlatView(fb, stmt, terms[0], "src", &src) &&
         Handle(fb, terms[1], HandleKind::kPrefetchContext, "a prefetch context") &&
         DefineHandle(fb, stmt, HandleKind::kAsyncEvent);
}

// pto.set_ffts %p : !pto.ptr<i64>: tells the runtime where the FFTS flags live (A2/A3); the
// cross-core flags need no address here.
bool LowerSetFfts(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  ItemSpan term = BeforeColon(stmt.items);
  if (!ExpectResults(ctx, stmt, 0) || !CheckNoAttributes(ctx, stmt.items, "set_ffts")) return false;
  Resolved r;
  if (term.empty()) {
    ctx.Error(stmt.head, "expected 'pto.set_ffts %ffts : !pto.ptr<i64>'");
    return false;
  }
  if (!Resolve(fb, term.first(TermLength(term)), DType::kInvalid, &r)) return false;
  if (r.value.cls != ValueClass::kView || r.value.type.kind != TypeKind::kPointer) {
    ctx.Error(term, StrCat("set_ffts takes a global !pto.ptr, got ", Describe(r.value)));
    return false;
  }
  return true;
}

}  // namespace pto::assembler
