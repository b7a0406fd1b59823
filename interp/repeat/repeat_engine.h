// The repeat engine the A2/A3 vector instructions share: it reads an instruction's pointers,
// strides and mask (repeat_operands.h), checks them with the words ptoas uses
// (common/isa/repeat_model.h), checks bounds on the active lanes and the overlap rules, and
// then calls the instruction's lane function repeat by repeat, every read of a repeat before
// any of its writes.
#ifndef PTO_INTERP_REPEAT_REPEAT_ENGINE_H_
#define PTO_INTERP_REPEAT_REPEAT_ENGINE_H_

#include <cstring>

#include "pto/common/isa/repeat_model.h"
#include "pto/common/isa/repeat_operands.h"
#include "pto/interp/executor.h"

namespace pto::interp::rpt {

/// One decoded instruction: its geometry and the UB bytes behind each pointer.
struct Geometry {
  repeat::Shape shape;
  repeat::Operand x[3];  ///< dst, then the sources
  int pointers = 0;
  int64_t repeats = 0;   ///< the repeats that run
  uint8_t* ub = nullptr;  ///< UB's first byte: lane addresses index it
  DType dtype = DType::kInvalid;
};

/// Reads and checks everything but the scalar: the mask (or the core's mask state), repeat,
/// strides, UB bases, the active lanes' bounds and, with \a overlap_rules, the overlap rules
/// (\a accumulate: the binary exception). Faults with the reason.
bool Decode(Executor& ex, const Instr& in, const RepeatOperands& at, bool accumulate,
            Geometry* g);

/// Whether every operand covers whole repeats contiguously (block stride 1, repeat stride 8)
/// and every lane of every repeat is active: then the instruction is one run of
/// repeats x lanes elements per operand.
bool IsOneRun(const Geometry& g);

/// Calls fn(j, addr) for each active lane j of repeat \a r, in ascending order, with addr[p]
/// the byte address of lane j of pointer p.
template <typename Fn>
void ForActiveLanes(const Geometry& g, int64_t r, Fn&& fn) {
  const repeat::LaneMask m = repeat::ActiveLanes(g.shape, r);
  const int bytes = g.shape.elem_bytes;
  const int epb = repeat::LanesPerBlock(bytes);
  int64_t block_base[3];
  for (int b = 0; b < repeat::kBlocksPerRepeat; ++b) {
    const int first = b * epb;
    const uint64_t word = first < 64 ? m.lo : m.hi;
    const uint64_t bits = (word >> (first % 64)) & ((uint64_t{1} << epb) - 1);
    if (bits == 0) continue;
    for (int p = 0; p < g.pointers; ++p) {
      const repeat::Operand& x = g.x[p];
      block_base[p] = x.base + repeat::kBlockBytes * (r * x.rep_stride + b * x.blk_stride);
    }
    for (int k = 0; k < epb; ++k) {
      if (!((bits >> k) & 1)) continue;
      int64_t addr[3];
      for (int p = 0; p < g.pointers; ++p) addr[p] = block_base[p] + k * bytes;
      fn(first + k, addr);
    }
  }
}

template <typename T>
T LoadAt(const Geometry& g, int64_t addr) {
  T v;
  std::memcpy(&v, g.ub + addr, sizeof(T));
  return v;
}
template <typename T>
void StoreAt(const Geometry& g, int64_t addr, T v) {
  std::memcpy(g.ub + addr, &v, sizeof(T));
}

/// Runs the instruction lane by lane: compute(addr) gives lane's result from the source
/// addresses addr[1..]; results are stored at addr[0] after the whole repeat has been read.
template <typename T, typename Compute>
void RunLanes(const Geometry& g, Compute&& compute) {
  T out[repeat::kRepeatBytes / sizeof(T)];
  int64_t where[repeat::kRepeatBytes / sizeof(T)];
  for (int64_t r = 0; r < g.repeats; ++r) {
    int n = 0;
    ForActiveLanes(g, r, [&](int, const int64_t* addr) {
      out[n] = compute(addr);
      where[n++] = addr[0];
    });
    for (int i = 0; i < n; ++i) StoreAt<T>(g, where[i], out[i]);  // ascending lanes: last wins
  }
}

}  // namespace pto::interp::rpt

#endif  // PTO_INTERP_REPEAT_REPEAT_ENGINE_H_
