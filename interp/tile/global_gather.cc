// mgather / mscatter: a tile from (into) global memory through an index tile, with PTOAS
// v0.60's coalesce, out-of-range, atomic and conflict modes as pto-isa's MGather.hpp and
// MScatter.hpp apply them (docs/semantics.md "Gathers, scatters and sorts"). Every index is
// mapped and checked before anything is written, so a faulting instruction writes nothing.
#include <cstring>
#include <mutex>
#include <vector>

#include "pto/common/isa/coalesce.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/global_atomics.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

// What an index out of the table becomes: a fault, the last slot, the index modulo the
// table, or no access (mgather's zero, mscatter's skip).
enum class OutOfRange { kFault, kClamp, kWrap, kNone };

OutOfRange GatherOob(uint32_t code) {  // undefined, clamp, wrap, zero
  static constexpr OutOfRange kModes[] = {OutOfRange::kFault, OutOfRange::kClamp,
                                          OutOfRange::kWrap, OutOfRange::kNone};
  return kModes[code & 3];
}
OutOfRange ScatterOob(uint32_t code) {  // undefined, skip, clamp, wrap
  static constexpr OutOfRange kModes[] = {OutOfRange::kFault, OutOfRange::kNone,
                                          OutOfRange::kClamp, OutOfRange::kWrap};
  return kModes[code & 3];
}

// The table an instruction indexes: elements of the view's buffer from its first element on,
// `slots` entries of `width` elements (one per row, or one element each).
struct Table {
  GlobalBuffer* buf = nullptr;
  int64_t first = 0, slots = 0, width = 1;
  bool rows = false;  ///< One index per data row.
};

// Element (r, c)'s index, as the NPU reads it: a 32-bit unsigned value; per row, the index
// tile's element at storage offset r.
uint32_t RawIndex(const TileRef& idx, const Table& t, int32_t r, int32_t c) {
  const int esz = DTypeSize(idx.type->dtype);
  const int64_t at = t.rows ? r : idx.type->ElementOffset(r, c);
  int64_t v = 0;
  if (esz == 2) {
    v = idx.type->dtype == DType::kI16 ? int64_t{reinterpret_cast<int16_t*>(idx.base)[at]}
                                       : int64_t{reinterpret_cast<uint16_t*>(idx.base)[at]};
  } else {
    v = idx.type->dtype == DType::kI32 ? int64_t{reinterpret_cast<int32_t*>(idx.base)[at]}
                                       : int64_t{reinterpret_cast<uint32_t*>(idx.base)[at]};
  }
  return static_cast<uint32_t>(v);
}

// The table and index granularity of data tile \a data: elements the view reaches, or rows of
// the data's valid columns (the view's inner dimension must be that long).
bool MakeTable(Executor& ex, const Instr& in, uint32_t view_reg, const TileRef& data,
               const TileRef& idx, Table* t) {
  const ViewState* v;
  if (!ex.View(view_reg, &v)) return false;
  t->buf = &ex.globals()[v->buffer];
  if (DTypeSize(t->buf->dtype) != DTypeSize(data.type->dtype)) {
    return ex.Fault(StrCat(ex.ViewName(view_reg), " holds ", DTypeName(t->buf->dtype),
                           " elements, but ", ex.TileName(data.reg), " holds ",
                           DTypeName(data.type->dtype)));
  }
  const auto coalesce = static_cast<Coalesce>(in.operands[3]);
  const IndexGranularity g = IndexGranularityOf(*idx.type, idx.valid_rows, idx.valid_cols,
                                                data.valid_rows, data.valid_cols, coalesce);
  if (g == IndexGranularity::kNone) {
    return ex.Fault(StrCat("the index tile's valid ", idx.valid_rows, "x", idx.valid_cols,
                           " gives neither one index per row nor one per element of the ",
                           data.valid_rows, "x", data.valid_cols, " data"));
  }
  t->first = v->offset;
  const int64_t reach = ViewReach(*v, *t->buf);
  t->rows = g == IndexGranularity::kRow;
  if (!t->rows) {
    t->slots = reach;
    return true;
  }
  const int64_t inner = v->rank > 0 ? v->shape[v->rank - 1] : reach;
  if (inner != data.valid_cols) {
    return ex.Fault(StrCat("one index per row moves rows of ", data.valid_cols,
                           " elements, but the rows of ", ex.ViewName(view_reg), " hold ", inner));
  }
  t->width = inner;
  t->slots = v->rank > 1 ? v->shape[v->rank - 2] : 1;
  if (t->slots * t->width > reach) {
    return ex.Fault(StrCat(ex.ViewName(view_reg), " reaches ", reach, " elements, not ",
                           t->slots, " rows of ", t->width));
  }
  return true;
}

// The element offsets (from the buffer's start) of every (r, c) of the data's valid region in
// row-major order, -1 for no access; faults on an index out of range in the fault mode.
bool MapIndices(Executor& ex, const TileRef& data, const TileRef& idx, uint32_t view_reg,
                const Table& t, OutOfRange mode, std::vector<int64_t>* at) {
  at->clear();
  for (int32_t r = 0; r < data.valid_rows; ++r) {
    for (int32_t c = 0; c < data.valid_cols; ++c) {
      int64_t k = RawIndex(idx, t, r, c);
      if (k >= t.slots) {
        if (mode == OutOfRange::kFault || t.slots == 0) {
          const bool dn = t.rows && !idx.type->row_major();
          return ex.Fault(StrCat("index ", ex.TileName(idx.reg), "[", t.rows && !dn ? 0 : r,
                                 ", ", t.rows ? (dn ? 0 : r) : c, "] = ",
                                 static_cast<int32_t>(k), " is outside ", ex.ViewName(view_reg),
                                 " (", t.rows ? "rows" : "indices", " 0 to ", t.slots - 1,
                                 ", counted from its first element)"));
        }
        k = mode == OutOfRange::kClamp ? t.slots - 1 : mode == OutOfRange::kWrap ? k % t.slots : -1;
      }
      at->push_back(k < 0 ? -1 : t.first + k * t.width + (t.rows ? c : 0));
    }
  }
  return true;
}

// mscatter's GM atomics: old + v rounded once (integers wrap), or the larger / smaller (a NaN
// on either side is kept: docs/semantics.md).
template <typename T>
T Combine(uint32_t atomic, T old, T v) {
  using E = Elem<T>;
  const auto a = E::Load(old), b = E::Load(v);
  if (atomic == 1) {
    if constexpr (E::kFloat) {
      return E::Store(E::FromDouble(static_cast<double>(a) + static_cast<double>(b)));
    } else {
      return E::Store(ops::WrapAdd(a, b));
    }
  }
  if (a != a) return old;
  if (b != b) return v;
  return (atomic == 2 ? b > a : b < a) ? v : old;
}

}  // namespace

// mgather d | view idx @coalesce @gatherOob: d[r, c] = the table element of (r, c)'s index,
// zero where gatherOob = zero drops it.
bool GlobalGather(Executor& ex, const Instr& in) {
  TileRef d, idx;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[2], &idx)) return false;
  Table t;
  thread_local std::vector<int64_t> at;
  if (!MakeTable(ex, in, in.operands[1], d, idx, &t) ||
      !MapIndices(ex, d, idx, in.operands[1], t, GatherOob(in.operands[4]), &at)) {
    return false;
  }
  const int esz = DTypeSize(d.type->dtype);
  return WithSafeDst(ex, d, {&idx}, false, [&](const TileRef& dst) {
    size_t n = 0;
    for (int32_t r = 0; r < d.valid_rows; ++r) {
      for (int32_t c = 0; c < d.valid_cols; ++c, ++n) {
        uint8_t* to = dst.base + dst.type->ElementOffset(r, c) * esz;
        if (at[n] < 0) {
          std::memset(to, 0, esz);
        } else {
          std::memcpy(to, t.buf->bytes.data() + at[n] * esz, esz);
        }
      }
    }
    return true;
  });
}

namespace {

// Element \a k of view \a v in row-major order over its shape: its offset in the buffer.
int64_t ViewElement(const ViewState& v, int64_t k) {
  int64_t at = v.offset;
  for (int i = v.rank - 1; i >= 0; --i) {
    at += (k % v.shape[i]) * v.stride[i];
    k /= v.shape[i];
  }
  return at;
}

int64_t ViewElements(const ViewState& v) {
  int64_t n = 1;
  for (int i = 0; i < v.rank; ++i) n *= v.shape[i];
  return n;
}

// The GM index view's element \a k (row-major), read as the NPU reads it: 32 unsigned bits.
bool IndexFromView(Executor& ex, uint32_t reg, int64_t k, uint32_t* out) {
  const ViewState* v;
  if (!ex.View(reg, &v)) return false;
  const GlobalBuffer& buf = ex.globals()[v->buffer];
  if (DTypeSize(buf.dtype) != 4 || IsFloat(buf.dtype)) {
    return ex.Fault(StrCat("the index view ", ex.ViewName(reg), " holds ", DTypeName(buf.dtype),
                           ", not i32"));
  }
  // Counted first: a view with an empty dimension has no element to locate (and no divisor).
  const int64_t at = k < ViewElements(*v) ? ViewElement(*v, k) : -1;
  if (at < 0 || at >= buf.elements()) {
    return ex.Fault(StrCat("the index view ", ex.ViewName(reg), " has no element ", k));
  }
  std::memcpy(out, buf.bytes.data() + at * 4, 4);
  return true;
}

// Maps index \a k into a table of \a slots entries by the gatherOob mode: false with a fault
// (undefined mode), or *keep false when the zero mode drops it.
bool MapSlot(Executor& ex, uint32_t k, int64_t slots, OutOfRange mode, const std::string& where,
             int64_t* slot, bool* keep) {
  *keep = true;
  *slot = k;
  if (k < slots) return true;
  if (mode == OutOfRange::kFault || slots == 0) {
    return ex.Fault(StrCat("index ", where, " = ", static_cast<int32_t>(k),
                           " is outside the table (0 to ", slots - 1, ")"));
  }
  if (mode == OutOfRange::kNone) *keep = false;
  *slot = mode == OutOfRange::kClamp ? slots - 1 : k % slots;
  return true;
}

// The table element offset each index of mgather into L1 reads (-1: none, gatherOob = zero):
// one per valid row of d (rows of the table) or per element of D(d) (the table's elements).
bool MapL1Sources(Executor& ex, const Instr& in, const TileRef& d, bool rows,
                  std::vector<int64_t>* from) {
  const ViewState* table;
  if (!ex.View(in.operands[1], &table)) return false;
  const GlobalBuffer& tbuf = ex.globals()[table->buffer];
  const OutOfRange mode = GatherOob(in.operands[5]);
  const int64_t inner = table->rank > 0 ? table->shape[table->rank - 1] : 0;
  const int64_t row_stride = table->rank > 1 ? table->stride[table->rank - 2] : inner;
  const int64_t slots = rows ? (table->rank > 1 ? table->shape[table->rank - 2] : 1)
                             : ViewReach(*table, tbuf);
  if (rows && inner < d.valid_cols) {
    return ex.Fault(StrCat("one index per row moves rows of ", d.valid_cols, " elements, but the "
                           "rows of ", ex.ViewName(in.operands[1]), " hold ", inner));
  }
  from->clear();
  for (int32_t r = 0; r < d.valid_rows; ++r) {
    for (int32_t c = 0; c < (rows ? 1 : d.valid_cols); ++c) {
      uint32_t k = 0;
      int64_t slot;
      bool keep;
      if (!IndexFromView(ex, in.operands[2], rows ? r : int64_t{r} * d.valid_cols + c, &k) ||
          !MapSlot(ex, k, slots, mode, StrCat(ex.ViewName(in.operands[2]), "[", r, ", ", c, "]"),
                   &slot, &keep)) {
        return false;
      }
      from->push_back(!keep ? -1 : table->offset + (rows ? slot * row_stride : slot));
    }
  }
  return true;
}

// The elem form's scratch view, checked to hold d's storage (\a elements of d's size).
bool ScratchOf(Executor& ex, const Instr& in, const TileRef& d, int64_t elements,
               const ViewState** out) {
  const uint32_t reg = in.operands[3];
  if (reg == kNoOperand) return ex.Fault("coalesce = elem needs a scratch view");
  if (!ex.View(reg, out)) return false;
  const GlobalBuffer& sbuf = ex.globals()[(*out)->buffer];
  const int esz = DTypeSize(d.type->dtype);
  if (DTypeSize(sbuf.dtype) != esz || ViewReach(**out, sbuf) < elements) {
    return ex.Fault(StrCat("the scratch view ", ex.ViewName(reg), " needs ", elements,
                           " elements of ", esz, " bytes (", ex.TileName(d.reg), "'s storage)"));
  }
  return true;
}

}  // namespace

// mgather d | table idx [scratch] into a mat tile (pto-isa's GM -> L1 MGATHER): coalesce = row
// copies table row idx[r] into row r of D(d) (gatherOob = zero clears d's storage first, then
// skips); coalesce = elem clears d's storage, writes d[i,j] = table.flat[idx[i,j]] over D(d)
// and leaves d's storage image (its NZ bytes) in the scratch view, as the NPU stages it. Every
// index is mapped before anything is written: a faulting instruction writes nothing.
bool GlobalGatherL1(Executor& ex, const Instr& in) {
  TileRef d;
  const ViewState* table;
  if (!ex.Tile(in.operands[0], &d) || !ex.View(in.operands[1], &table)) return false;
  const GlobalBuffer& tbuf = ex.globals()[table->buffer];
  const int esz = DTypeSize(d.type->dtype);
  if (DTypeSize(tbuf.dtype) != esz) {
    return ex.Fault(StrCat(ex.ViewName(in.operands[1]), " holds ", DTypeName(tbuf.dtype),
                           " elements, but ", ex.TileName(d.reg), " holds ",
                           DTypeName(d.type->dtype)));
  }
  const bool rows = static_cast<Coalesce>(in.operands[4]) == Coalesce::kRow;
  thread_local std::vector<int64_t> from;
  const ViewState* scratch = nullptr;
  const int64_t storage = int64_t{d.type->rows} * d.type->cols;
  if (!MapL1Sources(ex, in, d, rows, &from) ||
      (!rows && !ScratchOf(ex, in, d, storage, &scratch))) {
    return false;
  }
  if (!rows || GatherOob(in.operands[5]) == OutOfRange::kNone) {
    std::memset(d.base, 0, storage * esz);
  }
  size_t n = 0;
  for (int32_t r = 0; r < d.valid_rows; ++r) {
    for (int32_t c = 0; c < (rows ? 1 : d.valid_cols); ++c, ++n) {
      if (from[n] < 0) continue;
      const uint8_t* src = tbuf.bytes.data() + from[n] * esz;
      for (int32_t e = 0; e < (rows ? d.valid_cols : 1); ++e) {
        std::memcpy(d.base + d.type->ElementOffset(r, rows ? e : c) * esz, src + e * esz, esz);
      }
    }
  }
  if (scratch) {
    std::memcpy(ex.globals()[scratch->buffer].bytes.data() + scratch->offset * esz, d.base,
                storage * esz);
  }
  return true;
}

// mscatter view | a idx @coalesce @scatterAtomicOp @scatterOob @scatterConflict: each element of
// D(a) in row-major order is written (or combined atomically) at its index's table element;
// where several land on one element the last in that order wins (scatterConflict = last, and
// our choice for default, which the NPU leaves to its threads).
bool GlobalScatter(Executor& ex, const Instr& in) {
  TileRef a, idx;
  if (!ex.Tile(in.operands[1], &a) || !ex.Tile(in.operands[2], &idx)) return false;
  Table t;
  thread_local std::vector<int64_t> at;
  if (!MakeTable(ex, in, in.operands[0], a, idx, &t) ||
      !MapIndices(ex, a, idx, in.operands[0], t, ScatterOob(in.operands[5]), &at)) {
    return false;
  }
  const uint32_t atomic = in.operands[4];
  std::unique_lock<std::mutex> lock(GlobalAtomicsMutex(), std::defer_lock);
  if (atomic != 0) lock.lock();  // an atomic never loses another block's update
  WithStorageType(a.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    T* table = reinterpret_cast<T*>(t.buf->bytes.data());
    size_t n = 0;
    for (int32_t r = 0; r < a.valid_rows; ++r) {
      for (int32_t c = 0; c < a.valid_cols; ++c, ++n) {
        if (at[n] < 0) continue;
        const T v = *a.At<T>(r, c);
        table[at[n]] = atomic == 0 ? v : Combine<T>(atomic, table[at[n]], v);
      }
    }
  });
  return true;
}

}  // namespace pto::interp
