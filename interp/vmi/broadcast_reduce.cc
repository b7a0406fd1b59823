// The VmiBroadcast and VmiReduce families (vmi-isa 02, 04, 05): values fanned out over lanes
// and lanes folded into C slots.
//
// - vbrc of a scalar sets every lane; vbrc of a compact V<C x T> (and group_broadcast) gives
//   slot g to the L / C lanes of group g.
// - vci: lane i holds base + i (ASC) or base - i (DESC), restarting in each of C groups.
// - vcadd, vcmax, vcmin, group_reduce_addi: group g's active lanes folded into slot g (one
//   slot without a group); inactive lanes count as the identity. Float sums follow the
//   lowering PTOAS documents (docs/semantics.md "VMI layer"): a group's 32-byte blocks are
//   added in turn (vadd) and the block then summed in a tree of halves (vcgadd); without a
//   group the 256-byte registers are added in turn and summed in a tree (vcadd); a group
//   smaller than a block is summed in a tree. f16 sums add in f32 and round once at the end.
//   Integer sums wrap to the element type.
#include <cmath>
#include <limits>
#include <vector>

#include "pto/interp/element/vector_sum.h"
#include "pto/interp/tile/tile_shared.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace ops {
struct Scalar {};
struct Slots {};
struct GroupSlots {};
struct Index {};
struct ReduceAdd {};
struct ReduceMax {};
struct ReduceMin {};
struct GroupAdd {};
}  // namespace ops

namespace {

template <typename T>
using Compute = typename Elem<T>::C;

// The sum of \a n lanes \a v (active per \a on) as the lowering adds them: \a chunk lanes at a
// time added in turn, then the chunk in a tree.
template <typename T, typename On>
Compute<T> FoldSum(const T* v, int n, int chunk, On on) {
  using C = Compute<T>;
  int width = 1;
  while (width < std::min(chunk, n)) width *= 2;
  std::vector<C> acc(static_cast<size_t>(width), C{});
  for (int at = 0; at < n; at += chunk) {
    for (int j = 0; j < chunk && at + j < n; ++j) {
      const C x = on(at + j) ? Elem<T>::Load(v[at + j]) : C{};
      acc[static_cast<size_t>(j)] = at == 0 ? x : acc[static_cast<size_t>(j)] + x;
    }
  }
  return TreeSum(acc.data(), width);
}

template <typename T, bool kMax, typename On>
Compute<T> Extremum(const T* v, int n, On on) {
  using C = Compute<T>;
  C best;
  if constexpr (Elem<T>::kFloat) {
    best = kMax ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  } else {
    best = kMax ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
  }
  for (int i = 0; i < n; ++i) {
    if (!on(i)) continue;
    const C x = Elem<T>::Load(v[i]);
    if constexpr (Elem<T>::kFloat) {
      if (std::isnan(x)) return x;  // a NaN lane wins, the first one
    }
    if (kMax ? x > best : x < best) best = x;
  }
  return best;
}

template <typename Op, typename T>
void ReduceGroups(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int slots = vmi::VecLanes(ex, o[0]);
  const int n = vmi::VecLanes(ex, o[1]);
  const int size = n / slots;
  const vmi::Governing m = vmi::MaskOf(ex, o[2]);
  const T* a = vmi::Lanes<T>(ex, o[1]);
  T* d = vmi::Lanes<T>(ex, o[0]);
  const int esz = static_cast<int>(sizeof(T));
  // Lanes added elementwise before the tree: a 256-byte register without a group, a 32-byte
  // block with one whose groups span whole blocks, else the whole group.
  const int chunk = slots == 1 ? kVectorBytes / esz : size * esz % 32 == 0 ? 32 / esz : size;
  for (int g = 0; g < slots; ++g) {
    const int first = g * size;
    auto on = [&](int i) { return m.On(first + i); };
    Compute<T> r;
    if constexpr (std::is_same_v<Op, ops::ReduceMax>) {
      r = Extremum<T, true>(a + first, size, on);
    } else if constexpr (std::is_same_v<Op, ops::ReduceMin>) {
      r = Extremum<T, false>(a + first, size, on);
    } else {
      r = FoldSum<T>(a + first, size, chunk, on);
    }
    d[g] = Elem<T>::Store(r);
  }
}

}  // namespace

template <typename Op>
bool ExecVmiBroadcast(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  WithStorageType(vmi::VecType(ex, o[0]), [&](auto tag) {
    using T = decltype(tag);
    T* d = vmi::Lanes<T>(ex, o[0]);
    if constexpr (std::is_same_v<Op, ops::Scalar>) {
      const T k = Elem<T>::Store(ScalarAs<T>(ex, o[1]));
      for (int i = 0; i < n; ++i) d[i] = k;
    } else if constexpr (std::is_same_v<Op, ops::Index>) {
      const Compute<T> base = ScalarAs<T>(ex, o[1]);
      const int size = o[3] > 1 ? n / static_cast<int>(o[3]) : n;
      const bool descending = o[2] == 1;
      for (int i = 0; i < n; ++i) {
        const int step = i % size;
        if constexpr (Elem<T>::kFloat) {
          d[i] = Elem<T>::Store(descending ? base - static_cast<float>(step)
                                           : base + static_cast<float>(step));
        } else {
          d[i] = Elem<T>::Store(descending ? ops::WrapSub(base, step) : ops::WrapAdd(base, step));
        }
      }
    } else {  // slots fanned out: slot g over the lanes of group g
      const T* a = vmi::Lanes<T>(ex, o[1]);
      const int size = n / vmi::VecLanes(ex, o[1]);
      for (int i = n - 1; i >= 0; --i) d[i] = a[i / size];  // from the top: d may be a
    }
  });
  return true;
}

template <typename Op>
bool ExecVmiReduce(Executor& ex, const Instr& in) {
  WithStorageType(vmi::VecType(ex, in.operands[0]), [&](auto tag) {
    using T = decltype(tag);
    ReduceGroups<Op, T>(ex, in);
  });
  return true;
}

#define PTO_IMPLEMENTS_VmiBroadcast PTO_YES
#define PTO_IMPLEMENTS_VmiReduce PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
