// The Machine family: the structure of a function's run-time state (machine.h). Tiles are
// allocated and bound (%alloc_tile), tensor views made and partitioned, windows of tiles taken
// (%subview), and %return leaves with its operands' values.
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vm/view_mapping.h"

namespace pto::interp {

namespace ops {
struct AllocTile {};
struct SubView {};
struct MakeView {};
struct PartitionView {};
struct Return {};
struct TileAddress {};
struct MultiTileGet {};
struct TileValid {};
}  // namespace ops

bool BindAddress(Executor& ex, uint32_t tile_reg, int64_t addr) {
  const TileType& type = ex.function().tiles[tile_reg].type;
  std::string problem = addr < 0 ? StrCat("address ", addr, " is negative")
                                 : CheckTileAddress(type, ex.program().arch,
                                                    static_cast<uint64_t>(addr));
  if (!problem.empty()) return ex.Fault(StrCat(ex.TileName(tile_reg), ": ", problem));
  ex.tile(tile_reg).addr = static_cast<uint32_t>(addr);
  return true;
}

namespace {

bool SetValid(Executor& ex, uint32_t tile_reg, uint32_t value_reg, bool rows) {
  if (value_reg == kNoOperand) return true;
  const TileType& type = ex.function().tiles[tile_reg].type;
  int64_t v = ex.scalar(value_reg).i;
  int32_t limit = rows ? type.rows : type.cols;
  if (v < 0 || v > limit) {
    return ex.Fault(StrCat(ex.TileName(tile_reg), ": valid ", rows ? "rows" : "columns", " ", v,
                           " outside 0..", limit));
  }
  TileState& s = ex.tile(tile_reg);
  (rows ? s.valid_rows : s.valid_cols) = static_cast<int32_t>(v);
  return true;
}

// d = the window of a at (r0, c0): d steps through a's storage (its type's storage shape is
// a's; ptoas checks the types), so element (i, j) of d is element (r0 + i, c0 + j) of a when
// the window starts on a whole inner box. Its valid region lies inside a's shape and its
// static shape inside a's storage (a pto.subset window keeps a's shape, so its static shape
// may reach past a's edge; nothing outside the valid region is touched).
bool SubView(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  TileRef a;
  if (!ex.Tile(o[1], &a)) return false;
  const TileType& from = *a.type;
  const TileReg& reg = ex.function().tiles[o[0]];
  const TileType& type = reg.type;
  const int64_t r0 = ex.scalar(o[2]).i, c0 = ex.scalar(o[3]).i;
  const int64_t rows = o[4] != kNoOperand ? ex.scalar(o[4]).i : reg.valid_rows;
  const int64_t cols = o[5] != kNoOperand ? ex.scalar(o[5]).i : reg.valid_cols;
  const bool strided = !type.Dense();
  if (r0 < 0 || c0 < 0 || rows < 0 || cols < 0 || rows > type.rows || cols > type.cols ||
      r0 + rows > from.rows || c0 + cols > from.cols ||
      (strided && (r0 + type.rows > from.StorageRows() || c0 + type.cols > from.StorageCols()))) {
    return ex.Fault(StrCat("a ", rows, "x", cols, " window at (", r0, ", ", c0, ") does not fit ",
                           ex.TileName(a.reg), " (", from.rows, "x", from.cols, ")"));
  }
  if (r0 % from.InnerRows() != 0 || c0 % from.InnerCols() != 0) {
    return ex.Fault(StrCat("a window of a ", from.LayoutName(), " tile must start on a whole ",
                           from.InnerRows(), "x", from.InnerCols(), " box, not at (", r0, ", ",
                           c0, ")"));
  }
  const int64_t byte_offset = from.ElementOffset(r0, c0) * DTypeSize(from.dtype);
  if (byte_offset % kTileAlignment != 0) {
    return ex.Fault(StrCat("the window at (", r0, ", ", c0, ") starts ", byte_offset,
                           " bytes into ", ex.TileName(a.reg), ", which is not 32-byte aligned"));
  }
  TileState& d = ex.tile(o[0]);
  d.addr = a.addr + static_cast<uint32_t>(byte_offset);
  d.valid_rows = static_cast<int32_t>(rows);
  d.valid_cols = static_cast<int32_t>(cols);
  return true;
}

// d = slot k of the \a count slots that tile a's storage holds side by side (alloc_multi_tile):
// bound at a's address + k x (a's bytes / count), with the valid shape the operands give (or
// d's type's).
bool MultiTileGet(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  TileRef a;
  if (!ex.Tile(o[1], &a)) return false;
  const int64_t k = ex.scalar(o[2]).i, count = o[5];
  if (count <= 0 || k < 0 || k >= count) {
    return ex.Fault(StrCat("slot ", k, " of ", ex.TileName(a.reg), ", which has ", count,
                           " slots (0 to ", count - 1, ")"));
  }
  const int64_t stride = a.bytes() / count;
  if (!BindAddress(ex, o[0], a.addr + k * stride)) return false;
  return SetValid(ex, o[0], o[3], true) && SetValid(ex, o[0], o[4], false);
}

// A window past its view's end (PTOAS checks only static shapes; PyPTO's kernels pad rows
// this way) reads what the buffer holds there, as the NPU does: a warning while it stays in
// the buffer (an error with --check=strict), an error beyond it.
bool PartitionView(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const ViewState* view;
  if (!ex.View(o[1], &view)) return false;
  const ViewState src = *view;
  ViewState v = src;
  std::string past;
  for (int i = 0; i < src.rank; ++i) {
    if (o[2 + i] == kNoOperand || o[7 + i] == kNoOperand) {
      return ex.Fault(StrCat("the view has ", src.rank, " dimensions but dimension ", i,
                             " has no offset or size"));
    }
    int64_t off = ex.scalar(o[2 + i]).i, size = ex.scalar(o[7 + i]).i;
    if (off < 0 || size < 0 || (past.empty() && (off > src.shape[i] || size > src.shape[i] - off))) {
      past = StrCat("dimension ", i, ": offset ", off, " + size ", size,
                    " is outside the view's extent ", src.shape[i], " (view shape ",
                    view_mapping::ShapeText(src.shape, src.rank), ")");
      if (off < 0 || size < 0) return ex.Fault(past);
    }
    int64_t step;
    if (__builtin_mul_overflow(off, src.stride[i], &step) ||
        __builtin_add_overflow(v.offset, step, &v.offset)) {
      return ex.Fault(StrCat("dimension ", i, ": offset ", off, " overflows the view"));
    }
    v.shape[i] = size;
  }
  if (!past.empty()) {
    if (!view_mapping::FitsInBuffer(ex, v)) return ex.Fault(past);
    if (!ex.Suspect(StrCat(past, "; the NPU reads what ", ex.globals()[v.buffer].name,
                           " holds there"))) {
      return false;
    }
  }
  ex.view(o[0]) = v;
  return true;
}

}  // namespace

template <typename Op>
bool ExecMachine(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::AllocTile>) {
    if (o[1] != kNoOperand && !BindAddress(ex, o[0], ex.scalar(o[1]).i)) return false;
    return SetValid(ex, o[0], o[2], true) && SetValid(ex, o[0], o[3], false);
  } else if constexpr (std::is_same_v<Op, ops::MakeView>) {
    const ViewState* pointer;
    if (!ex.View(o[1], &pointer)) return false;
    const ViewState& ptr = *pointer;
    ViewState v;
    v.buffer = ptr.buffer;
    v.offset = ptr.offset;
    for (int i = 0; i < kMaxViewRank && o[2 + i] != kNoOperand; ++i) {
      if (o[7 + i] == kNoOperand) return ex.Fault(StrCat("dimension ", i, " has no stride"));
      v.shape[i] = ex.scalar(o[2 + i]).i;
      v.stride[i] = ex.scalar(o[7 + i]).i;
      if (v.shape[i] < 0) return ex.Fault(StrCat("dimension ", i, " has size ", v.shape[i]));
      v.rank = i + 1;
    }
    if (!view_mapping::CheckInBuffer(ex, v, "the tensor view")) return false;
    ex.view(o[0]) = v;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::PartitionView>) {
    return PartitionView(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::SubView>) {
    return SubView(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::MultiTileGet>) {
    return MultiTileGet(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::TileValid>) {
    TileRef t;
    if (!ex.Tile(o[1], &t)) return false;
    ex.scalar(o[0]).i = o[2] == 0 ? t.valid_rows : t.valid_cols;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::TileAddress>) {
    TileRef t;
    if (!ex.Tile(o[1], &t)) return false;
    ex.scalar(o[0]).i = t.addr;  // the repeat layer's pointer to the tile's storage
    return true;
  } else {
    static_assert(std::is_same_v<Op, ops::Return>);
    ex.Return(o, in.count);
    return true;
  }
}

#define PTO_IMPLEMENTS_Machine PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
