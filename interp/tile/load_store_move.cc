// Moving data: global memory <-> tiles, tile to tile, address binding, and the structural
// operations on views and tiles.
#include <cstring>

#include "common/strings.h"
#include "interp/tile/fixpipe_quant.h"
#include "interp/tile/kernels.h"
#include "interp/view_mapping.h"

namespace pto::interp {

namespace ops {
struct AllocTile {};
struct SubView {};
struct MakeView {};
struct PartitionView {};
struct Return {};
}  // namespace ops

// Not an anonymous namespace: the kernel templates below capture these types.
namespace view_mapping {

Geometry Pad(const ViewState& v) {
  Geometry g;
  int lead = kMaxViewRank - v.rank;
  for (int i = 0; i < kMaxViewRank; ++i) {
    g.dim[i] = i < lead ? 1 : v.shape[i - lead];
    g.stride[i] = i < lead ? 0 : v.stride[i - lead];
  }
  return g;
}

std::string ShapeText(const int64_t* dims, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += StrCat(i ? "x" : "", dims[i]);
  return s;
}

enum class Reach { kNothing, kSome, kOverflow };

// Smallest and largest element index a view touches. Sizes and strides come from run-time
// values, so the arithmetic is checked.
Reach Extent(const ViewState& v, int64_t* lo, int64_t* hi) {
  *lo = *hi = v.offset;
  for (int i = 0; i < v.rank; ++i) {
    if (v.shape[i] == 0) return Reach::kNothing;
  }
  for (int i = 0; i < v.rank; ++i) {
    int64_t span;
    if (__builtin_mul_overflow(v.shape[i] - 1, v.stride[i], &span)) return Reach::kOverflow;
    int64_t* end = span < 0 ? lo : hi;
    if (__builtin_add_overflow(*end, span, end)) return Reach::kOverflow;
  }
  return Reach::kSome;
}

bool CheckInBuffer(Executor& ex, const ViewState& v, const char* what) {
  int64_t lo, hi;
  const Reach reach = Extent(v, &lo, &hi);
  if (reach == Reach::kNothing) return true;
  if (reach == Reach::kOverflow) {
    return ex.Fault(StrCat(what, " of shape ", ShapeText(v.shape, v.rank),
                           " reaches beyond any buffer (its sizes and strides overflow)"));
  }
  const GlobalBuffer& buf = ex.globals()[v.buffer];
  if (lo < 0 || hi >= buf.elements()) {
    return ex.Fault(StrCat(what, " of shape ", ShapeText(v.shape, v.rank), " reaches element ",
                           lo < 0 ? lo : hi, " of ", buf.name, ", which holds ",
                           buf.elements(), " elements"));
  }
  return true;
}

// Global element index of tile element (r, c) for a view mapped onto a tile (isa.md 4.14):
// row-major tiles flatten the outer dimensions into rows, column-major ones into columns.
struct TileMapping {
  Geometry g;
  int64_t base;
  bool row_major;
  int64_t Index(int64_t r, int64_t c) const {
    int64_t outer, inner_r = r, inner_c = c;
    if (row_major) {
      outer = r / g.dim[3];
      inner_r = r % g.dim[3];
    } else {
      outer = c / g.dim[4];
      inner_c = c % g.dim[4];
    }
    return g.Index(base, outer, inner_r, inner_c);
  }
};

// Checks that view \a v can move data to or from tile \a t and sets up the mapping.
bool MapViewToTile(Executor& ex, const ViewState& v, const TileRef& t, const std::string& vname,
                   TileMapping* m) {
  if (v.rank == 0) {
    return ex.Fault(StrCat(vname, " is a bare pointer; make a tensor view with a shape first"));
  }
  // The verifier matches element types statically; this guards the bytes the loop touches
  // (only a store from L0C converts, and it indexes global memory in its own element type).
  const GlobalBuffer& buf = ex.globals()[v.buffer];
  if (DTypeSize(buf.dtype) != DTypeSize(t.type->dtype) && t.type->mem != Memory::kAcc) {
    return ex.Fault(StrCat(vname, " points into ", buf.name, " of ", DTypeName(buf.dtype),
                           " elements, but ", ex.TileName(t.reg), " holds ",
                           DTypeName(t.type->dtype)));
  }
  m->g = Pad(v);
  m->base = v.offset;
  m->row_major = t.type->row_major();
  const int64_t* d = m->g.dim;
  int64_t rows = m->row_major ? d[0] * d[1] * d[2] * d[3] : d[3];
  int64_t cols = m->row_major ? d[4] : d[0] * d[1] * d[2] * d[4];
  if (rows != t.valid_rows || cols != t.valid_cols) {
    return ex.Fault(StrCat(vname, " has shape ", ShapeText(v.shape, v.rank), " (", rows, "x", cols,
                           " as a ", m->row_major ? "row-major" : "column-major",
                           " tile) but ", ex.TileName(t.reg), " has a valid shape of ",
                           t.valid_rows, "x", t.valid_cols));
  }
  // The DMA moves contiguous runs: rows for ND (and for NZ/ZZ boxes, whose rows are filled
  // from rows), columns for DN (and ZN).
  const TileType& tt = *t.type;
  // "an ND tile", "a DN tile"
  std::string tile = StrCat(tt.LayoutName()[0] == 'N' ? "an " : "a ", tt.LayoutName(), " tile");
  if (tt.boxed() && (d[0] != 1 || d[1] != 1 || d[2] != 1)) {
    return ex.Fault(StrCat(tile, " moves to or from a 2-D view, but ",
                           vname, " has shape ", ShapeText(v.shape, v.rank)));
  }
  bool contiguous_rows = tt.boxed() ? tt.slayout == SLayout::kRowMajor : tt.row_major();
  if (contiguous_rows && d[4] > 1 && m->g.stride[4] != 1) {
    return ex.Fault(StrCat(tile, " needs contiguous rows in global memory, but ", vname,
                           " has a column stride of ", m->g.stride[4]));
  }
  if (!contiguous_rows && d[3] > 1 && m->g.stride[3] != 1) {
    return ex.Fault(StrCat(tile, " needs contiguous columns in global memory, but ", vname,
                           " has a row stride of ", m->g.stride[3]));
  }
  return CheckInBuffer(ex, v, vname.c_str());
}

template <typename T>
void FillPad(const TileRef& t) {
  T pad;
  uint64_t bits = PadBits(t.type->pad, t.type->dtype);
  std::memcpy(&pad, &bits, sizeof(T));
  T* all = reinterpret_cast<T*>(t.base);
  for (int64_t i = 0; i < int64_t{t.type->rows} * t.type->cols; ++i) all[i] = pad;
}

// Unboxed tiles move as one run per row (row-major) or column (column-major), which
// MapViewToTile has checked is contiguous in global memory too: fn(tile run, global index of
// its first element, length). Returns false for boxed tiles, which move element by element.
template <typename T, typename Fn>
bool ForContiguousRuns(const TileRef& t, const TileMapping& m, Fn fn) {
  if (t.type->slayout != SLayout::kNoneBox) return false;
  if (m.row_major) {
    if (t.valid_cols > 1 && m.g.stride[4] != 1) return false;
    for (int32_t r = 0; r < t.valid_rows; ++r) fn(t.At<T>(r, 0), m.Index(r, 0), t.valid_cols);
  } else {
    if (t.valid_rows > 1 && m.g.stride[3] != 1) return false;
    for (int32_t c = 0; c < t.valid_cols; ++c) fn(t.At<T>(0, c), m.Index(0, c), t.valid_rows);
  }
  return true;
}

}  // namespace view_mapping

using view_mapping::ForContiguousRuns;
using view_mapping::MapViewToTile;
using view_mapping::TileMapping;

template <typename Op>
bool ExecLoad(Executor& ex, const Instr& in) {
  TileRef t;
  if (!ex.Tile(in.operands[0], &t)) return false;
  const ViewState* view;
  if (!ex.View(in.operands[1], &view)) return false;
  const ViewState& v = *view;
  TileMapping m;
  if (!MapViewToTile(ex, v, t, ex.ViewName(in.operands[1]), &m)) return false;
  const GlobalBuffer& buf = ex.globals()[v.buffer];
  if (DTypeSize(buf.dtype) != DTypeSize(t.type->dtype)) {
    return ex.Fault(StrCat("cannot load ", DTypeName(buf.dtype), " elements into ",
                           ex.TileName(t.reg), " of ", DTypeName(t.type->dtype)));
  }
  // tprefetch is a cache hint: checked as a load, it leaves the tile alone.
  if constexpr (std::is_same_v<Op, ops::Prefetch>) return true;
  WithStorageType(t.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    if (t.type->pad != PadValue::kNull) view_mapping::FillPad<T>(t);
    const T* gm = reinterpret_cast<const T*>(buf.bytes.data());
    auto copy_in = [&](T* run, int64_t at, int32_t n) { std::memcpy(run, gm + at, n * sizeof(T)); };
    if (ForContiguousRuns<T>(t, m, copy_in)) return;
    for (int32_t r = 0; r < t.valid_rows; ++r) {
      for (int32_t c = 0; c < t.valid_cols; ++c) *t.At<T>(r, c) = gm[m.Index(r, c)];
    }
  });
  return true;
}

template <typename Op>
bool ExecStore(Executor& ex, const Instr& in) {
  constexpr bool kQuant = std::is_same_v<Op, ops::Quantized>;  // tstore.fp
  TileRef t;
  if (!ex.Tile(in.operands[1], &t)) return false;
  const ViewState* view;
  if (!ex.View(in.operands[0], &view)) return false;
  const ViewState& v = *view;
  TileMapping m;
  if (!MapViewToTile(ex, v, t, ex.ViewName(in.operands[0]), &m)) return false;
  GlobalBuffer& buf = ex.globals()[v.buffer];
  if constexpr (kQuant) {
    thread_local std::vector<QuantParam> params;
    if (!LoadQuantParams(ex, in.operands[2], t.valid_cols, &params)) return false;
    bool ok = true;
    WithStorageType(buf.dtype, [&](auto gtag) {
      using G = decltype(gtag);
      WithStorageType(t.type->dtype, [&](auto ttag) {
        using T = decltype(ttag);
        if constexpr (kQuantSource<T>) {
          G* gm = reinterpret_cast<G*>(buf.bytes.data());
          for (int32_t r = 0; r < t.valid_rows; ++r) {
            for (int32_t c = 0; c < t.valid_cols; ++c) {
              gm[m.Index(r, c)] = QuantElement<G, T>(*t.At<T>(r, c), params[c]);
            }
          }
        } else {
          ok = NotQuantSource(ex, t.type->dtype);
        }
      });
    });
    return ok;
  }
  // Element sizes match, except that stores from L0C may narrow (f32 to f16/bf16).
  DType gm_type = t.type->mem == Memory::kAcc ? buf.dtype : t.type->dtype;
  WithStorageType(gm_type, [&](auto gtag) {
    using G = decltype(gtag);
    WithStorageType(t.type->dtype, [&](auto ttag) {
      using T = decltype(ttag);
      G* gm = reinterpret_cast<G*>(buf.bytes.data());
      if constexpr (sizeof(G) == sizeof(T)) {
        auto copy_out = [&](T* run, int64_t at, int32_t n) {
          std::memcpy(gm + at, run, n * sizeof(T));
        };
        if (ForContiguousRuns<T>(t, m, copy_out)) return;
      }
      for (int32_t r = 0; r < t.valid_rows; ++r) {
        for (int32_t c = 0; c < t.valid_cols; ++c) {
          if constexpr (sizeof(G) == sizeof(T)) {
            std::memcpy(&gm[m.Index(r, c)], t.At<T>(r, c), sizeof(T));
          } else {
            gm[m.Index(r, c)] = CastElement<G, T>(*t.At<T>(r, c));
          }
        }
      }
    });
  });
  return true;
}

// Copies the intersection of the two valid regions, converting layouts, and element types
// for moves out of L0C.
template <typename Op>
bool ExecMove(Executor& ex, const Instr& in) {
  constexpr bool kQuant = std::is_same_v<Op, ops::Quantized>;  // tmov.fp
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = std::min(d.valid_rows, a.valid_rows);
  const int32_t cols = std::min(d.valid_cols, a.valid_cols);
  thread_local std::vector<QuantParam> params;
  if (kQuant && !LoadQuantParams(ex, in.operands[2], cols, &params)) return false;
  bool ok = true;
  WithStorageType(d.type->dtype, [&](auto dtag) {
    using D = decltype(dtag);
    WithStorageType(a.type->dtype, [&](auto stag) {
      using S = decltype(stag);
      if constexpr (kQuant && !kQuantSource<S>) {
        ok = NotQuantSource(ex, a.type->dtype);
      } else {
        WithSafeDst(ex, d, {&a}, std::is_same_v<D, S>, [&](const TileRef& dst) {
          for (int32_t r = 0; r < rows; ++r) {
            for (int32_t c = 0; c < cols; ++c) {
              if constexpr (kQuant) {
                *dst.At<D>(r, c) = QuantElement<D, S>(*a.At<S>(r, c), params[c]);
              } else {
                *dst.At<D>(r, c) = CastElement<D, S>(*a.At<S>(r, c));
              }
            }
          }
          return true;
        });
      }
    });
  });
  return ok;
}

namespace {

bool BindAddress(Executor& ex, uint32_t tile_reg, int64_t addr) {
  const TileType& type = ex.function().tiles[tile_reg].type;
  std::string problem = addr < 0 ? StrCat("address ", addr, " is negative")
                                 : CheckTileAddress(type, ex.program().arch,
                                                    static_cast<uint64_t>(addr));
  if (!problem.empty()) return ex.Fault(StrCat(ex.TileName(tile_reg), ": ", problem));
  ex.tile(tile_reg).addr = static_cast<uint32_t>(addr);
  return true;
}

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

// d = the window of a at (r0, c0): d steps through a's storage as a does (ptoas checks the
// types), so element (i, j) of d is element (r0 + i, c0 + j) of a when the window starts on a
// whole inner box. Its valid region must lie inside a (its static shape may reach past a's
// edge, as PTOAS's same-shape windows do; nothing outside the valid region is touched).
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
  if (r0 < 0 || c0 < 0 || rows < 0 || cols < 0 || rows > type.rows || cols > type.cols ||
      r0 + rows > from.rows || c0 + cols > from.cols) {
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

}  // namespace

template <typename Op>
bool ExecBind(Executor& ex, const Instr& in) {
  return BindAddress(ex, in.operands[0], ex.scalar(in.operands[1]).i);
}

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
    const ViewState* view;
    if (!ex.View(o[1], &view)) return false;
    const ViewState src = *view;
    ViewState v = src;
    for (int i = 0; i < src.rank; ++i) {
      if (o[2 + i] == kNoOperand || o[7 + i] == kNoOperand) {
        return ex.Fault(StrCat("the view has ", src.rank, " dimensions but dimension ", i,
                               " has no offset or size"));
      }
      int64_t off = ex.scalar(o[2 + i]).i, size = ex.scalar(o[7 + i]).i;
      if (off < 0 || size < 0 || off > src.shape[i] || size > src.shape[i] - off) {
        return ex.Fault(StrCat("dimension ", i, ": offset ", off, " + size ", size,
                               " is outside the view's extent ", src.shape[i], " (view shape ",
                               view_mapping::ShapeText(src.shape, src.rank), ")"));
      }
      int64_t step;
      if (__builtin_mul_overflow(off, src.stride[i], &step) ||
          __builtin_add_overflow(v.offset, step, &v.offset)) {
        return ex.Fault(StrCat("dimension ", i, ": offset ", off, " overflows the view"));
      }
      v.shape[i] = size;
    }
    ex.view(o[0]) = v;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::SubView>) {
    return SubView(ex, in);
  } else {
    static_assert(std::is_same_v<Op, ops::Return>);
    ex.Return(o, in.count);
    return true;
  }
}

#define PTO_IMPLEMENTS_Load PTO_YES
#define PTO_IMPLEMENTS_Store PTO_YES
#define PTO_IMPLEMENTS_Move PTO_YES
#define PTO_IMPLEMENTS_Bind PTO_YES
#define PTO_IMPLEMENTS_Machine PTO_YES
#include "interp/instantiate.inc"

}  // namespace pto::interp
