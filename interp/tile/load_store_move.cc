// The Load, Store and Move families: global memory <-> tiles (tload, tprefetch, tstore,
// tstore.fp) and tile to tile (tmov, tmov.fp).
#include <cstring>
#include <mutex>
#include <type_traits>

#include "pto/common/strings.h"
#include "pto/interp/vm/global_atomics.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/tile/fixpipe_quant.h"
#include "pto/interp/tile/tile_shared.h"
#include "pto/interp/vm/view_mapping.h"

namespace pto::interp {

// Not an anonymous namespace: the kernel templates below capture these types.
namespace view_mapping {

// Global element index of tile element (r, c) for a view mapped onto a tile (isa.md 4.14):
// row-major tiles flatten the outer dimensions into rows, column-major ones into columns.
// rows x cols is the part of the tile the move covers (the valid region, or a load's window).
struct TileMapping {
  Geometry g;
  int64_t base;
  bool row_major;
  int32_t rows = 0, cols = 0;
  // An NZ tile and a view of its 32-byte column blocks (NzBlockView): column c is in block
  // c / C0, view [b / dim1][b % dim1][r][0][c % C0].
  bool nz_blocks = false;
  // A load into an exponent tile in L1 that global memory holds in box order (PackedScaleTile).
  bool packed = false;
  PackedScale packing{TileType{}, 0, 0};
  int64_t Index(int64_t r, int64_t c) const {
    if (packed) return base + packing.Index(r, c);
    if (nz_blocks) {
      const int64_t block = c / g.dim[4];
      return base + block / g.dim[1] * g.stride[0] + block % g.dim[1] * g.stride[1] +
             r * g.stride[2] + c % g.dim[4] * g.stride[4];
    }
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

// Whether a window of rows x cols fits a move to or from \a t: the valid shape exactly, or for
// a load anything from the valid shape up to the tile's shape (PTOAS v0.60's a5 tload loads the
// whole window; docs/semantics.md "tload").
bool WindowFits(const TileRef& t, int64_t rows, int64_t cols, bool load) {
  if (rows == t.valid_rows && cols == t.valid_cols) return true;
  return load && rows >= t.valid_rows && cols >= t.valid_cols && rows <= t.type->rows &&
         cols <= t.type->cols;
}

// Whether \a v is the global image of NZ tile \a t's column blocks, as PTOAS v0.60's A5
// nz2nz tload and tstore move it: a 5-D view of blocks x blocks x rows x 1 x C0, C0 the
// elements of 32 bytes (each block, rows x C0, one burst). Sets rows and cols of the window.
bool NzBlockView(const ViewState& v, const TileType& tt, int64_t* rows, int64_t* cols) {
  const Geometry g = Pad(v);
  if (v.rank != 5 || !tt.boxed() || tt.row_major() || tt.slayout != SLayout::kRowMajor ||
      g.dim[3] != 1 || g.dim[2] <= 1 || g.dim[4] * DTypeSize(tt.dtype) != 32) {
    return false;
  }
  int64_t blocks = 0;
  *rows = g.dim[2];
  return !__builtin_mul_overflow(g.dim[0], g.dim[1], &blocks) &&
         !__builtin_mul_overflow(blocks, g.dim[4], cols);
}

// A store of a one-row valid region into a dense row-major view of as many elements (PTOAS's
// 1x32 ZZ exponent tile into a 16x2 view): the view is taken as that one row.
bool FlattensToRow(const TileRef& t, TileMapping* m, int64_t elements) {
  if (!m->row_major || t.valid_rows != 1 || t.valid_cols != elements) return false;
  int64_t step = 1;
  for (int i = kMaxViewRank - 1; i >= 0; --i) {
    if (m->g.dim[i] != 1 && m->g.stride[i] != step) return false;
    step *= m->g.dim[i];
  }
  for (int i = 0; i < kMaxViewRank; ++i) m->g.dim[i] = 1;
  m->g.dim[kMaxViewRank - 1] = elements;
  m->g.stride[kMaxViewRank - 1] = 1;
  return true;
}

// Checks that view \a v can move data to or from tile \a t and sets up the mapping.
bool MapViewToTile(Executor& ex, const ViewState& v, const TileRef& t, const std::string& vname,
                   bool load, TileMapping* m) {
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
  // A product that overflows matches no tile.
  int64_t rows = 0, cols = 0;
  m->nz_blocks = NzBlockView(v, *t.type, &rows, &cols);
  const bool overflow = !m->nz_blocks && !FoldedExtents(v, m->row_major, &rows, &cols);
  if (!overflow && !m->nz_blocks && !load && !WindowFits(t, rows, cols, load) &&
      FlattensToRow(t, m, rows * cols)) {
    rows = 1;
    cols = t.valid_cols;
  }
  if (overflow || !WindowFits(t, rows, cols, load)) {
    return ex.Fault(
        StrCat(vname, " has shape ", ShapeText(v.shape, v.rank), " (", rows, "x", cols, " as a ",
               m->row_major ? "row-major" : "column-major", " tile) but ", ex.TileName(t.reg),
               " has a valid shape of ", t.valid_rows, "x", t.valid_cols,
               load ? StrCat(" and a shape of ", t.type->rows, "x", t.type->cols) : std::string()));
  }
  m->rows = static_cast<int32_t>(rows);
  m->cols = static_cast<int32_t>(cols);
  // The DMA moves contiguous runs: rows for ND (and for NZ/ZZ boxes, whose rows are filled
  // from rows), columns for DN (and ZN).
  const TileType& tt = *t.type;
  // "an ND tile", "a DN tile"
  std::string tile = StrCat(tt.LayoutName()[0] == 'N' ? "an " : "a ", tt.LayoutName(), " tile");
  if (load && PackedScaleTile(tt)) {
    m->packed = true;
    m->packing = PackedScale(tt, rows, cols);
    // The DMA moves whole boxes: the rounded-up window must lie in the buffer.
    if (v.offset < 0 || m->packing.Bytes() > buf.elements() - v.offset) {
      return ex.Fault(StrCat(vname, ": ", tile, " of e8m0 scales loads ", m->packing.rows, "x",
                             m->packing.cols, " bytes in box order from element ", v.offset,
                             " of ", buf.name, ", which holds ", buf.elements(), " elements"));
    }
    return true;
  }
  if (m->nz_blocks) {
    if (m->g.stride[4] != 1) {
      return ex.Fault(StrCat(tile, " needs contiguous column blocks in global memory, but ",
                             vname, " has a last stride of ", m->g.stride[4]));
    }
    return CheckInBuffer(ex, v, vname.c_str());
  }
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
void FillPad(const TileRef& t, Backend backend) {
  const T pad = PadElement<T>(*t.type, backend);
  T* all = reinterpret_cast<T*>(t.base);
  if (t.type->Dense()) {
    for (int64_t i = 0; i < int64_t{t.type->rows} * t.type->cols; ++i) all[i] = pad;
    return;
  }
  for (int32_t r = 0; r < t.type->rows; ++r) {  // a window: only its own elements
    for (int32_t c = 0; c < t.type->cols; ++c) *t.At<T>(r, c) = pad;
  }
}

// Unboxed tiles move as one run per row (row-major) or column (column-major), which
// MapViewToTile has checked is contiguous in global memory too: fn(tile run, global index of
// its first element, length). Returns false for boxed tiles, which move element by element.
template <typename T, typename Fn>
bool ForContiguousRuns(const TileRef& t, const TileMapping& m, Fn fn) {
  if (t.type->slayout != SLayout::kNoneBox) return false;
  if (m.row_major) {
    if (m.cols > 1 && m.g.stride[4] != 1) return false;
    for (int32_t r = 0; r < m.rows; ++r) fn(t.At<T>(r, 0), m.Index(r, 0), m.cols);
  } else {
    if (m.rows > 1 && m.g.stride[3] != 1) return false;
    for (int32_t c = 0; c < m.cols; ++c) fn(t.At<T>(0, c), m.Index(0, c), m.rows);
  }
  return true;
}

// The tile (operand \a tile_at) and the view (operand \a view_at) a load or store moves between,
// and how the view maps onto the tile.
bool TileAndView(Executor& ex, const Instr& in, int tile_at, int view_at, TileRef* t,
                 const ViewState** v, TileMapping* m) {
  if (!ex.Tile(in.operands[tile_at], t) || !ex.View(in.operands[view_at], v)) return false;
  const bool load = tile_at == 0;  // the tile is the destination
  return MapViewToTile(ex, **v, *t, ex.ViewName(in.operands[view_at]), load, m);
}

}  // namespace view_mapping

using view_mapping::ForContiguousRuns;
using view_mapping::TileAndView;
using view_mapping::TileMapping;

template <typename Op>
bool ExecLoad(Executor& ex, const Instr& in) {
  TileRef t;
  const ViewState* view;
  TileMapping m;
  if (!TileAndView(ex, in, 0, 1, &t, &view, &m)) return false;
  const ViewState& v = *view;
  const GlobalBuffer& buf = ex.globals()[v.buffer];
  if (DTypeSize(buf.dtype) != DTypeSize(t.type->dtype)) {
    return ex.Fault(StrCat("cannot load ", DTypeName(buf.dtype), " elements into ",
                           ex.TileName(t.reg), " of ", DTypeName(t.type->dtype)));
  }
  // tprefetch is a cache hint: checked as a load, it leaves the tile alone.
  if constexpr (std::is_same_v<Op, ops::Prefetch>) return true;
  WithStorageType(t.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    if (t.type->pad != PadValue::kNull) view_mapping::FillPad<T>(t, ex.function().backend);
    const T* gm = reinterpret_cast<const T*>(buf.bytes.data());
    auto copy_in = [&](T* run, int64_t at, int32_t n) { std::memcpy(run, gm + at, n * sizeof(T)); };
    if (ForContiguousRuns<T>(t, m, copy_in)) return;
    for (int32_t r = 0; r < m.rows; ++r) {
      for (int32_t c = 0; c < m.cols; ++c) *t.At<T>(r, c) = gm[m.Index(r, c)];
    }
  });
  return true;
}

// What a tstore from acc does on its way through the fixpipe and into GM (the operands after
// the tile: a pre-quant scalar, atomicType, reluPreMode; docs/semantics.md, "tstore").
struct StoreControls {
  bool quant = false;
  QuantParam q{1.0, 0};
  bool relu = false;
  bool atomic = false;
  bool plain() const { return !quant && !relu && !atomic; }
};

// Element (r, c)'s value as the fixpipe passes it on: scaled by the pre-quant scalar and
// rounded into G, or converted into G; then the ReLU (the fixpipe's order: quant, then relu).
template <typename G, typename T>
G StoredElement(T v, const StoreControls& k) {
  G out;
  if (k.quant) {
    out = QuantElement<G, T>(v, k.q);
  } else if constexpr (sizeof(G) == sizeof(T) && Elem<G>::kFloat == Elem<T>::kFloat) {
    std::memcpy(&out, &v, sizeof(T));
  } else {
    out = CastElement<G, T>(v);
  }
  if (k.relu && Elem<G>::Load(out) < 0) out = Elem<G>::Store(0);
  return out;
}

// GM's atomic add: old + v in G (floats rounded once, integers wrap).
template <typename G>
G AtomicAdd(G old, G v) {
  if constexpr (Elem<G>::kFloat) {
    return Elem<G>::Store(Elem<G>::FromDouble(static_cast<double>(Elem<G>::Load(old)) +
                                              static_cast<double>(Elem<G>::Load(v))));
  } else {
    using U = std::make_unsigned_t<G>;
    return static_cast<G>(static_cast<U>(static_cast<U>(old) + static_cast<U>(v)));
  }
}

template <typename G, typename T>
void StoreElements(G* gm, const TileRef& t, const TileMapping& m, const StoreControls& k) {
  if constexpr (sizeof(G) == sizeof(T)) {
    if (k.plain()) {
      auto copy_out = [&](T* run, int64_t at, int32_t n) {
        std::memcpy(gm + at, run, n * sizeof(T));
      };
      if (ForContiguousRuns<T>(t, m, copy_out)) return;
    }
  }
  // Atomic adds from several blocks into one tensor must not lose updates.
  std::unique_lock<std::mutex> lock(GlobalAtomicsMutex(), std::defer_lock);
  if (k.atomic) lock.lock();
  for (int32_t r = 0; r < t.valid_rows; ++r) {
    for (int32_t c = 0; c < t.valid_cols; ++c) {
      G* to = &gm[m.Index(r, c)];
      const G v = StoredElement<G, T>(*t.At<T>(r, c), k);
      if constexpr (std::is_same_v<G, int64_t> || std::is_same_v<G, uint64_t> ||
                    std::is_same_v<G, uint8_t> || std::is_same_v<G, uint16_t> ||
                    std::is_same_v<G, uint32_t>) {
        *to = v;  // the rules allow no atomic add of these
      } else {
        *to = k.atomic ? AtomicAdd<G>(*to, v) : v;
      }
    }
  }
}

// tstore.fp: channel j scaled by element j of the fp tile.
bool StoreQuantized(Executor& ex, const Instr& in, const TileRef& t, const TileMapping& m,
                    GlobalBuffer& buf) {
  if (IsMxDType(buf.dtype)) {
    return ex.Fault(StrCat("quantising into ", DTypeName(buf.dtype), " is not modelled"));
  }
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

// The controls of a plain tstore's operands 2..4 (absent in tstore.fp).
bool ReadStoreControls(Executor& ex, const Instr& in, const TileRef& t, DType gm_type,
                       StoreControls* k) {
  k->quant = in.operands[2] != kNoOperand;
  if (k->quant) {
    if (IsMxDType(gm_type)) {
      return ex.Fault(StrCat("a pre-quant store to ", DTypeName(gm_type), " is not modelled"));
    }
    k->q = DecodeQuantParam(static_cast<uint64_t>(ex.scalar(in.operands[2]).i));
  }
  k->atomic = in.operands[3] != 0;
  k->relu = in.operands[4] != 0;
  (void)t;
  return true;
}

template <typename Op>
bool ExecStore(Executor& ex, const Instr& in) {
  constexpr bool kQuant = std::is_same_v<Op, ops::Quantized>;  // tstore.fp
  TileRef t;
  const ViewState* view;
  TileMapping m;
  if (!TileAndView(ex, in, 1, 0, &t, &view, &m)) return false;
  GlobalBuffer& buf = ex.globals()[view->buffer];
  if constexpr (kQuant) return StoreQuantized(ex, in, t, m, buf);
  // Element sizes match, except that stores from L0C convert (f32 to f16/bf16, i32 to f32).
  const DType gm_type = t.type->mem == Memory::kAcc ? buf.dtype : t.type->dtype;
  StoreControls k;
  if (!ReadStoreControls(ex, in, t, gm_type, &k)) return false;
  WithStorageType(gm_type, [&](auto gtag) {
    using G = decltype(gtag);
    WithStorageType(t.type->dtype, [&](auto ttag) {
      using T = decltype(ttag);
      StoreElements<G, T>(reinterpret_cast<G*>(buf.bytes.data()), t, m, k);
    });
  });
  return true;
}

bool MoveTargets(Executor& ex, const TileRef& d, uint32_t mode, TileRef out[2]) {
  const bool one_core = ex.core().kind == CoreKind::kWhole;
  if (one_core && mode != 1) {
    return ex.Fault("accToVecMode = single_mode_vec1 and the split modes write vector core 1's "
                    "UB, but one core runs this block and has one UB (docs/semantics.md)");
  }
  for (int core = 0; core < 2; ++core) {
    const int sub = mode == 2 ? 1 : mode == 1 ? 0 : core;
    out[core] = d;
    out[core].base = reg::CoreMemories(ex, Memory::kVec, sub).At(Memory::kVec, d.addr);
  }
  return true;
}

// Copies the intersection of the two valid regions, converting layouts, and element types
// for moves out of L0C, with the fixpipe's controls (tmov: operands 2-4; tmov.fp: 3-4).
template <typename Op>
bool ExecMove(Executor& ex, const Instr& in) {
  constexpr bool kQuant = std::is_same_v<Op, ops::Quantized>;  // tmov.fp
  if constexpr (std::is_same_v<Op, ops::ToZz>) return ExecMoveToZz(ex, in);
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  int32_t rows = std::min(d.valid_rows, a.valid_rows);
  int32_t cols = std::min(d.valid_cols, a.valid_cols);
  MoveControls k = ReadMoveControls(ex, in, kQuant ? -1 : 2, 3);
  if (kQuant) k.fp_reg = in.operands[2];
  if (k.acc_to_vec >= 3) {  // each vector core's d holds one half of a's valid region
    rows = k.acc_to_vec == 3 ? a.valid_rows : rows;
    cols = k.acc_to_vec == 4 ? a.valid_cols : cols;
    if ((k.acc_to_vec == 3 ? rows : cols) % 2 != 0) {
      return ex.Fault(StrCat("a split move needs an even number of ",
                             k.acc_to_vec == 3 ? "rows" : "columns"));
    }
  }
  return MoveBlock<kQuant>(ex, d, a, {rows, cols, 0, 0, 0, 0}, k, true);
}

#define PTO_IMPLEMENTS_Load PTO_YES
#define PTO_IMPLEMENTS_Store PTO_YES
#define PTO_IMPLEMENTS_Move PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
