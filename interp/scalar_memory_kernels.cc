// Scalars in global memory, pointer arithmetic, view and block queries, tile reinterpretation,
// printing and synchronisation.
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "common/strings.h"
#include "interp/tile/kernels.h"

namespace pto::interp {

namespace ops {
struct LoadScalar {};
struct StoreScalar {};
struct AddPtr {};
struct GetViewDim {};
struct BlockInfo {};
struct DeclareLocalArray {};
struct LocalArrayGet {};
struct LocalArraySet {};
}  // namespace ops

namespace {

// The element index p[k] refers to, after checking it lies in the buffer.
bool ElementIndex(Executor& ex, uint32_t view_reg, int64_t k, int64_t* index) {
  const ViewState* view;
  if (!ex.View(view_reg, &view)) return false;
  const ViewState& v = *view;
  const GlobalBuffer& buf = ex.globals()[v.buffer];
  *index = v.offset + k;
  if (*index < 0 || *index >= buf.elements()) {
    return ex.Fault(StrCat(ex.ViewName(view_reg), "[", k, "] is element ", *index, " of ",
                           buf.name, ", which holds ", buf.elements(), " elements"));
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecMemory(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::DeclareLocalArray>) {
    ex.local_array(o[0]).assign(o[1], Slot{0});  // each execution makes a fresh array
    return true;
  } else if constexpr (std::is_same_v<Op, ops::LocalArrayGet> ||
                       std::is_same_v<Op, ops::LocalArraySet>) {
    constexpr bool kGet = std::is_same_v<Op, ops::LocalArrayGet>;
    std::vector<Slot>& array = ex.local_array(o[2]);
    const int64_t k = ex.scalar(kGet ? o[1] : o[0]).i;
    if (array.empty()) return ex.Fault("the local array is used before its declaration runs");
    if (k < 0 || k >= static_cast<int64_t>(array.size())) {
      return ex.Fault(StrCat("index ", k, " is outside the local array of ", array.size(),
                             " elements"));
    }
    if constexpr (kGet) {
      ex.scalar(o[0]) = array[k];
    } else {
      array[k] = ex.scalar(o[1]);
    }
    return true;
  } else if constexpr (std::is_same_v<Op, ops::LoadScalar> ||
                       std::is_same_v<Op, ops::StoreScalar>) {
    constexpr bool kLoad = std::is_same_v<Op, ops::LoadScalar>;
    const uint32_t view = kLoad ? o[1] : o[0];
    const uint32_t k = kLoad ? o[2] : o[1];
    const uint32_t value = kLoad ? o[0] : o[2];
    int64_t index;
    if (!ElementIndex(ex, view, ex.scalar(k).i, &index)) return false;
    GlobalBuffer& buf = ex.globals()[ex.view(view).buffer];
    uint8_t* at = buf.bytes.data() + index * DTypeSize(buf.dtype);
    WithStorageType(buf.dtype, [&](auto tag) {
      using T = decltype(tag);
      using E = Elem<T>;
      Slot& s = ex.scalar(value);
      if constexpr (kLoad) {
        T v;
        std::memcpy(&v, at, sizeof(T));
        if constexpr (E::kFloat) {
          s.f = static_cast<double>(E::Load(v));
        } else {
          s.i = static_cast<int64_t>(v);
        }
      } else {
        T v;
        if constexpr (E::kFloat) {
          v = E::Store(E::FromDouble(s.f));
        } else {
          v = static_cast<T>(s.i);
        }
        std::memcpy(at, &v, sizeof(T));
      }
    });
    return true;
  } else if constexpr (std::is_same_v<Op, ops::AddPtr>) {
    const ViewState* view;
    if (!ex.View(o[1], &view)) return false;
    ViewState v = *view;
    if (__builtin_add_overflow(v.offset, ex.scalar(o[2]).i, &v.offset)) {
      return ex.Fault(StrCat("offset ", ex.scalar(o[2]).i, " moves the pointer out of range"));
    }
    ex.view(o[0]) = v;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::GetViewDim>) {
    const ViewState* view;
    if (!ex.View(o[1], &view)) return false;
    const ViewState& v = *view;
    int64_t k = ex.scalar(o[2]).i;
    if (k < 0 || k >= v.rank) {
      return ex.Fault(StrCat(ex.ViewName(o[1]), " has rank ", v.rank, ", so it has no dimension ",
                             k));
    }
    ex.scalar(o[0]).i = ex.Wrap(o[0], v.shape[k]);
    return true;
  } else {
    static_assert(std::is_same_v<Op, ops::BlockInfo>);
    const BlockInfo& b = ex.block();
    const int64_t values[4] = {b.block_idx, b.block_num, b.subblock_idx, b.subblock_num};
    ex.scalar(o[0]).i = ex.Wrap(o[0], values[o[1]]);
    return true;
  }
}

// d becomes a's bytes under d's type: an alias when d has no storage of its own yet, else a
// copy of the whole buffer.
template <typename Op>
bool ExecReshape(Executor& ex, const Instr& in) {
  TileState& d = ex.tile(in.operands[0]);
  TileRef a;
  if (!ex.Tile(in.operands[1], &a)) return false;
  const TileReg& dst = ex.function().tiles[in.operands[0]];
  if (d.addr == kUnboundAddress) {
    d.addr = a.addr;
  } else if (d.addr != a.addr) {
    std::memmove(ex.local().At(a.type->mem, d.addr), a.base, a.bytes());
  }
  const TileType& t = dst.type;
  d.valid_rows = t.valid_rows == kDynamic ? t.rows : t.valid_rows;
  d.valid_cols = t.valid_cols == kDynamic ? t.cols : t.valid_cols;
  return true;
}

// Prints the tile row by row: valid elements, then a bar and the rest of the row.
template <typename Op>
bool ExecPrint(Executor& ex, const Instr& in) {
  TileRef t;
  if (!ex.Tile(in.operands[0], &t)) return false;
  // Blocks and cores print from threads of their own: say which one printed.
  std::string who = ex.core().Name();
  if (ex.block().block_num > 1) {
    who = StrCat("block ", ex.block().block_idx, who.empty() ? "" : ", ", who);
  }
  std::string out = StrCat(who.empty() ? "" : "[" + who + "] ", ex.TileName(t.reg), " = ",
                           t.type->ToString(), " valid ", t.valid_rows, "x", t.valid_cols, "\n");
  WithStorageType(t.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    char buf[48];
    for (int32_t r = 0; r < t.type->rows; ++r) {
      if (r == t.valid_rows) out += "  ----\n";
      out += " ";
      for (int32_t c = 0; c < t.type->cols; ++c) {
        if (c == t.valid_cols) out += " |";
        auto v = E::Load(*t.At<T>(r, c));
        if constexpr (E::kFloat) {
          std::snprintf(buf, sizeof buf, " %6.2f", static_cast<double>(v));
        } else if constexpr (std::is_same_v<T, uint64_t>) {  // above INT64_MAX as unsigned
          std::snprintf(buf, sizeof buf, " %6" PRIu64, static_cast<uint64_t>(v));
        } else {
          std::snprintf(buf, sizeof buf, " %6" PRId64, static_cast<int64_t>(v));
        }
        out += buf;
      }
      out += "\n";
    }
  });
  std::fputs(out.c_str(), stdout);
  return true;
}

namespace ops {
struct SetFlagDyn {};
struct WaitFlagDyn {};
}  // namespace ops

template <typename Op>
bool ExecSync(Executor& ex, const Instr& in) {
  // One core executes in program order: every wait is already satisfied. Run-time event ids
  // are still checked.
  if constexpr (std::is_same_v<Op, ops::SetFlagDyn> || std::is_same_v<Op, ops::WaitFlagDyn>) {
    int64_t id = ex.scalar(in.operands[0]).i;
    if (id < 0 || id > 7) return ex.Fault(StrCat("event id ", id, " is not EVENT_ID0..7"));
  }
  return true;
}

namespace ops {
struct TSetVal {};
struct TGetVal {};
}  // namespace ops

// tsetval / tgetval: one element of a vec tile, by its offset in the tile's storage.
template <typename Op>
bool ExecElement(Executor& ex, const Instr& in) {
  constexpr bool kSet = std::is_same_v<Op, ops::TSetVal>;
  const uint32_t* o = in.operands;
  TileRef t;
  if (!ex.Tile(kSet ? o[0] : o[1], &t)) return false;
  const int64_t k = ex.scalar(kSet ? o[1] : o[2]).i;
  const int64_t count = static_cast<int64_t>(t.type->rows) * t.type->cols;
  if (k < 0 || k >= count) {
    return ex.Fault(StrCat("offset ", k, " is outside ", ex.TileName(t.reg), " (", count,
                           " elements)"));
  }
  WithStorageType(t.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    T* at = reinterpret_cast<T*>(t.base) + k;
    if constexpr (kSet) {
      *at = E::Store(ScalarAs<T>(ex, o[2]));
    } else {
      // The verifier makes the result register float exactly when the tile is.
      Slot& s = ex.scalar(o[0]);
      if constexpr (E::kFloat) {
        s.f = ex.Round(o[0], static_cast<double>(E::Load(*at)));
      } else {
        s.i = ex.Wrap(o[0], static_cast<int64_t>(*at));
      }
    }
  });
  return true;
}

#define PTO_IMPLEMENTS_Element PTO_YES
#define PTO_IMPLEMENTS_Memory PTO_YES
#define PTO_IMPLEMENTS_Reshape PTO_YES
#define PTO_IMPLEMENTS_Print PTO_YES
#define PTO_IMPLEMENTS_Sync PTO_YES
#include "interp/instantiate.inc"

}  // namespace pto::interp
