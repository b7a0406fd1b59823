// The communication instructions: transfers between global-memory views through staging tiles
// (tput, tget) and i32 signals (tnotify, twait, ttest). On the NPU the views of another rank
// are mapped into global memory; here every view points into the launch's global buffers, and
// the ranks are the blocks of the launch (docs/semantics.md).
#include <cstring>

#include "common/isa/attributes.h"
#include "common/strings.h"
#include "interp/kernels.h"
#include "interp/signal_hub.h"
#include "interp/view_mapping.h"

namespace pto::interp {

namespace ops {
struct Put {};
struct Get {};
struct Notify {};
struct Wait {};
struct Test {};
}  // namespace ops

namespace {

using view_mapping::Geometry;

// Global element index of (outer block o, row r, column c) of a padded view: the three outer
// dimensions are walked as one.
int64_t ElementIndex(const ViewState& v, const Geometry& g, int64_t o, int64_t r, int64_t c) {
  int64_t i2 = o % g.dim[2], i1 = (o / g.dim[2]) % g.dim[1], i0 = o / (g.dim[2] * g.dim[1]);
  return v.offset + i0 * g.stride[0] + i1 * g.stride[1] + i2 * g.stride[2] + r * g.stride[3] +
         c * g.stride[4];
}

std::string GeometryText(const Geometry& g) {
  return StrCat(g.dim[0], "x", g.dim[1], "x", g.dim[2], "x", g.dim[3], "x", g.dim[4]);
}

// The signal view's i32 words, checked: the view lies in an i32 buffer.
bool SignalWords(Executor& ex, uint32_t reg, const ViewState** view, int32_t** words) {
  if (!ex.View(reg, view)) return false;
  const ViewState& v = **view;
  std::string name = ex.ViewName(reg);
  if (v.rank == 0) return ex.Fault(StrCat(name, " is a bare pointer; give the signal a shape"));
  GlobalBuffer& buf = ex.globals()[v.buffer];
  if (DTypeSize(buf.dtype) != 4) {
    return ex.Fault(StrCat("the signal ", name, " points into ", buf.name, " of ",
                           DTypeName(buf.dtype), " elements; signals are i32"));
  }
  if (!view_mapping::CheckInBuffer(ex, v, name.c_str())) return false;
  *words = reinterpret_cast<int32_t*>(buf.bytes.data());
  return true;
}

// Calls fn(index) for every element of a view.
template <typename Fn>
void ForEachElement(const ViewState& v, Fn&& fn) {
  Geometry g = view_mapping::Pad(v);
  const int64_t outer = g.dim[0] * g.dim[1] * g.dim[2];
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t r = 0; r < g.dim[3]; ++r) {
      for (int64_t c = 0; c < g.dim[4]; ++c) fn(ElementIndex(v, g, o, r, c));
    }
  }
}

bool Compare(int64_t value, uint32_t cmp, int64_t k) {
  switch (cmp) {  // WaitCmp order: EQ NE GT GE LT LE
    case 0: return value == k;
    case 1: return value != k;
    case 2: return value > k;
    case 3: return value >= k;
    case 4: return value < k;
    default: return value <= k;
  }
}

const char* kCmpNames[] = {"==", "!=", ">", ">=", "<", "<="};

// Moves \a src to \a dst in chunks of the staging tile's valid shape, alternating between the
// ping and pong tiles: each chunk is loaded into the tile and stored (or added) from it, so
// the staging tiles hold the last chunks afterwards, as on the NPU.
template <typename T>
void Transfer(const ViewState& dst, const ViewState& src, uint8_t* dst_bytes,
              const uint8_t* src_bytes, const TileRef* staging[2], bool add, SignalHub* hub) {
  const Geometry gd = view_mapping::Pad(dst), gs = view_mapping::Pad(src);
  T* out = reinterpret_cast<T*>(dst_bytes);
  const T* in = reinterpret_cast<const T*>(src_bytes);
  const int64_t outer = gs.dim[0] * gs.dim[1] * gs.dim[2];
  const int64_t rows = gs.dim[3], cols = gs.dim[4];
  const int32_t tr = staging[0]->valid_rows, tc = staging[0]->valid_cols;
  int chunk = 0;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t r0 = 0; r0 < rows; r0 += tr) {
      for (int64_t c0 = 0; c0 < cols; c0 += tc, ++chunk) {
        const TileRef& t = *staging[staging[1] ? chunk % 2 : 0];
        const int64_t nr = std::min<int64_t>(tr, rows - r0), nc = std::min<int64_t>(tc, cols - c0);
        for (int64_t i = 0; i < nr; ++i) {
          for (int64_t j = 0; j < nc; ++j) {
            *t.At<T>(static_cast<int32_t>(i), static_cast<int32_t>(j)) =
                in[ElementIndex(src, gs, o, r0 + i, c0 + j)];
          }
        }
        auto store = [&] {
          for (int64_t i = 0; i < nr; ++i) {
            for (int64_t j = 0; j < nc; ++j) {
              T v = *t.At<T>(static_cast<int32_t>(i), static_cast<int32_t>(j));
              T& d = out[ElementIndex(dst, gd, o, r0 + i, c0 + j)];
              d = add ? Elem<T>::Store(ops::Add::Apply(Elem<T>::Load(d), Elem<T>::Load(v))) : v;
            }
          }
        };
        // Atomic adds from several blocks into one tensor must not lose updates.
        if (add && hub) {
          hub->Update(store);
        } else {
          store();
        }
      }
    }
  }
}

template <typename Op>
bool ExecCommTransfer(Executor& ex, const Instr& in) {
  const ViewState *dst, *src;
  if (!ex.View(in.operands[0], &dst) || !ex.View(in.operands[1], &src)) return false;
  TileRef ping, pong;
  if (!ex.Tile(in.operands[2], &ping)) return false;
  const bool has_pong = in.operands[3] != kNoOperand;
  if (has_pong && !ex.Tile(in.operands[3], &pong)) return false;
  const bool add = std::is_same_v<Op, ops::Put> && in.operands[4] == 1;
  const std::string dname = ex.ViewName(in.operands[0]), sname = ex.ViewName(in.operands[1]);
  const char* mnemonic = std::is_same_v<Op, ops::Put> ? "tput" : "tget";
  if (dst->rank == 0 || src->rank == 0) {
    return ex.Fault(StrCat(mnemonic, " moves between tensor views; ",
                           dst->rank == 0 ? dname : sname, " is a bare pointer"));
  }
  const Geometry gd = view_mapping::Pad(*dst), gs = view_mapping::Pad(*src);
  for (int i = 0; i < kMaxViewRank; ++i) {
    if (gd.dim[i] != gs.dim[i]) {
      return ex.Fault(StrCat(mnemonic, " needs views of one shape, but ", dname, " is ",
                             GeometryText(gd), " and ", sname, " is ", GeometryText(gs)));
    }
  }
  GlobalBuffer& dbuf = ex.globals()[dst->buffer];
  const GlobalBuffer& sbuf = ex.globals()[src->buffer];
  const int size = DTypeSize(ping.type->dtype);
  if (DTypeSize(dbuf.dtype) != size || DTypeSize(sbuf.dtype) != size) {
    return ex.Fault(StrCat(mnemonic, " stages ", DTypeName(ping.type->dtype), " elements, but ",
                           dname, " points into ", DTypeName(dbuf.dtype), " and ", sname,
                           " into ", DTypeName(sbuf.dtype), " data"));
  }
  if (ping.valid_rows <= 0 || ping.valid_cols <= 0) {
    return ex.Fault(StrCat("the staging tile ", ex.TileName(ping.reg), " of ", mnemonic,
                           " has an empty valid shape"));
  }
  if (has_pong && (pong.valid_rows != ping.valid_rows || pong.valid_cols != ping.valid_cols)) {
    return ex.Fault(StrCat("the staging tiles of ", mnemonic, " have valid shapes ",
                           ping.valid_rows, "x", ping.valid_cols, " and ", pong.valid_rows, "x",
                           pong.valid_cols, "; they must match"));
  }
  if (!view_mapping::CheckInBuffer(ex, *dst, dname.c_str()) ||
      !view_mapping::CheckInBuffer(ex, *src, sname.c_str())) {
    return false;
  }
  const TileRef* staging[2] = {&ping, has_pong ? &pong : nullptr};
  WithStorageType(ping.type->dtype, [&](auto tag) {
    Transfer<decltype(tag)>(*dst, *src, dbuf.bytes.data(), sbuf.bytes.data(), staging, add,
                            ex.core().signals);
  });
  return true;
}

bool ExecNotify(Executor& ex, const Instr& in) {
  const ViewState* v;
  int32_t* words;
  if (!SignalWords(ex, in.operands[0], &v, &words)) return false;
  const int32_t k = static_cast<int32_t>(ex.scalar(in.operands[1]).i);
  const bool set = in.operands[2] == 1;  // NotifyOp: AtomicAdd = 0, Set = 1
  auto update = [&] {
    ForEachElement(*v, [&](int64_t i) {
      words[i] = set ? k : static_cast<int32_t>(static_cast<uint32_t>(words[i]) + k);
    });
  };
  if (SignalHub* hub = ex.core().signals) {
    hub->Update(update);
  } else {
    update();
  }
  return true;
}

// twait and ttest: does every word of the signal satisfy the comparison?
template <typename Op>
bool ExecCondition(Executor& ex, const Instr& in) {
  constexpr bool kWait = std::is_same_v<Op, ops::Wait>;
  const int base = kWait ? 0 : 1;
  const ViewState* v;
  int32_t* words;
  if (!SignalWords(ex, in.operands[base], &v, &words)) return false;
  const int64_t k = static_cast<int32_t>(ex.scalar(in.operands[base + 1]).i);
  const uint32_t cmp = in.operands[base + 2];
  std::function<bool()> satisfied = [&] {
    bool all = true;
    ForEachElement(*v, [&](int64_t i) { all &= Compare(words[i], cmp, k); });
    return all;
  };
  SignalHub* hub = ex.core().signals;
  if (!kWait) {
    ex.scalar(in.operands[0]).i = hub ? hub->Test(satisfied) : satisfied();
    return true;
  }
  std::string name = ex.ViewName(in.operands[base]);
  std::string what = StrCat(ex.core().Name().empty() ? "" : StrCat(ex.core().Name(), " of "),
                            "block ", ex.core().info.block_idx, " waits for ", name, " ",
                            kCmpNames[cmp], " ", k);
  if (!hub) {
    if (satisfied()) return true;
    return ex.Fault(StrCat("twait would wait forever: ", what, " and no other block runs"));
  }
  std::string error;
  switch (hub->Wait(satisfied, what, &error)) {
    case SignalHub::Result::kDone:
      return true;
    case SignalHub::Result::kStopped:
      ex.core().stopped = true;
      break;
    case SignalHub::Result::kDeadlock:
      break;
  }
  return ex.Fault(error);
}

}  // namespace

template <typename Op>
bool ExecComm(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::Put> || std::is_same_v<Op, ops::Get>) {
    return ExecCommTransfer<Op>(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::Notify>) {
    return ExecNotify(ex, in);
  } else {
    return ExecCondition<Op>(ex, in);
  }
}

#define PTO_INSTANTIATE_Comm(K) template bool ExecComm<ops::K>(Executor&, const Instr&);
#include "interp/instantiate.inc"

}  // namespace pto::interp
