// The cube <-> vector pipes: initialize_pipe, tpush, tpop and tfree of tile entries, and the
// dispatch of the Pipe family (docs/semantics.md, "Cube and vector cores"). Tiles travel in
// logical order through the block's PipeHub; a popped tile lands in the consumer's pipe buffer,
// slot after slot.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/tile/pipe_ops.h"

namespace pto::interp {

namespace ops {
struct InitPipeAic {};
struct InitPipeAiv {};
struct TPushToAiv {};
struct TPushToAic {};
struct TPopFromAic {};
struct TPopFromAiv {};
struct TFreeFromAic {};
struct TFreeFromAiv {};
struct PipeEpilogue {};
struct SetQuantScalar {};
struct SetQuantVector {};
struct PipeGmSlots {};
struct TAllocToAiv {};
struct TAllocToAic {};
struct TPushEntryToAiv {};
struct TPushEntryToAic {};
struct TPopEntryFromAic {};
struct TPopEntryFromAiv {};
struct TFreeEntryFromAic {};
struct TFreeEntryFromAiv {};
struct TPushToAicSub {};
struct TPopFromAicSub {};
}  // namespace ops

namespace pipe {

std::string CoreWho(Executor& ex) {
  std::string name = ex.core().Name();
  return name.empty() ? "this core" : name;
}

bool RequireCore(Executor& ex, CoreKind kind) {
  Core& core = ex.core();
  if (!core.hub) {
    return ex.Fault("pipes join the cube and vector cores of a block, but this run has no "
                    "separate cores");
  }
  if (core.kind != kind) {
    return ex.Fault(StrCat("runs on the ", kind == CoreKind::kCube ? "cube core" : "vector cores",
                           ", not on the ", core.Name(), " (mark its function with "
                           "pto.kernel_kind or put it in a pto.section)"));
  }
  return true;
}

bool PipeFault(Executor& ex, WaitResult result, const std::string& error) {
  ex.core().stopped = result == WaitResult::kStopped;
  return ex.Fault(error);
}

bool ReadyPipe(Executor& ex, uint32_t id, uint32_t dir_bit, PipeEnd** end) {
  *end = &ex.core().pipes[id];
  if (!(*end)->ready) {
    return ex.Fault(StrCat("pipe ", id, " is not set up on the ", ex.core().Name(),
                           "; run aic_initialize_pipe / aiv_initialize_pipe first"));
  }
  if (!((*end)->dir_mask & dir_bit)) {
    return ex.Fault(StrCat("pipe ", id, " was set up with dir_mask = ", (*end)->dir_mask,
                           ", which does not include ",
                           dir_bit == 1 ? "cube to vector (1)" : "vector to cube (2)"));
  }
  return true;
}

}  // namespace pipe

namespace {

using namespace pipe;  // NOLINT: this file is the family's own

// The rows [r0, r0+rows) x cols [c0, c0+cols) of \a t, in logical order.
PipeTile Piece(const TileRef& t, int32_t r0, int32_t c0, int32_t rows, int32_t cols) {
  PipeTile p;
  p.dtype = t.type->dtype;
  p.rows = rows;
  p.cols = cols;
  const int size = DTypeSize(p.dtype);
  p.data.resize(static_cast<size_t>(rows) * cols * size);
  for (int32_t r = 0; r < rows; ++r) {
    for (int32_t c = 0; c < cols; ++c) {
      std::memcpy(&p.data[(static_cast<size_t>(r) * cols + c) * size],
                  t.base + t.type->ElementOffset(r0 + r, c0 + c) * size, size);
    }
  }
  return p;
}

bool InitPipe(Executor& ex, const Instr& in, CoreKind side) {
  if (!RequireCore(ex, side)) return false;
  const uint32_t* o = in.operands;
  PipeEnd& end = ex.core().pipes[o[2]];
  end = PipeEnd{};
  end.ready = true;
  end.c2v_buffer = static_cast<uint32_t>(ex.scalar(o[0]).i);
  end.v2c_buffer = static_cast<uint32_t>(ex.scalar(o[1]).i);
  end.dir_mask = o[3];
  end.slot_size = o[4];
  // PTOAS's defaults: 8 slots one way, 4 each way when the pipe runs both ways.
  end.slots = o[5] ? o[5] : (end.dir_mask == 3 ? 4 : 8);
  end.local_slots = o[6] ? o[6] : end.slots;
  return true;
}

// Pushes \a piece onto \a lane's queue with the step's release (ptorun --check), keeping the
// release of the free that made room for it.
bool PushPiece(Executor& ex, uint32_t id, PipeDir dir, int lane, PipeTile piece,
               uint32_t slots, const std::string& who) {
  std::string error;
  piece.release = ex.core().release_out;
  SyncRelease freed;
  const WaitResult r =
      ex.core().hub->Push(id, dir, lane, std::move(piece), slots, who, &error, &freed);
  if (freed) ex.core().releases_in.push_back(std::move(freed));
  return r == WaitResult::kDone || PipeFault(ex, r, error);
}

// The rows (or columns) of split half \a lane of \a n: halves of an even count; for the odd
// splits vector core 0 takes the larger part.
void HalfOf(int32_t n, int lane, int32_t* first, int32_t* count) {
  const int32_t upper = (n + 1) / 2;
  *first = lane ? upper : 0;
  *count = lane ? n - upper : upper;
}

// The part of \a t's valid region that split \a split gives vector core \a lane.
PipeTile SplitPiece(const TileRef& t, uint32_t split, int lane) {
  const int32_t rows = t.valid_rows, cols = t.valid_cols;
  int32_t first, count;
  switch (split) {
    case kUpDown:
    case kUpDownOdd:
      HalfOf(rows, lane, &first, &count);
      return Piece(t, first, 0, count, cols);
    case kLeftRight:
    case kLeftRightOdd:
      HalfOf(cols, lane, &first, &count);
      return Piece(t, 0, first, rows, count);
    default:
      return Piece(t, 0, 0, rows, cols);
  }
}

// tpush_to_aiv / tpush_to_aic [as vector core %sid]: operands tile[, sid], split, id.
bool Push(Executor& ex, const Instr& in, PipeDir dir, bool with_subblock) {
  const bool to_vector = dir == PipeDir::kCubeToVector;
  if (!RequireCore(ex, to_vector ? CoreKind::kCube : CoreKind::kVector)) return false;
  const int at = with_subblock ? 2 : 1;
  const uint32_t split = in.operands[at], id = in.operands[at + 1];
  PipeEnd* end;
  if (!ReadyPipe(ex, id, to_vector ? 1 : 2, &end)) return false;
  TileRef t;
  if (!ex.Tile(in.operands[0], &t)) return false;
  // (Through a fixpipe the slot holds the converted entry, which the pop checks.)
  if (t.bytes() > end->slot_size && !(to_vector && end->fixpipe.on)) {
    return ex.Fault(StrCat(ex.TileName(t.reg), " takes ", t.bytes(), " bytes but pipe ", id,
                           "'s slots hold ", end->slot_size, " (slot_size is the whole tile, "
                           "before any split)"));
  }
  // The valid region travels; a split gives each vector core its part of it.
  const int32_t rows = t.valid_rows, cols = t.valid_cols;
  const bool by_rows = split == kUpDown || split == kUpDownOdd;
  const int32_t n = by_rows ? rows : cols;
  if (split != kNoSplit && (n % 2 != 0) != (split >= kUpDownOdd)) {
    return ex.Fault(StrCat("split ", split, " cannot halve the ", rows, "x", cols,
                           " valid region of ", ex.TileName(t.reg), ": it needs an ",
                           split >= kUpDownOdd ? "odd" : "even", " number of ",
                           by_rows ? "rows" : "columns"));
  }
  const std::string who = CoreWho(ex);
  if (!to_vector) {
    int64_t lane = ex.block().subblock_idx;
    if (with_subblock) lane = ex.scalar(in.operands[1]).i;
    if (lane != 0 && lane != 1) return ex.Fault(StrCat("aiv_subblockid ", lane, " (0 or 1)"));
    return PushPiece(ex, id, dir, static_cast<int>(lane), Piece(t, 0, 0, rows, cols), end->slots,
                     who);
  }
  std::shared_ptr<const PipeQuant> quant;
  if (end->fixpipe.on && !MakeQuant(ex, *end, id, cols, &quant)) return false;
  for (int lane = 0; lane < kVectorCores; ++lane) {
    PipeTile piece = SplitPiece(t, split, lane);
    piece.quant = quant;
    if (!PushPiece(ex, id, dir, lane, std::move(piece), end->slots, who)) return false;
  }
  return true;
}

// Joins the halves the two vector cores pushed into the tile the cube pops: the upper (or
// left) half from vector core 0, the other from vector core 1.
bool Join(Executor& ex, std::vector<PipeTile>& parts, uint32_t split, PipeTile* whole) {
  if (split == kNoSplit) {  // each vector core sent the whole tile; vector core 0's is used
    *whole = std::move(parts[0]);
    return true;
  }
  const bool rows_split = split == kUpDown;
  const PipeTile& a = parts[0];
  const PipeTile& b = parts[1];
  if (a.dtype != b.dtype || (rows_split ? a.cols != b.cols : a.rows != b.rows)) {
    return ex.Fault(StrCat("the vector cores pushed halves that do not join: ", a.rows, "x",
                           a.cols, " ", DTypeName(a.dtype), " and ", b.rows, "x", b.cols, " ",
                           DTypeName(b.dtype)));
  }
  whole->dtype = a.dtype;
  whole->rows = rows_split ? a.rows + b.rows : a.rows;
  whole->cols = rows_split ? a.cols : a.cols + b.cols;
  const int size = DTypeSize(whole->dtype);
  whole->data.resize(static_cast<size_t>(whole->rows) * whole->cols * size);
  for (int lane = 0; lane < kVectorCores; ++lane) {
    const PipeTile& p = parts[lane];
    for (int32_t r = 0; r < p.rows; ++r) {
      int32_t wr = rows_split && lane ? a.rows + r : r;
      int32_t wc = !rows_split && lane ? a.cols : 0;
      std::memcpy(&whole->data[(static_cast<size_t>(wr) * whole->cols + wc) * size],
                  &p.data[static_cast<size_t>(r) * p.cols * size],
                  static_cast<size_t>(p.cols) * size);
    }
  }
  return true;
}

// Copies the delivered \a tile's top-left \a rows x \a cols into \a bytes (a tile of
// \a type), through the fixpipe's conversion when the tile passed one.
bool Deliver(Executor& ex, const PipeTile& tile, const TileType& type, int32_t rows,
             int32_t cols, uint8_t* bytes) {
  const int size = DTypeSize(type.dtype);
  for (int32_t r = 0; r < rows; ++r) {
    for (int32_t c = 0; c < cols; ++c) {
      uint8_t* to = bytes + type.ElementOffset(r, c) * size;
      if (tile.quant) {
        if (!StoreQuantized(ex, tile, r, c, type.dtype, to)) return false;
      } else {
        std::memcpy(to, &tile.data[(static_cast<size_t>(r) * tile.cols + c) * size], size);
      }
    }
  }
  return true;
}

// tpop_from_aic / tpop_from_aiv [as vector core %sid]: operands dst[, sid], valid rows, valid
// cols, split, id.
bool Pop(Executor& ex, const Instr& in, PipeDir dir, bool with_subblock) {
  const bool to_vector = dir == PipeDir::kCubeToVector;
  if (!RequireCore(ex, to_vector ? CoreKind::kVector : CoreKind::kCube)) return false;
  const uint32_t* o = in.operands + (with_subblock ? 1 : 0);
  const uint32_t dst = in.operands[0], split = o[3], id = o[4];
  PipeEnd* end;
  if (!ReadyPipe(ex, id, to_vector ? 1 : 2, &end)) return false;
  std::string error;
  const std::string who = CoreWho(ex);
  PipeTile tile;
  if (to_vector) {
    int64_t lane = ex.block().subblock_idx;
    if (with_subblock) lane = ex.scalar(in.operands[1]).i;
    if (lane != 0 && lane != 1) return ex.Fault(StrCat("aiv_subblockid ", lane, " (0 or 1)"));
    WaitResult r = ex.core().hub->Pop(id, dir, static_cast<int>(lane), who, &tile, &error);
    if (r != WaitResult::kDone) return PipeFault(ex, r, error);
    if (tile.release) ex.core().releases_in.push_back(std::move(tile.release));
  } else {
    std::vector<PipeTile> parts(kVectorCores);
    for (int lane = 0; lane < kVectorCores; ++lane) {
      WaitResult r = ex.core().hub->Pop(id, dir, lane, who, &parts[lane], &error);
      if (r != WaitResult::kDone) return PipeFault(ex, r, error);
      if (parts[lane].release) ex.core().releases_in.push_back(std::move(parts[lane].release));
    }
    if (!Join(ex, parts, split, &tile)) return false;
  }
  const TileType& type = ex.function().tiles[dst].type;
  if (type.dtype != tile.dtype && !tile.quant) {
    return ex.Fault(StrCat("the pipe delivers ", DTypeName(tile.dtype), " elements but ",
                           ex.TileName(dst), " holds ", DTypeName(type.dtype)));
  }
  // Like a load from the slot: the popped tile takes the top-left part that fits its shape.
  const int32_t rows = std::min(tile.rows, type.rows), cols = std::min(tile.cols, type.cols);
  if (type.Bytes() > end->slot_size) {
    return ex.Fault(StrCat(ex.TileName(dst), " needs ", type.Bytes(), " bytes but pipe ", id,
                           "'s slots hold ", end->slot_size));
  }
  const uint64_t base = to_vector ? end->c2v_buffer : end->v2c_buffer;
  const uint64_t addr = base + (end->popped % end->local_slots) * end->slot_size;
  const std::string placement = CheckTileAddress(type, ex.program().arch, addr);
  if (!placement.empty()) {
    return ex.Fault(StrCat("slot ", end->popped % end->local_slots, " of pipe ", id, ": ",
                           placement));
  }
  TileState& s = ex.tile(dst);
  s.addr = static_cast<uint32_t>(addr);
  s.valid_rows = o[1] == kNoOperand ? rows : static_cast<int32_t>(ex.scalar(o[1]).i);
  s.valid_cols = o[2] == kNoOperand ? cols : static_cast<int32_t>(ex.scalar(o[2]).i);
  if (s.valid_rows < 0 || s.valid_rows > type.rows || s.valid_cols < 0 ||
      s.valid_cols > type.cols) {
    return ex.Fault(StrCat("valid shape ", s.valid_rows, "x", s.valid_cols, " outside ",
                           type.rows, "x", type.cols));
  }
  if (!Deliver(ex, tile, type, rows, cols, ex.local().At(type.mem, addr))) return false;
  ++end->popped;
  ++end->held;
  return true;
}

bool Free(Executor& ex, const Instr& in, PipeDir dir) {
  const bool to_vector = dir == PipeDir::kCubeToVector;
  if (!RequireCore(ex, to_vector ? CoreKind::kVector : CoreKind::kCube)) return false;
  const uint32_t id = in.operands[1];
  PipeEnd* end;
  if (!ReadyPipe(ex, id, to_vector ? 1 : 2, &end)) return false;
  if (end->held == 0) {
    return ex.Fault(StrCat("no popped tile of pipe ", id, " is left to free"));
  }
  --end->held;
  if (to_vector) {
    ex.core().hub->Free(id, dir, static_cast<int>(ex.block().subblock_idx),
                        ex.core().release_out);
  } else {
    for (int lane = 0; lane < kVectorCores; ++lane) {
      ex.core().hub->Free(id, dir, lane, ex.core().release_out);
    }
  }
  return true;
}

// Both families run here: the spelled pipe instructions and the rows their lowering emits.
template <typename Op>
bool RunPipeRow(Executor& ex, const Instr& in) {
  constexpr PipeDir kC2V = PipeDir::kCubeToVector, kV2C = PipeDir::kVectorToCube;
  if constexpr (std::is_same_v<Op, ops::InitPipeAic>) return InitPipe(ex, in, CoreKind::kCube);
  if constexpr (std::is_same_v<Op, ops::InitPipeAiv>) return InitPipe(ex, in, CoreKind::kVector);
  if constexpr (std::is_same_v<Op, ops::TPushToAiv>) return Push(ex, in, kC2V, false);
  if constexpr (std::is_same_v<Op, ops::TPushToAic>) return Push(ex, in, kV2C, false);
  if constexpr (std::is_same_v<Op, ops::TPushToAicSub>) return Push(ex, in, kV2C, true);
  if constexpr (std::is_same_v<Op, ops::TPopFromAic>) return Pop(ex, in, kC2V, false);
  if constexpr (std::is_same_v<Op, ops::TPopFromAiv>) return Pop(ex, in, kV2C, false);
  if constexpr (std::is_same_v<Op, ops::TPopFromAicSub>) return Pop(ex, in, kC2V, true);
  if constexpr (std::is_same_v<Op, ops::TFreeFromAic>) return Free(ex, in, kC2V);
  if constexpr (std::is_same_v<Op, ops::TFreeFromAiv>) return Free(ex, in, kV2C);
  if constexpr (std::is_same_v<Op, ops::PipeEpilogue>) return SetEpilogue(ex, in);
  if constexpr (std::is_same_v<Op, ops::SetQuantScalar>) return SetQuantScalar(ex, in);
  if constexpr (std::is_same_v<Op, ops::SetQuantVector>) return SetQuantVector(ex, in);
  if constexpr (std::is_same_v<Op, ops::PipeGmSlots>) return BindGmSlots(ex, in);
  if constexpr (std::is_same_v<Op, ops::TAllocToAiv>) return AllocEntry(ex, in, kC2V);
  if constexpr (std::is_same_v<Op, ops::TAllocToAic>) return AllocEntry(ex, in, kV2C);
  if constexpr (std::is_same_v<Op, ops::TPushEntryToAiv>) return PushEntry(ex, in, kC2V);
  if constexpr (std::is_same_v<Op, ops::TPushEntryToAic>) return PushEntry(ex, in, kV2C);
  if constexpr (std::is_same_v<Op, ops::TPopEntryFromAic>) return PopEntry(ex, in, kC2V);
  if constexpr (std::is_same_v<Op, ops::TPopEntryFromAiv>) return PopEntry(ex, in, kV2C);
  if constexpr (std::is_same_v<Op, ops::TFreeEntryFromAic>) return FreeEntry(ex, in, kC2V);
  if constexpr (std::is_same_v<Op, ops::TFreeEntryFromAiv>) return FreeEntry(ex, in, kV2C);
  return false;
}

}  // namespace

template <typename Op>
bool ExecPipe(Executor& ex, const Instr& in) {
  return RunPipeRow<Op>(ex, in);
}

template <typename Op>
bool ExecPipeForm(Executor& ex, const Instr& in) {
  return RunPipeRow<Op>(ex, in);
}

#define PTO_IMPLEMENTS_Pipe PTO_YES
#define PTO_IMPLEMENTS_PipeForm PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
