// The communication instructions: transfers between global-memory views through staging tiles
// (tput, tget), i32 signals (tnotify, twait, ttest) and the collectives over a group of peer
// views (tbroadcast, comm_tgather, comm_tscatter, treduce). On the NPU the views of another rank
// are mapped into global memory; here every view points into the launch's global buffers, and
// the ranks are the blocks of the launch (docs/semantics.md).
#include <cstring>

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/scalar/block_sync.h"
#include "pto/interp/vm/signal_hub.h"
#include "pto/interp/tile/tile_shared.h"
#include "pto/interp/vm/view_mapping.h"

namespace pto::interp {

namespace ops {
struct Put {};
struct Get {};
struct Notify {};
struct Wait {};
struct Test {};
struct Broadcast {};
struct Gather {};
struct Scatter {};
struct Reduce {};
struct PutAsync {};
struct GetAsync {};
}  // namespace ops

namespace {

using view_mapping::Geometry;

std::string GeometryText(const Geometry& g) {
  return view_mapping::ShapeText(g.dim, kMaxViewRank);
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
      for (int64_t c = 0; c < g.dim[4]; ++c) fn(g.Index(v.offset, o, r, c));
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

// The (DIM_3, DIM_4) planes of a view's outer indices, cut into chunks of a staging tile's
// valid shape (the ISA's "2-D sliding"): fn(outer, row0, col0, rows, cols, chunk number).
template <typename Fn>
void ForChunks(const Geometry& g, int32_t tile_rows, int32_t tile_cols, Fn&& fn) {
  const int64_t outer = g.dim[0] * g.dim[1] * g.dim[2];
  int chunk = 0;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t r0 = 0; r0 < g.dim[3]; r0 += tile_rows) {
      for (int64_t c0 = 0; c0 < g.dim[4]; c0 += tile_cols) {
        fn(o, r0, c0, std::min<int64_t>(tile_rows, g.dim[3] - r0),
           std::min<int64_t>(tile_cols, g.dim[4] - c0), chunk++);
      }
    }
  }
}

// One chunk of a view in global memory.
struct Chunk {
  const ViewState* view;
  Geometry g;
  uint8_t* bytes;
  int64_t o, r0, c0, rows, cols;
  int64_t Index(int64_t i, int64_t j) const { return g.Index(view->offset, o, r0 + i, c0 + j); }
};

template <typename T>
void LoadChunk(const TileRef& t, const Chunk& c) {
  const T* gm = reinterpret_cast<const T*>(c.bytes);
  for (int64_t i = 0; i < c.rows; ++i) {
    for (int64_t j = 0; j < c.cols; ++j) {
      *t.At<T>(static_cast<int32_t>(i), static_cast<int32_t>(j)) = gm[c.Index(i, j)];
    }
  }
}

template <typename T>
void StoreChunk(const TileRef& t, const Chunk& c, bool add) {
  T* gm = reinterpret_cast<T*>(c.bytes);
  for (int64_t i = 0; i < c.rows; ++i) {
    for (int64_t j = 0; j < c.cols; ++j) {
      T v = *t.At<T>(static_cast<int32_t>(i), static_cast<int32_t>(j));
      T& d = gm[c.Index(i, j)];
      d = add ? Elem<T>::Store(ops::Add::Apply(Elem<T>::Load(d), Elem<T>::Load(v))) : v;
    }
  }
}

// The staging tiles of a transfer: ping, and pong (or null); chunks alternate between them.
struct Staging {
  TileRef tiles[2];
  bool has_pong = false;
  const TileRef& For(int chunk) const { return tiles[has_pong ? chunk % 2 : 0]; }
};

// Moves \a src to \a dst (same padded shape) chunk by chunk through the staging tiles, so the
// tiles hold the last chunks afterwards, as on the NPU.
template <typename T>
void Transfer(Executor& ex, const ViewState& dst, const ViewState& src, const Staging& st,
              bool add) {
  const Geometry gd = view_mapping::Pad(dst), gs = view_mapping::Pad(src);
  uint8_t* out = ex.globals()[dst.buffer].bytes.data();
  uint8_t* in = ex.globals()[src.buffer].bytes.data();
  SignalHub* hub = ex.core().signals;
  ForChunks(gs, st.tiles[0].valid_rows, st.tiles[0].valid_cols,
            [&](int64_t o, int64_t r0, int64_t c0, int64_t nr, int64_t nc, int chunk) {
              const TileRef& t = st.For(chunk);
              LoadChunk<T>(t, Chunk{&src, gs, in, o, r0, c0, nr, nc});
              auto store = [&] { StoreChunk<T>(t, Chunk{&dst, gd, out, o, r0, c0, nr, nc}, add); };
              // Atomic adds from several blocks into one tensor must not lose updates.
              if (add && hub) {
                hub->Update(store);
              } else {
                store();
              }
            });
}

// Reads the staging tiles at operands \a at and \a at + 1 (optional) and checks them.
bool ReadStaging(Executor& ex, const Instr& in, int at, Staging* st) {
  if (!ex.Tile(in.operands[at], &st->tiles[0])) return false;
  st->has_pong = in.operands[at + 1] != kNoOperand;
  if (st->has_pong && !ex.Tile(in.operands[at + 1], &st->tiles[1])) return false;
  const TileRef& ping = st->tiles[0];
  if (ping.valid_rows <= 0 || ping.valid_cols <= 0) {
    return ex.Fault(StrCat("the staging tile ", ex.TileName(ping.reg), " has an empty valid shape"));
  }
  const TileRef& pong = st->tiles[1];
  if (st->has_pong && (pong.valid_rows != ping.valid_rows || pong.valid_cols != ping.valid_cols)) {
    return ex.Fault(StrCat("the staging tiles have valid shapes ",
                           ping.valid_rows, "x", ping.valid_cols, " and ", pong.valid_rows, "x",
                           pong.valid_cols, "; they must match"));
  }
  return true;
}

// Checks a view a transfer reads or writes: a tensor view of \a size-byte elements, inside its
// buffer.
bool CheckDataView(Executor& ex, uint32_t reg, int size, const ViewState** v) {
  if (!ex.View(reg, v)) return false;
  const std::string name = ex.ViewName(reg);
  if ((*v)->rank == 0) {
    return ex.Fault(StrCat("moves between tensor views, but ", name, " is a bare pointer"));
  }
  const GlobalBuffer& buf = ex.globals()[(*v)->buffer];
  if (DTypeSize(buf.dtype) != size) {
    return ex.Fault(StrCat("the staging tiles hold ", size * 8, "-bit elements, but ", name,
                           " points into ", buf.name, " of ", DTypeName(buf.dtype)));
  }
  return view_mapping::CheckInBuffer(ex, **v, name.c_str());
}

bool SameShape(Executor& ex, uint32_t a_reg, const ViewState& a, uint32_t b_reg,
               const ViewState& b) {
  const Geometry ga = view_mapping::Pad(a), gb = view_mapping::Pad(b);
  for (int i = 0; i < kMaxViewRank; ++i) {
    if (ga.dim[i] != gb.dim[i]) {
      return ex.Fault(StrCat("needs views of one shape, but ", ex.ViewName(a_reg),
                             " is ", GeometryText(ga), " and ", ex.ViewName(b_reg), " is ",
                             GeometryText(gb)));
    }
  }
  return true;
}

template <typename Op>
bool ExecCommTransfer(Executor& ex, const Instr& in) {
  Staging st;
  if (!ReadStaging(ex, in, 2, &st)) return false;
  const int size = DTypeSize(st.tiles[0].type->dtype);
  const ViewState *dst, *src;
  if (!CheckDataView(ex, in.operands[0], size, &dst) ||
      !CheckDataView(ex, in.operands[1], size, &src) ||
      !SameShape(ex, in.operands[0], *dst, in.operands[1], *src)) {
    return false;
  }
  const bool add = std::is_same_v<Op, ops::Put> && in.operands[4] == 1;
  WithStorageType(st.tiles[0].type->dtype,
                  [&](auto tag) { Transfer<decltype(tag)>(ex, *dst, *src, st, add); });
  return true;
}

// The peer views of a collective: operands [at, at + 16), the present ones in order.
constexpr int kMaxPeers = 16;
bool ReadPeers(Executor& ex, const Instr& in, int at, int size,
               std::vector<const ViewState*>* peers, std::vector<uint32_t>* regs) {
  for (int k = 0; k < kMaxPeers; ++k) {
    uint32_t reg = in.operands[at + k];
    if (reg == kNoOperand) continue;
    const ViewState* v;
    if (!CheckDataView(ex, reg, size, &v)) return false;
    peers->push_back(v);
    regs->push_back(reg);
  }
  return true;
}

// Rows [r * h, (r + 1) * h) of \a v along DIM_3.
ViewState RowBlock(const ViewState& v, int64_t r, int64_t h) {
  ViewState part = v;
  const int dim3 = v.rank - 2;  // rank 1 views have a DIM_3 of 1 (only r = 0 fits)
  if (dim3 >= 0) {
    part.offset += r * h * v.stride[dim3];
    part.shape[dim3] = h;
  }
  return part;
}

// tbroadcast, comm_tgather, comm_tscatter: operands view, ping, pong, peers..., root.
template <typename Op>
bool ExecSpread(Executor& ex, const Instr& in) {
  constexpr bool kGather = std::is_same_v<Op, ops::Gather>;
  constexpr bool kScatter = std::is_same_v<Op, ops::Scatter>;
  Staging st;
  if (!ReadStaging(ex, in, 1, &st)) return false;
  const int size = DTypeSize(st.tiles[0].type->dtype);
  const ViewState* local;
  std::vector<const ViewState*> peers;
  std::vector<uint32_t> regs;
  if (!CheckDataView(ex, in.operands[0], size, &local) ||
      !ReadPeers(ex, in, 3, size, &peers, &regs)) {
    return false;
  }
  const int64_t n = static_cast<int64_t>(peers.size());
  const uint32_t root = in.operands[3 + kMaxPeers];
  if (root >= n) {
    return ex.Fault(StrCat("root ", root, " is not a peer: the group has ", n));
  }
  for (int64_t r = 0; r < n; ++r) {
    if (!SameShape(ex, regs[0], *peers[0], regs[r], *peers[r])) return false;
  }
  const Geometry gp = view_mapping::Pad(*peers[0]);
  const int64_t h = gp.dim[3];
  if (kGather || kScatter) {
    Geometry want = gp, got = view_mapping::Pad(*local);
    want.dim[3] = h * n;
    bool fits = local->rank >= 2 || n == 1;
    for (int i = 0; i < kMaxViewRank; ++i) fits &= want.dim[i] == got.dim[i];
    if (!fits) {
      return ex.Fault(StrCat("joins ", n, " peers of ", GeometryText(gp),
                             " along dimension 3, so ", ex.ViewName(in.operands[0]),
                             " must be ", GeometryText(want), ", not ", GeometryText(got)));
    }
  } else if (!SameShape(ex, in.operands[0], *local, regs[0], *peers[0])) {
    return false;
  }
  WithStorageType(st.tiles[0].type->dtype, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t r = 0; r < n; ++r) {
      if (kGather) {
        Transfer<T>(ex, RowBlock(*local, r, h), *peers[r], st, false);
      } else if (kScatter) {
        Transfer<T>(ex, *peers[r], RowBlock(*local, r, h), st, false);
      } else {
        Transfer<T>(ex, *peers[r], *local, st, false);
      }
    }
  });
  return true;
}

// treduce: operands dst, acc, ping, pong, peers..., reduceOp, root. Per chunk: acc = the
// root's chunk, then acc = acc op (each other peer's chunk, in order), then dst = acc.
template <typename T>
void ReduceChunks(Executor& ex, const ViewState& dst, const std::vector<const ViewState*>& peers,
                  const TileRef& acc, const Staging& st, uint32_t op, uint32_t root) {
  const Geometry gd = view_mapping::Pad(dst);
  uint8_t* out = ex.globals()[dst.buffer].bytes.data();
  auto combine = [op](auto a, auto b) {
    return op == 0 ? ops::Add::Apply(a, b) : op == 1 ? ops::Max::Apply(a, b) : ops::Min::Apply(a, b);
  };
  int received = 0;
  ForChunks(gd, acc.valid_rows, acc.valid_cols,
            [&](int64_t o, int64_t r0, int64_t c0, int64_t nr, int64_t nc, int) {
              auto chunk_of = [&](const ViewState* v) {
                return Chunk{v, view_mapping::Pad(*v), ex.globals()[v->buffer].bytes.data(),
                             o, r0, c0, nr, nc};
              };
              LoadChunk<T>(acc, chunk_of(peers[root]));
              for (uint32_t r = 0; r < peers.size(); ++r) {
                if (r == root) continue;
                const TileRef& recv = st.For(received++);
                LoadChunk<T>(recv, chunk_of(peers[r]));
                for (int32_t i = 0; i < nr; ++i) {
                  for (int32_t j = 0; j < nc; ++j) {
                    T* a = acc.At<T>(i, j);
                    *a = Elem<T>::Store(combine(Elem<T>::Load(*a), Elem<T>::Load(*recv.At<T>(i, j))));
                  }
                }
              }
              StoreChunk<T>(acc, Chunk{&dst, gd, out, o, r0, c0, nr, nc}, false);
            });
}

bool ExecReduce(Executor& ex, const Instr& in) {
  TileRef acc;
  Staging st;
  if (!ex.Tile(in.operands[1], &acc) || !ReadStaging(ex, in, 2, &st)) return false;
  if (acc.valid_rows != st.tiles[0].valid_rows || acc.valid_cols != st.tiles[0].valid_cols) {
    return ex.Fault(StrCat("the accumulator ", ex.TileName(acc.reg), " has a valid "
                           "shape of ", acc.valid_rows, "x", acc.valid_cols, " but the receive "
                           "tile ", st.tiles[0].valid_rows, "x", st.tiles[0].valid_cols));
  }
  const int size = DTypeSize(acc.type->dtype);
  const ViewState* dst;
  std::vector<const ViewState*> peers;
  std::vector<uint32_t> regs;
  if (!CheckDataView(ex, in.operands[0], size, &dst) ||
      !ReadPeers(ex, in, 4, size, &peers, &regs)) {
    return false;
  }
  const uint32_t op = in.operands[4 + kMaxPeers], root = in.operands[5 + kMaxPeers];
  if (root >= peers.size()) {
    return ex.Fault(StrCat("root ", root, " is not a peer: the group has ", peers.size()));
  }
  for (size_t r = 0; r < peers.size(); ++r) {
    if (!SameShape(ex, in.operands[0], *dst, regs[r], *peers[r])) return false;
  }
  bool supported = WithStorageType(acc.type->dtype, [&](auto tag) {
    ReduceChunks<decltype(tag)>(ex, *dst, peers, acc, st, op, root);
  });
  return supported || ex.Fault("cannot reduce this element type");
}

bool ExecNotify(Executor& ex, const Instr& in) {
  const ViewState* v;
  int32_t* words;
  if (!SignalWords(ex, in.operands[0], &v, &words)) return false;
  const int32_t k = static_cast<int32_t>(ex.scalar(in.operands[1]).i);
  const bool set = in.operands[2] == 1;  // NotifyOp: AtomicAdd = 0, Set = 1
  SignalHub* hub = ex.core().signals;
  const std::vector<uint32_t>* release = ex.core().comm_release;
  auto update = [&] {
    ForEachElement(*v, [&](int64_t i) {
      words[i] = set ? k : static_cast<int32_t>(static_cast<uint32_t>(words[i]) + k);
      if (release && hub) hub->Release(v->buffer, i, *release);
    });
  };
  if (hub) {
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
  SignalHub* hub = ex.core().signals;
  std::vector<uint32_t>* acquire = ex.core().comm_acquire;
  std::function<bool()> satisfied = [&] {
    bool all = true;
    ForEachElement(*v, [&](int64_t i) { all &= Compare(words[i], cmp, k); });
    // ptorun --check: what the notifies of words that satisfy it released (under the lock).
    if (all && acquire && hub) ForEachElement(*v, [&](int64_t i) { hub->Acquire(v->buffer, i, acquire); });
    return all;
  };
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
    return ex.Fault(StrCat("would wait forever: ", what, " and no other block runs"));
  }
  return WaitUntil(ex, *hub, satisfied, what);
}

// tput_async / tget_async: dst = src, element by element, complete when the instruction ends
// (the DMA session's event is then already done; docs/semantics.md).
bool ExecCopyAsync(Executor& ex, const Instr& in) {
  const ViewState *dst, *src;
  if (!ex.View(in.operands[0], &dst) || !ex.View(in.operands[1], &src)) return false;
  const int size = DTypeSize(ex.globals()[dst->buffer].dtype);
  if (!CheckDataView(ex, in.operands[0], size, &dst) ||
      !CheckDataView(ex, in.operands[1], size, &src) ||
      !SameShape(ex, in.operands[0], *dst, in.operands[1], *src)) {
    return false;
  }
  uint8_t* out = ex.globals()[dst->buffer].bytes.data();
  const uint8_t* from = ex.globals()[src->buffer].bytes.data();
  std::vector<int64_t> reads;
  ForEachElement(*src, [&](int64_t i) { reads.push_back(i); });
  size_t k = 0;
  ForEachElement(*dst, [&](int64_t i) {
    std::memmove(out + i * size, from + reads[k++] * size, size);
  });
  return true;
}

}  // namespace

template <typename Op>
bool ExecComm(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::Put> || std::is_same_v<Op, ops::Get>) {
    return ExecCommTransfer<Op>(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::Notify>) {
    return ExecNotify(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::Broadcast> || std::is_same_v<Op, ops::Gather> ||
                       std::is_same_v<Op, ops::Scatter>) {
    return ExecSpread<Op>(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::Reduce>) {
    return ExecReduce(ex, in);
  } else {
    return ExecCondition<Op>(ex, in);
  }
}

template <typename Op>
bool ExecCommAsync(Executor& ex, const Instr& in) {
  return ExecCopyAsync(ex, in);  // PutAsync, GetAsync: the same copy, the direction in the views
}

#define PTO_IMPLEMENTS_Comm PTO_YES
#define PTO_IMPLEMENTS_CommAsync PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
