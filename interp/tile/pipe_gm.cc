// GM FIFO entries of a cube <-> vector pipe (PTOAS's GlobalTensor pipe entries; docs/semantics.md
// "Cube and vector cores"): the pipe's slots are views into global memory (gm_slot_tensor, slot n
// moved by n * slot_size bytes). talloc waits for a free slot and gives its view; the producer
// fills it with tstore; tpush commits it; the consumer's tpop waits for it and gives its view
// (its part for a split), which it reads with tload; tfree hands it back. The pipe carries only
// the order: each entry is a token in the block's PipeHub.
#include "pto/common/strings.h"
#include "pto/interp/tile/pipe_ops.h"

namespace pto::interp::pipe {

namespace {

// The view of GM slot \a slot of \a end, moved to \a lane's part for split \a split: the rows
// (split 1) or columns (split 2) of the part after vector core 0's, with the slot's strides.
bool SlotView(Executor& ex, const PipeEnd& end, uint32_t id, uint64_t slot, uint32_t split,
              int lane, ViewState* out) {
  if (!end.gm_slots) {
    return ex.Fault(StrCat("pipe ", id, " has no GM slots (gm_slot_tensor) on the ",
                           ex.core().Name()));
  }
  ViewState v = end.slot_view;
  const int size = DTypeSize(ex.globals()[v.buffer].dtype);
  const uint64_t bytes = slot * end.slot_size;
  if (bytes % size != 0) {
    return ex.Fault(StrCat("slot_size ", end.slot_size, " is not a whole number of ",
                           DTypeName(ex.globals()[v.buffer].dtype), " elements"));
  }
  v.offset += static_cast<int64_t>(bytes / size);
  if (lane > 0 && split != kNoSplit && v.rank >= 2) {
    const int64_t rows = v.shape[v.rank - 2], cols = v.shape[v.rank - 1];
    v.offset += split == kUpDown ? rows * cols : cols;
  }
  *out = v;
  return true;
}

// The lanes an entry travels on: both vector cores' for C2V, this vector core's for V2C.
int FirstLane(Executor& ex, PipeDir dir) {
  return dir == PipeDir::kCubeToVector ? 0 : static_cast<int>(ex.block().subblock_idx);
}
int LaneCount(PipeDir dir) { return dir == PipeDir::kCubeToVector ? kVectorCores : 1; }

bool ProducerEnd(Executor& ex, PipeDir dir, uint32_t id, PipeEnd** end) {
  const bool c2v = dir == PipeDir::kCubeToVector;
  return RequireCore(ex, c2v ? CoreKind::kCube : CoreKind::kVector) &&
         ReadyPipe(ex, id, c2v ? 1 : 2, end);
}

bool ConsumerEnd(Executor& ex, PipeDir dir, uint32_t id, PipeEnd** end) {
  const bool c2v = dir == PipeDir::kCubeToVector;
  return RequireCore(ex, c2v ? CoreKind::kVector : CoreKind::kCube) &&
         ReadyPipe(ex, id, c2v ? 1 : 2, end);
}

}  // namespace

bool BindGmSlots(Executor& ex, const Instr& in) {
  const ViewState* v;
  if (!ex.View(in.operands[0], &v)) return false;
  PipeEnd& end = ex.core().pipes[in.operands[1]];
  if (!end.ready) return ex.Fault(StrCat("pipe ", in.operands[1], " is not set up"));
  if (v->rank == 0) return ex.Fault("gm_slot_tensor is a bare pointer; give the slot a shape");
  end.gm_slots = true;
  end.slot_view = *v;
  return true;
}

// talloc_to_aiv / talloc_to_aic: operands out view, split, id.
bool AllocEntry(Executor& ex, const Instr& in, PipeDir dir) {
  const uint32_t split = in.operands[1], id = in.operands[2];
  PipeEnd* end;
  if (!ProducerEnd(ex, dir, id, &end)) return false;
  const std::string who = CoreWho(ex);
  for (int lane = FirstLane(ex, dir), n = 0; n < LaneCount(dir); ++lane, ++n) {
    std::string error;
    SyncRelease freed;
    const WaitResult r =
        ex.core().hub->WaitForRoom(id, dir, lane, end->slots, who, &error, &freed);
    if (freed) ex.core().releases_in.push_back(std::move(freed));
    if (r != WaitResult::kDone) return PipeFault(ex, r, error);
  }
  const int part = dir == PipeDir::kVectorToCube ? static_cast<int>(ex.block().subblock_idx) : 0;
  if (!SlotView(ex, *end, id, end->allocated % end->slots, split, part,
                &ex.view(in.operands[0]))) {
    return false;
  }
  ++end->allocated;
  return true;
}

// tpush_to_aiv / tpush_to_aic of a GM entry: operands view, split, id.
bool PushEntry(Executor& ex, const Instr& in, PipeDir dir) {
  const uint32_t id = in.operands[2];
  PipeEnd* end;
  if (!ProducerEnd(ex, dir, id, &end)) return false;
  const std::string who = CoreWho(ex);
  for (int lane = FirstLane(ex, dir), n = 0; n < LaneCount(dir); ++lane, ++n) {
    PipeTile token;
    token.release = ex.core().release_out;
    std::string error;
    const WaitResult r = ex.core().hub->Push(id, dir, lane, std::move(token), end->slots, who,
                                             &error);
    if (r != WaitResult::kDone) return PipeFault(ex, r, error);
  }
  return true;
}

// tpop_from_aic / tpop_from_aiv of a GM entry: operands out view, split, id.
bool PopEntry(Executor& ex, const Instr& in, PipeDir dir) {
  const uint32_t split = in.operands[1], id = in.operands[2];
  PipeEnd* end;
  if (!ConsumerEnd(ex, dir, id, &end)) return false;
  const bool c2v = dir == PipeDir::kCubeToVector;
  const int first = c2v ? static_cast<int>(ex.block().subblock_idx) : 0;
  const std::string who = CoreWho(ex);
  for (int lane = first, n = 0; n < (c2v ? 1 : kVectorCores); ++lane, ++n) {
    PipeTile token;
    std::string error;
    const WaitResult r = ex.core().hub->Pop(id, dir, lane, who, &token, &error);
    if (r != WaitResult::kDone) return PipeFault(ex, r, error);
    if (token.release) ex.core().releases_in.push_back(std::move(token.release));
  }
  if (!SlotView(ex, *end, id, end->popped % end->slots, split, c2v ? first : 0,
                &ex.view(in.operands[0]))) {
    return false;
  }
  ++end->popped;
  ++end->held;
  return true;
}

// tfree_from_aic / tfree_from_aiv of a GM entry: operands view, split, id.
bool FreeEntry(Executor& ex, const Instr& in, PipeDir dir) {
  const uint32_t id = in.operands[2];
  PipeEnd* end;
  if (!ConsumerEnd(ex, dir, id, &end)) return false;
  if (end->held == 0) return ex.Fault(StrCat("no popped entry of pipe ", id, " is left to free"));
  --end->held;
  const bool c2v = dir == PipeDir::kCubeToVector;
  const int first = c2v ? static_cast<int>(ex.block().subblock_idx) : 0;
  for (int lane = first, n = 0; n < (c2v ? 1 : kVectorCores); ++lane, ++n) {
    ex.core().hub->Free(id, dir, lane, ex.core().release_out);
  }
  return true;
}

}  // namespace pto::interp::pipe
